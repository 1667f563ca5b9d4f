// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QSettings;
class QTableView;
class LoadedRunsModel;
class RunLoader;

/// The Runs dock: the loaded runs (name, detected format, points, last step, last loss, step
/// offset, live/finished) with Open, Rename (F2 or double-click), Remove (Del) and Reload. Each
/// row's colour swatch is the colour of the run on every chart.
class RunsPanel : public QWidget
{
    Q_OBJECT

public:
    /// `settings`: where the column widths are kept (none: not kept).
    RunsPanel(LoadedRunsModel &runs, RunLoader &loader, QSettings *settings = nullptr, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    void removeSelected();
    void reloadSelected();
    void renameCurrent();

protected:
    void changeEvent(QEvent *event) override;

Q_SIGNALS:
    /// "Format…": the user wants to define a format for a log no reader recognises.
    void formatEditorWanted();
    /// "Read These Lines…": a format for the lines of run `runId` that no reader read.
    void unreadLinesFormatWanted(int runId);

private:
    QList<int> selectedIds() const;
    void retranslateUi();
    /// "Reading 2 logs…" or "3 runs loaded", in the current language.
    void updateStatus();
    /// "Read These Lines…" only for a run with lines no reader read.
    void updateReadLinesAction();

    LoadedRunsModel &m_runs;
    RunLoader &m_loader;
    QSettings *m_settings;
    QTableView *m_view;
    QLabel *m_status;
    QAction *m_openAction;
    QAction *m_renameAction;
    QAction *m_reloadAction;
    QAction *m_removeAction;
    QAction *m_formatAction;
    QAction *m_readLinesAction;
};

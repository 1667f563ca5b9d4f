#pragma once

#include <QWidget>

class QLabel;
class QTableView;
class RunListModel;
class RunLoader;

/// The Runs dock: the loaded runs (name, detected format, points, last step, last loss, step
/// offset, live/finished) with Open, Rename (F2 or double-click), Remove (Del) and Reload. Each
/// row's colour swatch is the colour of the run on every chart.
class RunsPanel : public QWidget
{
    Q_OBJECT

public:
    RunsPanel(RunListModel &runs, RunLoader &loader, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    void removeSelected();
    void reloadSelected();
    void renameCurrent();

Q_SIGNALS:
    /// "Format…": the user wants to define a format for a log no reader recognises.
    void formatEditorWanted();

private:
    QList<int> selectedIds() const;

    RunListModel &m_runs;
    RunLoader &m_loader;
    QTableView *m_view;
    QLabel *m_status;
};

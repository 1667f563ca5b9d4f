// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/config/backendprofiles.h"

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QSettings;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class RunController;
class LaunchRecordModel;
class LaunchWorkspace;
struct LaunchRecord;

/// The Workspace dock: every run PortBench launched, attached to or submitted, with status,
/// duration, last loss and tokens/s, and the actions on them (launch, stop, rename, tag, delete to
/// trash, open the log in the charts). Thin: the work is RunController's and LaunchWorkspace's.
class WorkspacePanel : public QWidget
{
    Q_OBJECT

public:
    /// `backends`: the loaded plugins' profiles the launch dialog offers; openFiles hands a run's
    /// log to the main window's file routing (the charts).
    WorkspacePanel(LaunchWorkspace &workspace, RunController &controller, BackendProfiles backends,
                   std::function<void(const QStringList &)> openFiles, QWidget *parent = nullptr);

    LaunchRecordModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

    void launch();
    void attach();
    void submit();
    void stopSelected();
    void renameSelected();
    void tagSelected();
    void deleteSelected();
    void openSelected();
    /// Shows the current run's output in the Run Output dock (outputWanted with show = true).
    void showOutput();
    void reload();
    /// The current run's status line: for a failed run, its exit code and last output lines; what
    /// following it met, its notes and its telemetry files.
    QString statusText() const;

protected:
    void changeEvent(QEvent *event) override;

Q_SIGNALS:
    void message(const LocalizedText &text);
    /// The output of the current run (its output.log); `show`: bring the output view forward.
    void outputWanted(const QString &path, const QString &title, bool show);
    /// The current run's device telemetry (its telemetry-<host>.tel files, one per host), for the
    /// System Charts dock.
    void telemetryWanted(const QStringList &paths);

private:
    QStringList selectedIds() const;
    void updateActions();
    void retranslateUi();
    /// Fills the status line and tells the output view, for the current run.
    void currentChanged();
    /// The current run's status under the list, also when its record changes while it is current
    /// (a warning arrives, the run ends).
    void showStatus();
    /// Offers the current run's telemetry (telemetryWanted) once it has a file: when it is selected,
    /// or when a live run's file appears (its tool is found a moment after the run starts, on each
    /// host).
    void offerTelemetry();

    LaunchWorkspace &m_workspace;
    RunController &m_controller;
    const BackendProfiles m_backends;
    std::function<void(const QStringList &)> m_openFiles;
    LaunchRecordModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QLabel *m_folder;
    QLabel *m_status; ///< the current run: status, exit code and, when it failed, its last lines
    QTimer *m_refresh;
    QString m_telemetryOffered; ///< the run whose telemetry was offered last
    QStringList m_telemetryOfferedFiles; ///< and its files then
    QList<QAction *> m_selectionActions;
    QList<QAction *> m_toolActions; ///< in tool bar order; texts set by retranslateUi()
};

#pragma once

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QSettings;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class RunController;
class WorkspaceRunModel;
class RunWorkspace;
struct RunRecord;

/// The Workspace dock: every run PortBench launched, attached to or submitted, with status,
/// duration, last loss and tokens/s, and the actions on them (launch, stop, rename, tag, delete to
/// trash, open the log in the charts). Thin: the work is RunController's and RunWorkspace's.
class WorkspacePanel : public QWidget
{
    Q_OBJECT

public:
    /// openFiles hands a run's log to the main window's file routing (the charts).
    WorkspacePanel(RunWorkspace &workspace, RunController &controller,
                   std::function<void(const QStringList &)> openFiles, QWidget *parent = nullptr);

    WorkspaceRunModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

    void launch();
    void attach();
    void submit();
    void stopSelected();
    void renameSelected();
    void tagSelected();
    void deleteSelected();
    void openSelected();
    void reload();

Q_SIGNALS:
    void message(const QString &text);

private:
    QStringList selectedIds() const;
    void updateActions();

    RunWorkspace &m_workspace;
    RunController &m_controller;
    std::function<void(const QStringList &)> m_openFiles;
    WorkspaceRunModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QLabel *m_folder;
    QTimer *m_refresh;
    QList<QAction *> m_selectionActions;
};

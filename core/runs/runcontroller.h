#pragma once

#include "runrecord.h"

#include <QHash>
#include <QObject>
#include <QPointer>

class LocalLauncher;
class RunWorkspace;

/// The live side of the workspace, shared by the GUI's Workspace dock and the CLI: starts runs,
/// keeps one launcher per active run, re-attaches to detached runs, stops them, and reports every
/// record change (status, summary, connection state) through one signal, so a view needs nothing
/// else.
class RunController : public QObject
{
    Q_OBJECT

public:
    explicit RunController(RunWorkspace &workspace, QObject *parent = nullptr);
    ~RunController() override;

    RunWorkspace &workspace() { return m_workspace; }

    /// Creates the run in the workspace and starts it (Local or LocalDetached by record.kind).
    /// Returns the id, or empty with error (the failed run stays recorded when it got a folder).
    QString launch(RunRecord record, QString *error);
    /// Stops an active run (SIGTERM to the group, SIGKILL after graceMs).
    bool stop(const QString &id, int graceMs, QString *error);
    /// Picks up detached runs that are still going (after a restart) and watches them.
    void resumeActive();
    bool isLive(const QString &id) const { return m_local.contains(id); }

Q_SIGNALS:
    void recordChanged(const RunRecord &record);
    void runFinished(const RunRecord &record);
    void output(const QString &id, const QByteArray &bytes);
    void connectionStateChanged(const QString &id, const QString &state);

private:
    LocalLauncher *makeLocal();

    RunWorkspace &m_workspace;
    QHash<QString, QPointer<LocalLauncher>> m_local;
};

#include "runcontroller.h"

#include "locallauncher.h"
#include "runworkspace.h"

RunController::RunController(RunWorkspace &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
{
}

RunController::~RunController() = default;

LocalLauncher *RunController::makeLocal()
{
    auto launcher = new LocalLauncher(m_workspace, this);
    connect(launcher, &LocalLauncher::recordChanged, this, &RunController::recordChanged);
    connect(launcher, &LocalLauncher::output, this,
            [this, launcher](const QByteArray &bytes) { Q_EMIT output(launcher->record().id, bytes); });
    connect(launcher, &LocalLauncher::finished, this, [this, launcher](const RunRecord &record) {
        m_local.remove(record.id);
        launcher->deleteLater();
        Q_EMIT runFinished(record);
    });
    return launcher;
}

QString RunController::launch(RunRecord record, QString *error)
{
    if (record.kind != RunRecord::Kind::Local && record.kind != RunRecord::Kind::LocalDetached) {
        *error = QStringLiteral("launch() starts local runs; use the remote or SLURM entry points");
        return {};
    }
    record = m_workspace.create(record, error);
    if (record.id.isEmpty())
        return {};
    LocalLauncher *launcher = makeLocal();
    m_local.insert(record.id, launcher);
    if (!launcher->start(record, error)) {
        m_local.remove(record.id);
        launcher->deleteLater();
        return {};
    }
    return record.id;
}

bool RunController::stop(const QString &id, int graceMs, QString *error)
{
    if (LocalLauncher *launcher = m_local.value(id)) {
        launcher->stop(graceMs);
        return true;
    }
    RunRecord record = m_workspace.load(id, error);
    if (record.id.isEmpty())
        return false;
    if (record.kind == RunRecord::Kind::Local || record.kind == RunRecord::Kind::LocalDetached) {
        const bool ok = LocalLauncher::stopGroup(m_workspace, record, graceMs, error);
        Q_EMIT recordChanged(record);
        return ok;
    }
    *error = QStringLiteral("run %1 (%2) has no process PortBench can stop").arg(id, RunRecord::kindName(record.kind));
    return false;
}

void RunController::resumeActive()
{
    const QList<RunRecord> runs = m_workspace.list();
    for (const RunRecord &r : runs) {
        if (!r.isActive() || m_local.contains(r.id) || r.kind != RunRecord::Kind::LocalDetached)
            continue;
        LocalLauncher *launcher = makeLocal();
        m_local.insert(r.id, launcher);
        launcher->watch(r);
    }
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/sshtarget.h"
#include "core/sources/logs/logreader.h"
#include "core/sources/logs/userformat.h"
#include "core/base/model/runmetrics.h"
#include "core/sources/plugins/pluginmanager.h"
#include "launchrecord.h"

#include <QHash>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>

class LaunchWorkspace;

/// The live side of the workspace, shared by the GUI's Workspace dock and the CLI: starts runs
/// (locally, detached, on an SSH host, through SLURM), attaches to logs, follows every active run's
/// log with a RunMonitor, polls remote and SLURM state, stops runs, and re-attaches to whatever is
/// still going after a restart, and records the device telemetry of each run it follows (setTelemetry).
/// Everything a view needs comes through its signals.
///
/// Remote and SLURM polls are blocking ssh/squeue calls; they run on QtConcurrent so the GUI
/// thread never waits on a network. Local logs are read on each monitor's own thread.
class RunController : public QObject
{
    Q_OBJECT

public:
    explicit RunController(LaunchWorkspace &workspace, QObject *parent = nullptr);
    ~RunController() override;

    LaunchWorkspace &workspace() { return m_workspace; }
    /// Seconds between remote/SLURM state polls (default 3).
    void setPollInterval(int ms) { m_pollMs = ms; }
    /// Where the user's saved log formats come from (as RunLoader::setUserFormatSource): asked
    /// when a run's log starts being followed, so plain output a saved format reads gives points.
    void setUserFormatSource(std::function<QList<UserFormat>()> source) { m_userFormatSource = std::move(source); }
    /// Called on the reading thread after each block of a local log read for a run followed from
    /// now on (RunMonitor::setBlockHook).
    void setBlockHook(const LogReader::BlockHook &hook) { m_blockHook = hook; }
    /// Records each run followed from now on its device telemetry (RunTelemetry) with these
    /// backends' tools, every `intervalMs` (0: TelemetrySchedule); no backends, the default, records
    /// none. The backends must outlive the controller.
    void setTelemetry(const QList<LoadedBackend> &backends, int intervalMs = 0)
    {
        m_telemetryBackends = backends;
        m_telemetryIntervalMs = intervalMs;
    }

    /// Creates the run in the workspace and starts it: Local / LocalDetached here, Remote on
    /// record.host. Returns the id, or empty with error (a run that got a folder stays recorded
    /// as failed).
    QString launch(LaunchRecord record, QString *error);
    /// Follows a log (on record.host, or local) as an Attach run from byte 0, or from its current end.
    QString attach(LaunchRecord record, const QString &path, bool fromStart, QString *error);
    /// Submits a batch script (record.command = {script path}) with sbatch, here or on record.host.
    QString submit(LaunchRecord record, QString *error);
    /// Stops an active run: SIGTERM/SIGKILL to its process group (local or remote), scancel for
    /// SLURM, and for an attach, stops following.
    bool stop(const QString &id, int graceMs, QString *error);
    /// Picks up runs that are still going (detached, remote, SLURM, attach) and follows them again.
    void resumeActive();

    bool isLive(const QString &id) const { return m_live.contains(id); }
    /// The points parsed so far for a live run (empty when not live).
    RunMetrics points(const QString &id) const;
    LaunchRecord record(const QString &id) const;

    static SshTarget targetFor(const LaunchRecord &record);

Q_SIGNALS:
    void recordChanged(const LaunchRecord &record);
    void pointsAppended(const QString &id, const RunMetrics &chunk);
    void runFinished(const LaunchRecord &record);
    void output(const QString &id, const QByteArray &bytes);
    void connectionStateChanged(const QString &id, const QString &state);
    /// Something following a run's log met (RunMonitor::warning), kept in its record's warnings too.
    void warning(const QString &id, const QString &message);
    /// A local log's first read (RunMonitor::loadingChanged): a resumed 1 GB log takes a while.
    void loadingChanged(const QString &id, bool loading);
    /// What a run's telemetry sampler says as it goes (started, restarted); not kept.
    void telemetryNote(const QString &id, const QString &text);

private:
    struct Live;
    Live &follow(const LaunchRecord &record, qint64 fromOffset);
    void startTelemetry(Live &live, const LaunchRecord &record);
    /// Records the run's telemetry on one host (`target`; `host` names its file).
    void recordTelemetry(Live &live, const QString &id, const SshTarget &target, const QString &host);
    /// A SLURM job's telemetry on each of its nodes: locally for this machine, else over ssh.
    void startNodeTelemetry(Live &live, const LaunchRecord &record, const QStringList &nodes);
    void startPolling(const QString &id);
    void poll(const QString &id);
    void end(const QString &id, const LaunchRecord &record);

    LaunchWorkspace &m_workspace;
    QHash<QString, std::shared_ptr<Live>> m_live;
    int m_pollMs = 3000;
    std::function<QList<UserFormat>()> m_userFormatSource;
    LogReader::BlockHook m_blockHook;
    QList<LoadedBackend> m_telemetryBackends;
    int m_telemetryIntervalMs = 0;
    /// The remote and SLURM polls run here. Declared last, so it is destroyed first: the controller
    /// waits for them, and none finishes after it is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "launchrecord.h"

#include <QFile>
#include <QObject>
#include <QProcess>
#include <QTimer>

class LaunchWorkspace;

/// Starts a run on this machine and watches it until it ends.
///
/// Attached (Kind::Local): a QProcess that leads its own process group (setsid in the child), with
/// stdout and stderr merged into the run's output.log as they arrive; the exit code comes from
/// the process. Detached (Kind::LocalDetached): the LaunchWrapper started with setsid, so the run
/// outlives PortBench; its pid and exit code come from files in the run folder, which is also how
/// watch() re-attaches after a restart. Stop sends SIGTERM to the group and SIGKILL after the grace
/// period. run.json is saved on every state change.
class LocalLauncher : public QObject
{
    Q_OBJECT

public:
    LocalLauncher(LaunchWorkspace &workspace, QObject *parent = nullptr);
    ~LocalLauncher() override;

    /// Starts the run described by record (created in the workspace; command, env, working dir and
    /// kind set). Returns false with the reason in error; the record is then saved as Failed.
    bool start(const LaunchRecord &record, QString *error);
    /// Watches a detached run that is already going (after PortBench restarted).
    void watch(const LaunchRecord &record);
    /// SIGTERM to the process group, SIGKILL after graceMs if any member is still alive.
    void stop(int graceMs = 10000);

    const LaunchRecord &record() const { return m_record; }
    bool isRunning() const { return m_record.isActive(); }

    /// Brings a local run's record up to date when its watcher is gone: a detached run from its pid
    /// and exit_status files, an attached one whose owner died from its process group. Returns
    /// true when the record changed.
    static bool reconcile(const LaunchWorkspace &workspace, LaunchRecord &record);
    /// Stops a local run from another process (the CLI): TERM to its group, wait up to graceMs,
    /// then KILL. Blocks; returns false with error when there is nothing to stop.
    static bool stopGroup(LaunchWorkspace &workspace, LaunchRecord &record, int graceMs, QString *error);

Q_SIGNALS:
    void recordChanged(const LaunchRecord &record);
    /// Raw output as it arrives (attached runs), for a console view.
    void output(const QByteArray &bytes);
    void finished(const LaunchRecord &record);

private:
    void onReadyRead();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void poll();
    void finish();
    void save();

    LaunchWorkspace &m_workspace;
    LaunchRecord m_record;
    QProcess *m_process = nullptr;
    QFile m_log;
    QTimer m_pollTimer;
    QTimer m_killTimer;
    bool m_stopRequested = false;
    bool m_leaderDone = false;
};

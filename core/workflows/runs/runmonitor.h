// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/sshtarget.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/runmetrics.h"
#include "launchrecord.h"

#include <QFile>
#include <QObject>
#include <QThread>
#include <QTimer>

class LogFollower;
class RemoteLogFollower;
class LaunchWorkspace;

/// Follows one run's log and keeps its workspace entry current: the parsed points (all of them,
/// for the charts and the metrics cache; a log truncated or replaced adds a segment, it never
/// clears what was read), the summary in run.json (last step, loss, tokens/s, segments, warnings),
/// and for a log on an SSH host a local mirror in the run's output.log, so the curves stay in
/// the workspace after the host is gone. Status changes come from whoever owns the process
/// (setRecord); the monitor merges them with its summary, so there is one writer of run.json.
///
/// A local log is read on a thread of the monitor's own: a run resumed at start whose log is
/// 1 GB is read there (loadingChanged() tells) while the window is in use, and its points arrive
/// when they are read.
class RunMonitor : public QObject
{
    Q_OBJECT

public:
    explicit RunMonitor(LaunchWorkspace &workspace, QObject *parent = nullptr);
    ~RunMonitor() override;

    /// Follows record.sourceLog: a local file, or a file on target.host when target is remote.
    void start(const LaunchRecord &record, const SshTarget &target = {}, qint64 fromOffset = 0,
               const ParseOptions &options = {});
    /// Takes status fields (status, exit, pid, ended, ...) from the process owner.
    void setRecord(const LaunchRecord &record);
    /// Adds a note to the record (LaunchRecord::notes) unless it holds that note already: a run
    /// resumed after a restart says the same things again.
    void addNote(const QString &note);
    /// Stops following after reading what is there, then writes run.json and the metrics cache.
    void finish();
    /// At quit: as finish(), except that a first read of a local log still going is cancelled and
    /// nothing is written (the run is read again on the next start), so quitting never waits for it.
    void close();
    /// Called on the reading thread after each block of a local log (LogFollower::setBlockHook);
    /// set before start().
    void setBlockHook(const LogReader::BlockHook &hook) { m_blockHook = hook; }

    const LaunchRecord &record() const { return m_record; }
    const RunMetrics &points() const { return m_points; }
    QString connectionState() const { return m_connection; }

Q_SIGNALS:
    void pointsAppended(const RunMetrics &chunk);
    void recordChanged(const LaunchRecord &record);
    void connectionStateChanged(const QString &state);
    /// Something the user must know, also kept in the record's warnings: the log was truncated
    /// or replaced, a line was over the line limit, the path cannot be read.
    void warning(const QString &message);
    /// True when the local log's first read starts, false when it has been read up to its end.
    void loadingChanged(bool loading);

private:
    void onPoints(const RunMetrics &chunk);
    void warn(const QString &message);
    void setLoading(bool loading);
    /// Cancels a local read in progress and ends the reading thread.
    void stopReading();
    void saveSoon();
    void save();

    LaunchWorkspace &m_workspace;
    LaunchRecord m_record;
    RunMetrics m_points;
    LogFollower *m_local = nullptr; ///< lives on m_reader, deleted there when it ends
    RemoteLogFollower *m_remote = nullptr;
    QFile m_mirror;
    QTimer m_saveTimer;
    QString m_connection;
    bool m_loading = false; ///< the local log's first read has not finished
    LogReader::BlockHook m_blockHook;
    QThread m_reader;
};

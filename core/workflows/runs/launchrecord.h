// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

/// What the workspace knows about one run: the contents of its `run.json`. A plain value, written
/// and read by LaunchWorkspace; the live objects (launcher, follower) update a copy and save it.
struct LaunchRecord
{
    /// Where the run executes and how PortBench reaches its output.
    enum class Kind { Local, LocalDetached, Attach, Remote, Slurm };
    /// Lost: PortBench cannot tell how it ended (a detached process vanished without an exit file).
    enum class Status { Pending, Running, Finished, Failed, Stopped, Lost };

    QString id; ///< folder name in the workspace; unique, sortable by creation time
    QString name;
    QString backend; ///< "cuda", "npu", "musa" or empty
    Kind kind = Kind::Local;
    QString host; ///< ssh host (alias from ~/.ssh/config) for Attach/Remote/Slurm via a login node
    QString sshConfig; ///< the ssh config file (-F) used to reach host; empty = ~/.ssh/config
    QStringList command; ///< argv; for Attach empty, for Slurm the script path
    QString workingDir;
    QMap<QString, QString> env; ///< variables set on top of the inherited environment
    QJsonObject config; ///< config snapshot (emitted launch config, arguments) as given by the caller
    QDateTime started;
    QDateTime ended;
    Status status = Status::Pending;
    int exitCode = -1; ///< valid when Finished/Failed
    QString exitDetail; ///< signal name, scancel, "ssh: connection lost", ...
    QStringList tags;
    QString sourceLog; ///< the followed log: the run's own output.log, or a remote/attached path
    qint64 pid = 0; ///< process-group leader of a local or remote launch
    QString remoteDir; ///< the run folder on the remote host (Remote, Slurm via ssh)
    QString slurmJobId;

    /// Summary of the parsed metrics, refreshed as points arrive, so the Runs list needs no parsing.
    qint64 lastStep = -1;
    double lastLoss = qQNaN();
    double tokensPerSecond = qQNaN();
    int pointCount = 0;
    /// The first point of each segment of the points (metrics.jsonl, in order): a restart from a
    /// checkpoint, or a followed log that was truncated or replaced and read again from its start.
    QList<int> segmentStarts;
    /// What following the log met that the user must know (a truncation, a line over the line
    /// limit), a sentence each naming the file; at most maxWarnings.
    QStringList warnings;
    static constexpr int maxWarnings = 100;
    /// What PortBench did beside following the log that the user may want to know: where the
    /// device telemetry is recorded, or why it is not (no vendor tool on the host). A sentence
    /// each, at most maxWarnings.
    QStringList notes;

    bool isActive() const { return status == Status::Pending || status == Status::Running; }
    /// Seconds from start to end (or to now while active); -1 before start.
    qint64 durationSeconds(const QDateTime &now = QDateTime::currentDateTimeUtc()) const;

    QJsonObject toJson() const;
    /// Reads a run.json object. Unknown keys are ignored, so newer files stay readable; error names the
    /// first bad field.
    static LaunchRecord fromJson(const QJsonObject &o, QString *error = nullptr);

    static QString kindName(Kind kind);
    static bool kindFromName(const QString &name, Kind *kind);
    static QString statusName(Status status);
    static bool statusFromName(const QString &name, Status *status);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/sshtarget.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/runmetrics.h"

#include <QObject>
#include <QProcess>
#include <QTimer>

#include <memory>

class LogStreamParser;

/// Follows a log on an SSH host through the system ssh, losslessly across dropped connections.
///
/// The byte-offset protocol: the remote side runs `tail -c +N -F -- FILE` (N = offset + 1), so the
/// stream is exactly the file from offset N-1 on. Every byte received advances the offset; when the
/// connection drops (ssh exits, or ServerAlive probes fail), the follower reconnects with
/// exponential backoff (0.5 s doubling to 30 s) at the offset just past the last byte it has. The
/// IncrementalParser keeps the partial last line, so the resumed stream completes it: no line is
/// lost and none is parsed twice. A truncated or replaced file (tail reports it) starts over at 0.
/// The file name and offset travel as positional parameters of a fixed script, never as code.
class RemoteLogFollower : public QObject
{
    Q_OBJECT

public:
    enum class State { Idle, Connecting, Connected, Reconnecting, Stopped };
    Q_ENUM(State)

    explicit RemoteLogFollower(const SshTarget &target, QObject *parent = nullptr);
    ~RemoteLogFollower() override;

    void start(const QString &remotePath, const ParseOptions &options = {}, qint64 fromOffset = 0);
    void stop();

    State state() const { return m_state; }
    /// Offset in the remote file just past the last byte received.
    qint64 offset() const { return m_offset; }
    int reconnectCount() const { return m_reconnects; }
    QString format() const;
    static QString stateName(State state);

Q_SIGNALS:
    void pointsAppended(const RunMetrics &chunk);
    /// Raw bytes as received, in file order (a local mirror of the remote log).
    void bytesReceived(const QByteArray &bytes, qint64 fileOffset);
    void stateChanged(RemoteLogFollower::State state, const QString &detail);
    /// The remote file shrank or was replaced; the follower starts over at 0, its points a new
    /// segment of the run (RunMetrics::startsSegment on the next chunk).
    void restarted();
    /// What the parser skipped: a line over the line limit (with its byte offset).
    void errorOccurred(const QString &message);

private:
    void connectNow();
    void onOutput();
    void onStderr();
    void onFinished();
    void scheduleReconnect(const QString &why);
    void setState(State state, const QString &detail = {});
    void flushPoints();

    SshTarget m_target;
    QString m_path;
    ParseOptions m_options;
    std::unique_ptr<LogStreamParser> m_parser;
    QProcess *m_ssh = nullptr;
    QTimer m_reconnectTimer;
    QTimer m_batchTimer;
    QByteArray m_stderr;
    State m_state = State::Idle;
    qint64 m_offset = 0;
    int m_backoffMs = 500;
    int m_reconnects = 0;
    bool m_restartPending = false;
    bool m_newSegment = false; ///< started over: the next chunk starts a segment
};

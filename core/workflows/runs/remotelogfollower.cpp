// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "remotelogfollower.h"

#include "core/base/exec/commandrunner.h"
#include "core/sources/logs/logstreamparser.h"

#include <utility>

namespace {
// Fixed code; $1 = start position for tail (offset + 1), $2 = the file. The marker on stderr says
// the connection is up even before the file has new bytes. Without a pty, nothing tells a remote
// `tail -F` that its connection died until it next writes, so a watchdog ends it once the sshd
// session process ($PPID) is gone: dropped connections leave no followers behind on the host.
const char followScript[] = "echo portbench-follow-ready >&2\n"
                            "tail -c \"+$1\" -F -- \"$2\" & t=$!\n"
                            "p=$PPID\n"
                            "while kill -0 \"$t\" 2>/dev/null; do\n"
                            "  kill -0 \"$p\" 2>/dev/null || { kill \"$t\"; break; }\n"
                            "  sleep 2\n"
                            "done";
constexpr int maxBackoffMs = 30000;
}

RemoteLogFollower::RemoteLogFollower(const SshTarget &target, QObject *parent)
    : QObject(parent)
    , m_target(target)
{
    m_reconnectTimer.setSingleShot(true);
    connect(&m_reconnectTimer, &QTimer::timeout, this, &RemoteLogFollower::connectNow);
    m_batchTimer.setInterval(100);
    connect(&m_batchTimer, &QTimer::timeout, this, &RemoteLogFollower::flushPoints);
}

RemoteLogFollower::~RemoteLogFollower()
{
    stop();
}

QString RemoteLogFollower::stateName(State state)
{
    switch (state) {
    case State::Idle: return QStringLiteral("idle");
    case State::Connecting: return QStringLiteral("connecting");
    case State::Connected: return QStringLiteral("connected");
    case State::Reconnecting: return QStringLiteral("reconnecting");
    case State::Stopped: return QStringLiteral("stopped");
    }
    return {};
}

QString RemoteLogFollower::format() const
{
    return m_parser ? m_parser->format() : QString();
}

void RemoteLogFollower::start(const QString &remotePath, const ParseOptions &options, qint64 fromOffset)
{
    stop();
    m_path = remotePath;
    m_options = options;
    m_parser = std::make_unique<LogStreamParser>(options, m_target.host + QLatin1Char(':') + remotePath);
    m_offset = qMax<qint64>(0, fromOffset);
    m_parser->setStartOffset(m_offset);
    m_newSegment = false;
    m_backoffMs = 500;
    m_reconnects = 0;
    m_batchTimer.start();
    connectNow();
}

void RemoteLogFollower::stop()
{
    m_reconnectTimer.stop();
    if (m_ssh) {
        QProcess *ssh = m_ssh;
        m_ssh = nullptr;
        ssh->disconnect(this);
        ssh->kill();
        ssh->waitForFinished(2000);
        delete ssh;
    }
    if (m_parser) {
        // Whatever arrived is all there will be: parse an unterminated last line and let "auto"
        // decide on a short log.
        m_parser->finish();
        flushPoints();
    }
    m_batchTimer.stop();
    if (m_state != State::Idle)
        setState(State::Stopped);
}

void RemoteLogFollower::connectNow()
{
    CommandRunner runner(m_target);
    QStringList line = runner.commandLine({QStringLiteral("sh"), QStringLiteral("-c"), QLatin1String(followScript),
                                           QStringLiteral("sh"), QString::number(m_offset + 1), m_path});
    // Notice a silently dead link (no FIN: a cable, a NAT timeout) within ~15 s, not hours.
    line.insert(1, QStringLiteral("-o"));
    line.insert(2, QStringLiteral("ServerAliveInterval=5"));
    line.insert(3, QStringLiteral("-o"));
    line.insert(4, QStringLiteral("ServerAliveCountMax=3"));
    m_ssh = new QProcess(this);
    m_ssh->setStandardInputFile(QProcess::nullDevice());
    connect(m_ssh, &QProcess::readyReadStandardOutput, this, &RemoteLogFollower::onOutput);
    connect(m_ssh, &QProcess::readyReadStandardError, this, &RemoteLogFollower::onStderr);
    connect(m_ssh, &QProcess::finished, this, &RemoteLogFollower::onFinished);
    connect(m_ssh, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            onFinished();
    });
    m_stderr.clear();
    setState(m_reconnects == 0 ? State::Connecting : State::Reconnecting,
             QStringLiteral("%1:%2 from byte %3").arg(m_target.host, m_path).arg(m_offset));
    m_ssh->start(line.first(), line.mid(1));
}

void RemoteLogFollower::onOutput()
{
    if (!m_ssh || m_restartPending)
        return;
    const QByteArray bytes = m_ssh->readAllStandardOutput();
    if (bytes.isEmpty())
        return;
    if (m_state != State::Connected)
        setState(State::Connected);
    m_backoffMs = 500;
    Q_EMIT bytesReceived(bytes, m_offset);
    m_offset += bytes.size();
    m_parser->feed(bytes);
}

void RemoteLogFollower::onStderr()
{
    if (!m_ssh)
        return;
    m_stderr += m_ssh->readAllStandardError();
    if (m_stderr.contains("portbench-follow-ready")) {
        m_stderr.replace("portbench-follow-ready\n", "");
        m_backoffMs = 500;
        setState(State::Connected);
    }
    // GNU tail's words for a file that shrank or was swapped under the same name.
    if (m_stderr.contains("file truncated") || m_stderr.contains("has been replaced")) {
        m_stderr.clear();
        m_restartPending = true;
        m_ssh->kill();
    }
    // Keep only the tail of the error text for the message shown after a failure.
    if (m_stderr.size() > 4096)
        m_stderr = m_stderr.right(4096);
}

void RemoteLogFollower::onFinished()
{
    if (!m_ssh)
        return;
    onOutput();
    const QString why = QString::fromLocal8Bit(m_stderr).trimmed().section(QLatin1Char('\n'), -1);
    const int code = m_ssh->exitCode();
    m_ssh->deleteLater();
    m_ssh = nullptr;
    if (m_restartPending) {
        m_restartPending = false;
        flushPoints();
        m_parser->reset();
        m_offset = 0;
        m_newSegment = true;
        Q_EMIT restarted();
        connectNow();
        return;
    }
    scheduleReconnect(why.isEmpty() ? QStringLiteral("ssh exited with code %1").arg(code) : why);
}

void RemoteLogFollower::scheduleReconnect(const QString &why)
{
    ++m_reconnects;
    setState(State::Reconnecting, QStringLiteral("%1; retrying in %2 s").arg(why).arg(m_backoffMs / 1000.0));
    m_reconnectTimer.start(m_backoffMs);
    m_backoffMs = qMin(m_backoffMs * 2, maxBackoffMs);
}

void RemoteLogFollower::setState(State state, const QString &detail)
{
    if (state == m_state && detail.isEmpty())
        return;
    m_state = state;
    Q_EMIT stateChanged(state, detail);
}

void RemoteLogFollower::flushPoints()
{
    if (!m_parser)
        return;
    for (const QString &note : m_parser->takeNotes())
        Q_EMIT errorOccurred(note);
    RunMetrics chunk = m_parser->takePoints();
    if (chunk.isEmpty())
        return;
    chunk.startsSegment = std::exchange(m_newSegment, false);
    Q_EMIT pointsAppended(chunk);
}

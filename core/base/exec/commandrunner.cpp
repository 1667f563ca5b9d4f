// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "commandrunner.h"

#include "core/base/exec/shellquote.h"

#include <QProcess>

CommandRunner::CommandRunner(SshTarget target, int timeoutMs)
    : m_target(std::move(target))
    , m_timeoutMs(timeoutMs)
{ }

QString CommandRunner::describe() const
{
    return isRemote() ? m_target.host : QStringLiteral("this machine");
}

QStringList CommandRunner::commandLine(const QStringList &argv) const
{
    if (!isRemote())
        return argv;
    QStringList ssh{QStringLiteral("ssh"), QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-o"),
                    QStringLiteral("ConnectTimeout=%1").arg(m_target.connectTimeoutSeconds)};
    if (!m_target.configFile.isEmpty())
        ssh << QStringLiteral("-F") << m_target.configFile;
    if (m_target.port > 0)
        ssh << QStringLiteral("-p") << QString::number(m_target.port);
    if (!m_target.identityFile.isEmpty())
        ssh << QStringLiteral("-i") << m_target.identityFile;
    // "--" so that a host name starting with '-' can never become an ssh option.
    ssh << QStringLiteral("--") << m_target.host << ShellQuote::join(argv);
    return ssh;
}

CommandResult CommandRunner::run(const QStringList &argv, const QByteArray &input) const
{
    CommandResult result;
    if (argv.isEmpty()) {
        result.error = QStringLiteral("empty command");
        return result;
    }
    const QStringList line = commandLine(argv);
    QProcess process;
    if (!isRemote())
        process.setProcessEnvironment(m_env);
    process.start(line.first(), line.mid(1));
    if (!process.waitForStarted(m_timeoutMs)) {
        result.error = QStringLiteral("%1: %2").arg(line.first(), process.errorString());
        return result;
    }
    result.started = true;
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(m_timeoutMs)) {
        process.kill();
        process.waitForFinished(2000);
        result.timedOut = true;
        result.error = QStringLiteral("%1 timed out after %2 s").arg(argv.first()).arg(m_timeoutMs / 1000.0);
    }
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    if (!result.timedOut) {
        if (process.exitStatus() == QProcess::CrashExit)
            result.error = QStringLiteral("%1 crashed").arg(argv.first());
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        // ssh's own failures (refused, auth, unknown host key) exit 255 and explain on stderr.
        if (isRemote() && result.exitCode == 255)
            result.error = QStringLiteral("ssh %1: %2").arg(m_target.host, QString::fromUtf8(result.err).trimmed());
    }
    return result;
}

CommandResult CommandRunner::runShell(const QString &script) const
{
    return run({QStringLiteral("sh"), QStringLiteral("-c"), script});
}

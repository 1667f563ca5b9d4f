// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/commandresult.h"
#include "core/base/exec/sshtarget.h"

#include <QProcessEnvironment>
#include <QStringList>

/// Runs one command with a timeout and captures stdout, stderr and the exit code, either on this
/// machine (QProcess, no shell involved) or on a host through the system `ssh`.
///
/// Over SSH the argv is joined with ShellQuote, because sshd hands the command line to the remote
/// login shell; every argument therefore stays data, whatever it contains. `ssh` always gets
/// `-o BatchMode=yes` so that a missing key or an unknown host key fails at once instead of
/// waiting on a password prompt nobody sees; host-key checking stays as the user configured it.
///
/// run() blocks: call it from a worker thread (QtConcurrent) in the GUI. The runner holds no
/// state between calls, so one instance can be shared by concurrent probes.
class CommandRunner
{
public:
    explicit CommandRunner(SshTarget target = {}, int timeoutMs = 30000);

    bool isRemote() const { return !m_target.isLocal(); }
    const SshTarget &target() const { return m_target; }
    /// "this machine" or the ssh destination, for reports.
    QString describe() const;

    int timeoutMs() const { return m_timeoutMs; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    /// Environment of local commands (defaults to this process's); ignored for remote ones.
    void setLocalEnvironment(const QProcessEnvironment &env) { m_env = env; }

    CommandResult run(const QStringList &argv, const QByteArray &input = {}) const;
    /// Runs a fixed POSIX sh script (`sh -c SCRIPT`). The script is code: never paste user data into
    /// it; pass such data through ShellQuote first.
    CommandResult runShell(const QString &script) const;

    /// The program and arguments that run() starts for argv: argv itself locally, or `ssh ...`.
    QStringList commandLine(const QStringList &argv) const;

private:
    SshTarget m_target;
    int m_timeoutMs;
    QProcessEnvironment m_env = QProcessEnvironment::systemEnvironment();
};

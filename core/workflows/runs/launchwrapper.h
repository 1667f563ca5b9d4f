// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

/// The small POSIX-sh wrapper that starts a detached run, locally or on an SSH host: it becomes
/// the leader of a new session (setsid), writes its pid to `RUNDIR/pid`, runs the command under
/// nohup with output appended to `RUNDIR/output.log`, and writes the exit code to
/// `RUNDIR/exit_status` — both through a rename, so a reader never sees half a number.
/// Everything the user supplied travels as positional parameters, never inside the script text.
namespace LaunchWrapper {
/// argv for the wrapper: {"setsid", "-f", "sh", "-c", SCRIPT, "portbench-run", RUNDIR, WORKDIR, ...}.
/// An empty workDir keeps the current directory.
QStringList argv(const QString &runDir, const QString &workDir, const QMap<QString, QString> &env,
                 const QStringList &command);
/// The name the wrapper shell runs under ($0), visible in ps.
QString processName();
/// Checks that each variable name is a valid shell identifier; error names the first bad one.
bool validateEnv(const QMap<QString, QString> &env, QString *error);
}

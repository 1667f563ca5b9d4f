// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "launchwrapper.h"

#include <QRegularExpression>

namespace LaunchWrapper {

namespace {
// TERM and HUP are caught (not ignored) so the command starts with default handlers while the
// wrapper itself survives a group SIGTERM long enough to record the command's exit status.
// The wrapper's own stdio goes to the log too: an ssh session ends only when every process
// holding its pipes has let go of them.
const char script[] = "d=$1; w=$2; shift 2\n"
                      "mkdir -p -- \"$d\" || exit 120\n"
                      "exec >> \"$d/output.log\" 2>&1 < /dev/null\n"
                      "trap : TERM HUP\n"
                      "echo $$ > \"$d/pid.tmp\" && mv -f -- \"$d/pid.tmp\" \"$d/pid\"\n"
                      "if [ -n \"$w\" ]; then cd -- \"$w\" || { echo 126 > \"$d/exit_status\"; exit 126; }; fi\n"
                      "nohup \"$@\"\n"
                      "echo $? > \"$d/exit_status.tmp\" && mv -f -- \"$d/exit_status.tmp\" \"$d/exit_status\"\n";
}

QString processName()
{
    return QStringLiteral("portbench-run");
}

QStringList argv(const QString &runDir, const QString &workDir, const QMap<QString, QString> &env,
                 const QStringList &command)
{
    QStringList args{QStringLiteral("setsid"),
                     QStringLiteral("-f"),
                     QStringLiteral("sh"),
                     QStringLiteral("-c"),
                     QString::fromLatin1(script),
                     processName(),
                     runDir,
                     workDir};
    // `--` keeps a command (or variable) starting with '-' from being read as an option of nohup/env.
    args << QStringLiteral("--");
    if (!env.isEmpty()) {
        args << QStringLiteral("env") << QStringLiteral("--");
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            args << it.key() + QLatin1Char('=') + it.value();
    }
    return args + command;
}

bool validateEnv(const QMap<QString, QString> &env, QString *error)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    for (auto it = env.cbegin(); it != env.cend(); ++it) {
        if (!identifier.match(it.key()).hasMatch()) {
            *error = QStringLiteral("environment variable name \"%1\" is not a valid identifier").arg(it.key());
            return false;
        }
    }
    return true;
}

} // namespace LaunchWrapper

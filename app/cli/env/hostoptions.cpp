// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "hostoptions.h"

#include <QCoreApplication>

void HostOptions::add(QCommandLineParser &parser)
{
    parser.addOption(
        {QStringLiteral("host"),
         QCoreApplication::translate("HostOptions",
                                     "Probe this SSH destination (a Host from ~/.ssh/config) instead of this machine."),
         QStringLiteral("SSH_HOST")});
    addSshConfig(parser);
    parser.addOption({QStringLiteral("timeout"),
                      QCoreApplication::translate("HostOptions", "Seconds each probed command may take (default 60)."),
                      QStringLiteral("SECONDS"), QStringLiteral("60")});
}

void HostOptions::addSshConfig(QCommandLineParser &parser)
{
    parser.addOption(
        {QStringLiteral("ssh-config"),
         QCoreApplication::translate("HostOptions", "ssh client config file (ssh -F); default ~/.ssh/config."),
         QStringLiteral("FILE")});
}

QString HostOptions::sshConfig(const QCommandLineParser &parser)
{
    return parser.value(QStringLiteral("ssh-config"));
}

QString HostOptions::validate(const QCommandLineParser &parser)
{
    bool ok = false;
    const int seconds = parser.value(QStringLiteral("timeout")).toInt(&ok);
    if (!ok || seconds < 1 || seconds > 86400)
        return QStringLiteral("--timeout must be a whole number of seconds from 1 to 86400, not '%1'")
            .arg(parser.value(QStringLiteral("timeout")));
    return {};
}

CommandRunner HostOptions::runner(const QCommandLineParser &parser)
{
    SshTarget target;
    target.host = parser.value(QStringLiteral("host"));
    target.configFile = sshConfig(parser);
    const int seconds = parser.value(QStringLiteral("timeout")).toInt();
    return CommandRunner(target, seconds * 1000);
}

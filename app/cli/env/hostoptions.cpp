#include "hostoptions.h"

void HostOptions::add(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("host"), QStringLiteral("Probe this SSH destination (a Host from ~/.ssh/config) instead of this machine."),
                      QStringLiteral("SSH_HOST")});
    parser.addOption({QStringLiteral("ssh-config"), QStringLiteral("ssh config file to use (ssh -F)."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("timeout"), QStringLiteral("Seconds each probed command may take (default 60)."), QStringLiteral("SECONDS"),
                      QStringLiteral("60")});
}

CommandRunner HostOptions::runner(const QCommandLineParser &parser)
{
    SshTarget target;
    target.host = parser.value(QStringLiteral("host"));
    target.configFile = parser.value(QStringLiteral("ssh-config"));
    const int seconds = std::max(1, parser.value(QStringLiteral("timeout")).toInt());
    return CommandRunner(target, seconds * 1000);
}

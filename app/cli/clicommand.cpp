#include "clicommand.h"

#include "plugins/pluginmanager.h"

#include <QRegularExpression>

#include <cstdio>

CliContext::CliContext()
    : m_out(stdout)
    , m_err(stderr)
{
}

CliContext::~CliContext()
{
    m_out.flush();
    m_err.flush();
    delete m_plugins;
}

PluginManager &CliContext::plugins()
{
    if (!m_plugins)
        m_plugins = new PluginManager;
    return *m_plugins;
}

int CliCommand::run(const QStringList &args, CliContext &context)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    addOptions(parser);
    if (!parser.parse(args))
        return usageError(context, parser.errorText());
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // QCommandLineParser names the executable; show the subcommand too.
        text.replace(QRegularExpression(QStringLiteral("^Usage: \\S+")),
                     QStringLiteral("Usage: portbench-cli %1").arg(name()));
        context.out() << text;
        return ExitCode::Ok;
    }
    return execute(parser, context);
}

int CliCommand::usageError(CliContext &context, const QString &message) const
{
    context.err() << "portbench-cli " << name() << ": " << message << '\n'
                  << "Try 'portbench-cli " << name() << " --help'.\n";
    return ExitCode::UsageError;
}

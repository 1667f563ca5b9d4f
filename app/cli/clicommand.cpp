#include "clicommand.h"

#include "i18n/translationcatalog.h"
#include "plugins/pluginmanager.h"

#include <QCoreApplication>

#include <cstdio>

CliContext::CliContext()
    : m_out(stdout)
    , m_err(stderr)
{ }

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

QString CliCommand::helpLanguage()
{
    // POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG ("zh_CN.UTF-8" → zh_CN).
    for (const char *variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const QString value = qEnvironmentVariable(variable);
        if (!value.isEmpty())
            return TranslationCatalog::languageForLocale(value);
    }
    return QStringLiteral("en");
}

void CliCommand::setUp(QCommandLineParser &parser, QCommandLineOption &help)
{
    parser.setApplicationDescription(summary());
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    help = QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")},
                              QCoreApplication::translate("CliCommand", "Show this help."));
    parser.addOption(help);
    addOptions(parser);
}

int CliCommand::run(const QStringList &args, CliContext &context)
{
    QCommandLineParser parser;
    QCommandLineOption help(QStringLiteral("help"));
    setUp(parser, help);
    if (!parser.parse(args))
        return usageError(context, parser.errorText());
    if (parser.isSet(help))
        return printHelp(context);
    return execute(parser, context);
}

int CliCommand::printHelp(CliContext &context)
{
    // Only the help speaks the user's language; everything else a command prints stays English
    // for the scripts that parse it. The process ends after the help, but the catalog goes anyway.
    TranslationCatalog::install(helpLanguage());
    QCommandLineParser parser;
    QCommandLineOption help(QStringLiteral("help"));
    setUp(parser, help);
    QString text = parser.helpText();
    // QCommandLineParser's first line names the executable as invoked (argv[0]), in a sentence
    // that Qt's catalog may translate; show "portbench-cli COMMAND" in its place.
    const QString program = QCoreApplication::arguments().constFirst();
    const qsizetype at = text.indexOf(program);
    if (at >= 0 && at < text.indexOf(QLatin1Char('\n')))
        text.replace(at, program.size(), QStringLiteral("portbench-cli %1").arg(name()));
    context.out() << text;
    TranslationCatalog::install(QStringLiteral("en"));
    return ExitCode::Ok;
}

int CliCommand::usageError(CliContext &context, const QString &message) const
{
    context.err() << "portbench-cli " << name() << ": " << message << '\n'
                  << "Try 'portbench-cli " << name() << " --help'.\n";
    return ExitCode::UsageError;
}

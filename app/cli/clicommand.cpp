// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clicommand.h"

#include "core/base/i18n/translationcatalog.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QFileDevice>

#include <cerrno>
#include <cstdio>
#include <unistd.h>

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

QString CliContext::closeOutput()
{
    m_out.flush();
    QString error;
    if (m_out.status() == QTextStream::WriteFailed)
        error = m_out.device()->errorString();
    // What was written to the device directly (RunPointsWriter) may still be in its buffer.
    if (auto *file = qobject_cast<QFileDevice *>(m_out.device()); file && !file->flush() && error.isEmpty())
        error = file->errorString();
    // The C library buffers what QTextStream and QFile handed it: its flush is where a full disk
    // shows, and its error flag keeps an earlier failure.
    errno = 0;
    if ((std::fflush(stdout) != 0 || std::ferror(stdout)) && error.isEmpty())
        error = errno != 0 ? qt_error_string(errno) : QStringLiteral("write error");
    // close() reports what a network file system kept until then; EBADF: stdout was never open.
    if (::close(STDOUT_FILENO) != 0 && errno != EBADF && error.isEmpty())
        error = qt_error_string(errno);
    return error;
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

void CliCommand::setUp(QCommandLineParser &parser, QCommandLineOption &help, CliContext &context)
{
    if (listsPluginPresets())
        context.plugins();
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
    setUp(parser, help, context);
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
    setUp(parser, help, context);
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

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "buildinfo.h"
#include "charts/chartcommand.h"
#include "clicommand.h"
#include "core/base/i18n/translationcatalog.h"
#include "config/configcommand.h"
#include "envcommand.h"
#include "logs/parsecommand.h"
#include "parity/paritycommand.h"
#include "pluginscommand.h"
#include "porting/portcommand.h"
#include "runs/attachcommand.h"
#include "runs/runcommand.h"
#include "runs/runscommand.h"
#include "runs/stopcommand.h"
#include "runs/submitcommand.h"
#include "telemetry/monitorcommand.h"
#include "tensors/tensorscommand.h"
#include "topology/topocommand.h"
#include "reference/democommand.h"
#include "reference/stackcheckcommand.h"
#include "reference/traincommand.h"
#include "report/reportcommand.h"
#include "core/workflows/report/reportdrawingmodule.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <csignal>
#include <memory>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace {

std::vector<std::unique_ptr<CliCommand>> makeCommands()
{
    std::vector<std::unique_ptr<CliCommand>> commands;
    commands.push_back(std::make_unique<PluginsCommand>());
    commands.push_back(std::make_unique<ConfigCommand>());
    commands.push_back(std::make_unique<ParseCommand>());
    commands.push_back(std::make_unique<ParityCommand>());
    commands.push_back(std::make_unique<RunCommand>());
    commands.push_back(std::make_unique<RunsCommand>());
    commands.push_back(std::make_unique<StopCommand>());
    commands.push_back(std::make_unique<AttachCommand>());
    commands.push_back(std::make_unique<SubmitCommand>());
    commands.push_back(std::make_unique<PortCommand>());
    commands.push_back(std::make_unique<EnvCommand>());
    commands.push_back(std::make_unique<TopoCommand>());
    commands.push_back(std::make_unique<MonitorCommand>());
    commands.push_back(std::make_unique<ChartCommand>());
    commands.push_back(std::make_unique<TensorsCommand>());
    commands.push_back(std::make_unique<StackcheckCommand>());
    commands.push_back(std::make_unique<ReportCommand>());
    commands.push_back(std::make_unique<DemoCommand>());
    commands.push_back(std::make_unique<TrainCommand>());
    return commands;
}

/// The overview, in the language of LC_ALL/LC_MESSAGES/LANG like every --help (CliCommand).
void printUsage(QTextStream &out, const std::vector<std::unique_ptr<CliCommand>> &commands)
{
    TranslationCatalog::install(CliCommand::helpLanguage());
    out << QCoreApplication::translate("main", "Usage: portbench-cli COMMAND [OPTIONS...]") << "\n\n"
        << QCoreApplication::translate("main", "PortBench without a display: every capability of the GUI, scriptable.")
        << '\n'
        << QCoreApplication::translate("main", "Run 'portbench-cli COMMAND --help' for a command's options.") << "\n\n"
        << QCoreApplication::translate("main", "Commands:") << '\n';
    for (const auto &c : commands)
        out << "  " << c->name().leftJustified(12) << ' ' << c->summary() << '\n';
    out << '\n'
        << QCoreApplication::translate("main", "Options:") << '\n'
        << "  --version    " << QCoreApplication::translate("main", "Print the version.") << '\n'
        << "  --help       " << QCoreApplication::translate("main", "Print this help.") << "\n\n"
        << QCoreApplication::translate(
               "main",
               "Exit codes: 0 success, 1 a negative answer (failed check, FAIL verdict), 2 usage or input error.")
        << '\n';
    TranslationCatalog::install(QStringLiteral("en"));
}

// QGuiApplication looks for a Wayland socket in the runtime directory even on the offscreen
// platform, and Qt warns on stderr when XDG_RUNTIME_DIR is unset (cron, CI, su, containers).
// Provide the directory Qt would fall back to, private to this user as the XDG spec requires;
// Qt still checks its owner and mode and says so if they are wrong.
void provideRuntimeDir()
{
    if (qEnvironmentVariableIsSet("XDG_RUNTIME_DIR"))
        return;
    const QString dir = QDir::tempPath() + QStringLiteral("/runtime-") + QString::number(::geteuid());
    if (!QFileInfo(dir).isDir() && ::mkdir(QFile::encodeName(dir).constData(), 0700) != 0)
        return;
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
}

/// Runs the command the arguments name; returns the process exit code.
int runCommand(const std::vector<std::unique_ptr<CliCommand>> &commands, CliContext &context)
{
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")
        || args.first() == QLatin1String("help")) {
        if (args.size() > 1) {
            // `portbench-cli help COMMAND` is the same as `portbench-cli COMMAND --help`.
            args = QStringList{args.at(1), QStringLiteral("--help")};
        } else {
            printUsage(args.isEmpty() ? context.err() : context.out(), commands);
            return args.isEmpty() ? ExitCode::UsageError : ExitCode::Ok;
        }
    }
    if (args.first() == QLatin1String("--version")) {
        context.out() << "portbench-cli " << BuildInfo::version << '\n';
        return ExitCode::Ok;
    }
    for (const auto &command : commands) {
        if (command->name() == args.first())
            return command->run(args, context);
    }
    context.err() << "portbench-cli: unknown command '" << args.first() << "'\n";
    printUsage(context.err(), commands);
    return ExitCode::UsageError;
}

} // namespace

int main(int argc, char **argv)
{
    // Over a file size limit (ulimit -f) a write then fails with EFBIG, which every writer reports
    // ("File too large") and cleans up after, instead of the process dying of the signal.
    std::signal(SIGXFSZ, SIG_IGN);
    const auto commands = makeCommands();
    bool gui = false;
    for (const auto &c : commands)
        gui = gui || (argc > 1 && c->name() == QLatin1String(argv[1]) && c->needsGui());
    // Drawing commands get the drawing module's QApplication on the offscreen platform (never a
    // display, even if DISPLAY is set); every other command stays on QCoreApplication and loads
    // no GUI library. Without the module a drawing command says so when it comes to draw.
    std::unique_ptr<QCoreApplication> app;
    if (gui) {
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        provideRuntimeDir();
        if (const ReportDrawingModule *drawing = ReportDrawingModule::load(nullptr))
            app.reset(drawing->createApplication(argc, argv));
    }
    if (!app)
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("PortBench"));
    QCoreApplication::setApplicationName(QStringLiteral("portbench"));
    QCoreApplication::setApplicationVersion(QLatin1String(BuildInfo::version));

    CliContext context;
    const int code = runCommand(commands, context);
    // Output that never arrived is an error, whatever the command answered.
    const QString outputError = context.closeOutput();
    if (!outputError.isEmpty()) {
        context.err() << "portbench-cli: cannot write to standard output: " << outputError << '\n';
        return ExitCode::UsageError;
    }
    return code;
}

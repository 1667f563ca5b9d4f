// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runcommand.h"

#include "hostoptions.h"
#include "runsclisupport.h"
#include "telemetryoption.h"

#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonDocument>

QString RunCommand::summary() const
{
    return QCoreApplication::translate(
        "RunCommand",
        "Launch a command as a recorded run (local, detached, or on an SSH host) and follow its metrics.");
}

void RunCommand::addOptions(QCommandLineParser &parser)
{
    RunsCliSupport::addWorkspaceOption(parser);
    HostOptions::addSshConfig(parser);
    parser.addOption({QStringLiteral("name"),
                      QCoreApplication::translate("RunCommand", "Run name (default: the program name)."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("backend"),
                      QCoreApplication::translate(
                          "RunCommand", "Device backend: a loaded plugin's id (see `portbench-cli plugins`)."),
                      QStringLiteral("id")});
    parser.addOption(
        {QStringLiteral("detach"),
         QCoreApplication::translate(
             "RunCommand", "Start it with setsid/nohup so it outlives this command; print the run id and return.")});
    parser.addOption({QStringLiteral("host"),
                      QCoreApplication::translate(
                          "RunCommand", "Run on this SSH host (alias from the ssh config); always detached there."),
                      QStringLiteral("host")});
    parser.addOption(
        {QStringLiteral("env"),
         QCoreApplication::translate("RunCommand", "Set an environment variable for the run (repeatable)."),
         QStringLiteral("KEY=VALUE")});
    parser.addOption({QStringLiteral("cwd"),
                      QCoreApplication::translate(
                          "RunCommand", "Working directory (default: the current one; the login directory on a host)."),
                      QStringLiteral("dir")});
    parser.addOption({QStringLiteral("tag"), QCoreApplication::translate("RunCommand", "Tag the run (repeatable)."),
                      QStringLiteral("tag")});
    parser.addOption({QStringLiteral("json"),
                      QCoreApplication::translate(
                          "RunCommand", "Print points as JSON Lines while it runs, and the run record at the end.")});
    parser.addOption(
        {QStringLiteral("grace"),
         QCoreApplication::translate("RunCommand", "Seconds between SIGTERM and SIGKILL on Ctrl+C (default 10)."),
         QStringLiteral("seconds"), QStringLiteral("10")});
    TelemetryOption::add(parser);
    parser.addPositionalArgument(QStringLiteral("-- CMD ARGS..."),
                                 QCoreApplication::translate("RunCommand", "The command to run."));
}

int RunCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    LaunchRecord record;
    record.command = parser.positionalArguments();
    if (record.command.isEmpty())
        return usageError(context, QStringLiteral("no command given (put it after --)"));
    record.name = parser.value(QStringLiteral("name"));
    record.backend = parser.value(QStringLiteral("backend"));
    if (const QString problem = RunsCliSupport::backendProblem(record.backend, context); !problem.isEmpty())
        return usageError(context, problem);
    record.host = parser.value(QStringLiteral("host"));
    record.sshConfig = HostOptions::sshConfig(parser);
    record.tags = parser.values(QStringLiteral("tag"));
    record.workingDir = parser.value(QStringLiteral("cwd"));
    if (record.workingDir.isEmpty() && record.host.isEmpty())
        record.workingDir = QDir::currentPath();
    for (const QString &kv : parser.values(QStringLiteral("env"))) {
        const int eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(context, QStringLiteral("--env needs KEY=VALUE, got \"%1\"").arg(kv));
        record.env.insert(kv.left(eq), kv.mid(eq + 1));
    }
    const bool detach = parser.isSet(QStringLiteral("detach"));
    const bool json = parser.isSet(QStringLiteral("json"));
    record.kind = detach ? LaunchRecord::Kind::LocalDetached : LaunchRecord::Kind::Local;
    if (const QString invalid = TelemetryOption::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);

    LaunchWorkspace workspace(RunsCliSupport::workspaceRoot(parser));
    RunController controller(workspace);
    RunsCliSupport::useSavedFormats(controller);
    // A detached run outlives this command, and its sampler would not: nothing is recorded.
    if (!detach)
        TelemetryOption::apply(parser, context, controller);
    QString error;
    const QString id = controller.launch(record, &error);
    if (id.isEmpty()) {
        context.err() << "portbench-cli run: " << error << '\n';
        return ExitCode::Failed;
    }
    context.err() << "run " << id << " in " << workspace.runDir(id) << '\n';
    context.err().flush();
    if (detach) {
        context.out() << id << '\n';
        return ExitCode::Ok;
    }

    QEventLoop loop;
    LaunchRecord final;
    RunsCliSupport::reportProgress(&loop, controller, context.out(), context.err(), json);
    QObject::connect(&controller, &RunController::runFinished, &loop, [&](const LaunchRecord &r) {
        final = r;
        loop.quit();
    });
    const int graceMs = int(parser.value(QStringLiteral("grace")).toDouble() * 1000);
    RunsCliSupport::onInterrupt([&] {
        context.err() << "stopping " << id << " (SIGTERM, SIGKILL after " << graceMs / 1000.0 << " s)\n";
        context.err().flush();
        QString stopError;
        if (!controller.stop(id, graceMs, &stopError))
            context.err() << "portbench-cli run: " << stopError << '\n';
    });
    loop.exec();
    if (json)
        context.out() << QJsonDocument(final.toJson()).toJson(QJsonDocument::Compact) << '\n';
    else
        RunsCliSupport::printRun(context.out(), final);
    return RunsCliSupport::exitCodeFor(final);
}

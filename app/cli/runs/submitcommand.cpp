// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "submitcommand.h"

#include "hostoptions.h"
#include "runsclisupport.h"
#include "telemetryoption.h"

#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>

QString SubmitCommand::summary() const
{
    return QCoreApplication::translate(
        "SubmitCommand",
        "Submit a SLURM batch script with sbatch (here or on a login node via SSH) as a recorded run; "
        "--wait follows it to the end.");
}

void SubmitCommand::addOptions(QCommandLineParser &parser)
{
    RunsCliSupport::addWorkspaceOption(parser);
    HostOptions::addSshConfig(parser);
    parser.addOption({QStringLiteral("host"),
                      QCoreApplication::translate("SubmitCommand", "Submit on this SSH login node."),
                      QStringLiteral("host")});
    parser.addOption({QStringLiteral("name"),
                      QCoreApplication::translate("SubmitCommand", "Run and job name (default: the script name)."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("backend"),
                      QCoreApplication::translate("SubmitCommand", "Device backend: cuda, npu or musa."),
                      QStringLiteral("id")});
    parser.addOption(
        {QStringLiteral("wait"),
         QCoreApplication::translate(
             "SubmitCommand", "Follow the job's output and state until it ends; exit 1 unless it completed with 0.")});
    parser.addOption(
        {QStringLiteral("json"), QCoreApplication::translate("SubmitCommand", "Print the run record as JSON.")});
    TelemetryOption::add(parser);
    parser.addPositionalArgument(QStringLiteral("SCRIPT"),
                                 QCoreApplication::translate("SubmitCommand", "The sbatch script (starts with #!)."));
}

int SubmitCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (parser.positionalArguments().size() != 1)
        return usageError(context, QStringLiteral("expected one SCRIPT"));
    LaunchRecord record;
    record.command = parser.positionalArguments();
    record.host = parser.value(QStringLiteral("host"));
    record.sshConfig = HostOptions::sshConfig(parser);
    record.name = parser.value(QStringLiteral("name"));
    record.backend = parser.value(QStringLiteral("backend"));
    if (const QString problem = RunsCliSupport::backendProblem(record.backend, context); !problem.isEmpty())
        return usageError(context, problem);
    if (const QString invalid = TelemetryOption::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);
    LaunchWorkspace workspace(RunsCliSupport::workspaceRoot(parser));
    RunController controller(workspace);
    RunsCliSupport::useSavedFormats(controller);
    TelemetryOption::apply(parser, context, controller);
    QString error;
    const QString id = controller.submit(record, &error);
    if (id.isEmpty()) {
        context.err() << "portbench-cli submit: " << error << '\n';
        return ExitCode::Failed;
    }
    LaunchRecord final = controller.record(id);
    context.err() << "job " << final.slurmJobId << " submitted as run " << id << '\n';
    context.err().flush();
    int code = ExitCode::Ok;
    if (parser.isSet(QStringLiteral("wait"))) {
        QEventLoop loop;
        RunsCliSupport::reportProgress(&loop, controller, context.out(), context.err(), false);
        QObject::connect(&controller, &RunController::runFinished, &loop, [&](const LaunchRecord &r) {
            final = r;
            loop.quit();
        });
        RunsCliSupport::onInterrupt([&] {
            QString cancelError;
            if (!controller.stop(id, 0, &cancelError))
                context.err() << "portbench-cli submit: " << cancelError << '\n';
        });
        loop.exec();
        code = RunsCliSupport::exitCodeFor(final);
    }
    if (parser.isSet(QStringLiteral("json")))
        context.out() << QJsonDocument(final.toJson()).toJson(QJsonDocument::Indented);
    else
        RunsCliSupport::printRun(context.out(), final);
    return code;
}

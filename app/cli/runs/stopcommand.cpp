// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stopcommand.h"

#include "runsclisupport.h"

#include <QCoreApplication>

#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

QString StopCommand::summary() const
{
    return QCoreApplication::translate(
        "StopCommand", "Stop a run: SIGTERM to its process group, SIGKILL after a grace period (scancel for SLURM).");
}

void StopCommand::addOptions(QCommandLineParser &parser)
{
    RunsCliSupport::addWorkspaceOption(parser);
    parser.addOption({QStringLiteral("grace"),
                      QCoreApplication::translate("StopCommand", "Seconds between SIGTERM and SIGKILL (default 10)."),
                      QStringLiteral("seconds"), QStringLiteral("10")});
    parser.addPositionalArgument(QStringLiteral("run"),
                                 QCoreApplication::translate("StopCommand", "Run id, unique id prefix, or name."));
}

int StopCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (parser.positionalArguments().size() != 1)
        return usageError(context, QStringLiteral("expected one run"));
    bool ok = false;
    const double grace = parser.value(QStringLiteral("grace")).toDouble(&ok);
    if (!ok || grace < 0)
        return usageError(context, QStringLiteral("--grace needs a number of seconds"));
    LaunchWorkspace workspace(RunsCliSupport::workspaceRoot(parser));
    QString error;
    const QString id = workspace.find(parser.positionalArguments().first(), &error);
    if (id.isEmpty())
        return usageError(context, error);
    RunController controller(workspace);
    if (!controller.stop(id, int(grace * 1000), &error)) {
        context.err() << "portbench-cli stop: " << error << '\n';
        return ExitCode::Failed;
    }
    RunsCliSupport::printRun(context.out(), workspace.load(id));
    return ExitCode::Ok;
}

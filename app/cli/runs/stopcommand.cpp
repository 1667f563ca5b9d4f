#include "stopcommand.h"

#include "runsclisupport.h"

#include "runs/locallauncher.h"
#include "runs/runworkspace.h"

QString StopCommand::summary() const
{
    return QStringLiteral("Stop a run: SIGTERM to its process group, SIGKILL after a grace period (scancel for SLURM).");
}

void StopCommand::addOptions(QCommandLineParser &parser)
{
    RunsCliSupport::addWorkspaceOption(parser);
    parser.addOption({QStringLiteral("grace"), QStringLiteral("Seconds between SIGTERM and SIGKILL (default 10)."),
                      QStringLiteral("seconds"), QStringLiteral("10")});
    parser.addPositionalArgument(QStringLiteral("run"), QStringLiteral("Run id, unique id prefix, or name."));
}

int StopCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (parser.positionalArguments().size() != 1)
        return usageError(context, QStringLiteral("expected one run"));
    bool ok = false;
    const double grace = parser.value(QStringLiteral("grace")).toDouble(&ok);
    if (!ok || grace < 0)
        return usageError(context, QStringLiteral("--grace needs a number of seconds"));
    RunWorkspace workspace(RunsCliSupport::workspaceRoot(parser));
    QString error;
    const QString id = workspace.find(parser.positionalArguments().first(), &error);
    if (id.isEmpty())
        return usageError(context, error);
    RunRecord record = workspace.load(id, &error);
    if (record.id.isEmpty())
        return usageError(context, error);
    bool stopped = false;
    switch (record.kind) {
    case RunRecord::Kind::Local:
    case RunRecord::Kind::LocalDetached:
        stopped = LocalLauncher::stopGroup(workspace, record, int(grace * 1000), &error);
        break;
    case RunRecord::Kind::Attach:
        error = QStringLiteral("run %1 only follows a log; there is no process to stop").arg(id);
        break;
    default:
        error = QStringLiteral("stopping %1 runs is not supported").arg(RunRecord::kindName(record.kind));
        break;
    }
    if (!stopped) {
        context.err() << "portbench-cli stop: " << error << '\n';
        return ExitCode::Failed;
    }
    RunsCliSupport::printRun(context.out(), record);
    return ExitCode::Ok;
}

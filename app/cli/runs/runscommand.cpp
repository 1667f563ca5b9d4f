// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runscommand.h"

#include "runsclisupport.h"

#include "core/workflows/runs/locallauncher.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

QString RunsCommand::summary() const
{
    return QCoreApplication::translate(
        "RunsCommand",
        "List the runs in the workspace: status, last step, loss, tokens/s, command, and "
        "the device telemetry files recorded with each.");
}

void RunsCommand::addOptions(QCommandLineParser &parser)
{
    RunsCliSupport::addWorkspaceOption(parser);
    parser.addOption(
        {QStringLiteral("json"),
         QCoreApplication::translate("RunsCommand", "Machine-readable output (the run.json of each run).")});
}

int RunsCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (!parser.positionalArguments().isEmpty())
        return usageError(context,
                          QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    LaunchWorkspace workspace(RunsCliSupport::workspaceRoot(parser));
    QStringList errors;
    QList<LaunchRecord> runs = workspace.list(&errors);
    for (LaunchRecord &r : runs) {
        if (LocalLauncher::reconcile(workspace, r))
            workspace.save(r);
    }
    for (const QString &e : errors)
        context.err() << "portbench-cli runs: skipped " << e << '\n';
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray array;
        for (const LaunchRecord &r : runs) {
            QJsonObject o = r.toJson();
            o[QStringLiteral("dir")] = workspace.runDir(r.id);
            o[QStringLiteral("telemetry")] = QJsonArray::fromStringList(workspace.telemetryFiles(r.id));
            array.append(o);
        }
        QJsonObject root{{QStringLiteral("workspace"), workspace.root()},
                         {QStringLiteral("runs"), array},
                         {QStringLiteral("errors"), QJsonArray::fromStringList(errors)}};
        context.out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return ExitCode::Ok;
    }
    if (runs.isEmpty())
        context.out() << "No runs in " << workspace.root() << '\n';
    for (const LaunchRecord &r : runs) {
        RunsCliSupport::printRun(context.out(), r);
        // Read with `parse FILE` (or File > Open in the GUI).
        for (const QString &file : workspace.telemetryFiles(r.id))
            context.out() << "    telemetry: " << file << '\n';
    }
    return ExitCode::Ok;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "attachcommand.h"

#include "attachparitywatch.h"
#include "hostoptions.h"
#include "runsclisupport.h"
#include "telemetryoption.h"

#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

#include <cmath>

QString AttachCommand::summary() const
{
    return QCoreApplication::translate(
        "AttachCommand",
        "Follow a training log on an SSH host (HOST:PATH) or here (PATH), losslessly across "
        "reconnects, as a recorded run.");
}

void AttachCommand::addOptions(QCommandLineParser &parser)
{
    RunsCliSupport::addWorkspaceOption(parser);
    HostOptions::addSshConfig(parser);
    parser.addOption(
        {QStringLiteral("from-start"),
         QCoreApplication::translate("AttachCommand", "Parse the whole file, not only what is appended from now on.")});
    parser.addOption({QStringLiteral("json"),
                      QCoreApplication::translate("AttachCommand", "Print each parsed point as a JSON line.")});
    parser.addOption({QStringLiteral("name"),
                      QCoreApplication::translate("AttachCommand", "Run name (default: the file name)."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("idle-exit"),
                      QCoreApplication::translate(
                          "AttachCommand",
                          "Stop following after this many seconds without a new point (default: follow until Ctrl+C)."),
                      QStringLiteral("seconds")});
    TelemetryOption::add(parser);
    AttachParityWatch::addOptions(parser);
    parser.addPositionalArgument(
        QStringLiteral("HOST:PATH"),
        QCoreApplication::translate("AttachCommand", "The log: ssh host alias and remote path, or a local path."));
}

int AttachCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        return usageError(context, QStringLiteral("expected one HOST:PATH"));
    LaunchRecord record;
    QString path = args.first();
    // HOST:PATH as scp writes it; a path with a '/' before the first ':' is local.
    const int colon = path.indexOf(QLatin1Char(':'));
    if (colon > 0 && !path.left(colon).contains(QLatin1Char('/'))) {
        record.host = path.left(colon);
        path = path.mid(colon + 1);
    }
    if (path.isEmpty())
        return usageError(context, QStringLiteral("no path after \"%1:\"").arg(record.host));
    record.sshConfig = HostOptions::sshConfig(parser);
    record.name = parser.value(QStringLiteral("name"));
    bool ok = true;
    const double idle
        = parser.isSet(QStringLiteral("idle-exit")) ? parser.value(QStringLiteral("idle-exit")).toDouble(&ok) : 0;
    if (!ok || !std::isfinite(idle) || idle < 0 || idle > 1000000)
        return usageError(context, QStringLiteral("--idle-exit needs a number of seconds from 0 to 1000000"));
    const bool json = parser.isSet(QStringLiteral("json"));
    AttachParityWatch parity;
    QString parityError;
    if (!parity.prepare(parser, &parityError))
        return usageError(context, parityError);
    if (const QString invalid = TelemetryOption::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);

    LaunchWorkspace workspace(RunsCliSupport::workspaceRoot(parser));
    RunController controller(workspace);
    RunsCliSupport::useSavedFormats(controller);
    TelemetryOption::apply(parser, context, controller);
    QEventLoop loop;
    QString id;
    const auto stopFollowing = [&] {
        QString stopError;
        controller.stop(id, 0, &stopError);
        loop.quit();
    };
    // Connected before attaching: with --from-start the lines already in a local file are parsed
    // (on the run's reading thread) and their points signalled in the loop below; they are printed
    // and judged too (a --fail-fast stop is queued, so it runs once id is known).
    RunsCliSupport::reportProgress(&loop, controller, context.out(), context.err(), json);
    parity.watch(&loop, controller, context, json, stopFollowing);
    QString error;
    id = controller.attach(record, path, parser.isSet(QStringLiteral("from-start")), &error);
    if (id.isEmpty()) {
        // An unknown host or a missing log is an input error, not a negative answer.
        context.err() << "portbench-cli attach: " << error << '\n';
        return ExitCode::UsageError;
    }
    context.err() << "run " << id << ": following " << args.first() << '\n';
    context.err().flush();

    QTimer idleTimer;
    idleTimer.setSingleShot(true);
    QObject::connect(&idleTimer, &QTimer::timeout, &loop, stopFollowing);
    if (idle > 0)
        QObject::connect(&controller, &RunController::pointsAppended, &idleTimer,
                         [&idleTimer, idle] { idleTimer.start(int(idle * 1000)); });
    if (idle > 0)
        idleTimer.start(int(idle * 1000));
    RunsCliSupport::onInterrupt(stopFollowing);
    loop.exec();
    const LaunchRecord final = workspace.load(id);
    if (!json)
        RunsCliSupport::printRun(context.out(), final);
    return parity.exitCode();
}

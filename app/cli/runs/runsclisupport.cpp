// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runsclisupport.h"

#include "clicommand.h"

#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/sources/logs/userformat.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSocketNotifier>
#include <QTextStream>

#include <cmath>
#include <csignal>
#include <unistd.h>

namespace RunsCliSupport {

namespace {
int interruptPipe[2] = {-1, -1};

void handleSignal(int)
{
    const char c = 1;
    // write() is async-signal-safe; the event loop picks the byte up.
    [[maybe_unused]] const auto n = ::write(interruptPipe[1], &c, 1);
}
} // namespace

void addWorkspaceOption(QCommandLineParser &parser)
{
    parser.addOption(
        {QStringLiteral("workspace"),
         QCoreApplication::translate("RunsCliSupport",
                                     "Run workspace folder (default: $PORTBENCH_WORKSPACE, the GUI setting, or %1).")
             .arg(LaunchWorkspace::defaultRoot()),
         QStringLiteral("dir")});
}

QString workspaceRoot(const QCommandLineParser &parser)
{
    const QSettings settings;
    return LaunchWorkspace::resolveRoot(parser.value(QStringLiteral("workspace")),
                                        settings.value(LaunchWorkspace::settingsKey()).toString());
}

QString backendProblem(const QString &id, CliContext &context)
{
    if (id.isEmpty() || context.plugins().backend(id))
        return {};
    QStringList known;
    for (const LoadedBackend &b : context.plugins().backends())
        known << b.backend->info().id;
    return QStringLiteral("unknown backend '%1' (%2; see `portbench-cli plugins`)")
        .arg(id, known.join(QStringLiteral(", ")));
}

QString summaryLine(const LaunchRecord &r)
{
    QString line = QStringLiteral("step %1").arg(r.lastStep);
    if (std::isfinite(r.lastLoss))
        line += QStringLiteral("  loss %1").arg(NumberText::number(r.lastLoss));
    if (std::isfinite(r.tokensPerSecond))
        line += QStringLiteral("  tokens/s %1").arg(NumberText::fixed(r.tokensPerSecond, 0));
    return line;
}

void printRun(QTextStream &out, const LaunchRecord &r)
{
    out << r.id << '\t' << LaunchRecord::statusName(r.status);
    if (r.status == LaunchRecord::Status::Finished || r.status == LaunchRecord::Status::Failed)
        out << '(' << r.exitCode << ')';
    out << '\t' << LaunchRecord::kindName(r.kind) << '\t' << (r.host.isEmpty() ? QStringLiteral("localhost") : r.host)
        << '\t' << (r.lastStep >= 0 ? summaryLine(r) : QStringLiteral("-")) << '\t' << r.name << '\n';
}

QByteArray pointsAsJsonLines(const RunMetrics &chunk)
{
    QByteArray out;
    const QStringList names = chunk.metricNames();
    for (int p = 0; p < chunk.pointCount(); ++p) {
        QJsonObject o{{QStringLiteral("step"), chunk.step(p)}};
        for (const QString &name : names) {
            const double v = chunk.value(p, name);
            if (!RunMetrics::isMissing(v))
                o[name] = std::isfinite(v) ? QJsonValue(v) : QJsonValue(QString::number(v));
        }
        out += QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

void reportProgress(QObject *receiver, const RunController &controller, QTextStream &out, QTextStream &err, bool json)
{
    QObject::connect(&controller, &RunController::pointsAppended, receiver,
                     [&controller, &out, json](const QString &id, const RunMetrics &chunk) {
                         if (json)
                             out << QString::fromUtf8(pointsAsJsonLines(chunk));
                         else
                             out << summaryLine(controller.record(id)) << '\n';
                         out.flush();
                     });
    QObject::connect(&controller, &RunController::connectionStateChanged, receiver,
                     [&err](const QString &, const QString &state) {
                         if (!state.isEmpty()) {
                             err << "ssh: " << state << '\n';
                             err.flush();
                         }
                     });
    QObject::connect(
        &controller, &RunController::warning, receiver, [&out, &err, json](const QString &, const QString &message) {
            err << "warning: " << message << '\n';
            err.flush();
            if (json) {
                out << QJsonDocument(QJsonObject{{QStringLiteral("warning"), message}}).toJson(QJsonDocument::Compact)
                    << '\n';
                out.flush();
            }
        });
}

void onInterrupt(std::function<void()> onInterrupt)
{
    if (interruptPipe[0] < 0 && ::pipe(interruptPipe) != 0)
        return;
    auto notifier = new QSocketNotifier(interruptPipe[0], QSocketNotifier::Read);
    QObject::connect(notifier, &QSocketNotifier::activated, notifier, [notifier, onInterrupt] {
        char c;
        [[maybe_unused]] const auto n = ::read(interruptPipe[0], &c, 1);
        notifier->setEnabled(false);
        // The second Ctrl+C gets the default action: the user means it.
        std::signal(SIGINT, SIG_DFL);
        onInterrupt();
    });
    std::signal(SIGINT, handleSignal);
    std::signal(SIGTERM, handleSignal);
}

void useSavedFormats(RunController &controller)
{
    controller.setUserFormatSource([] {
        QSettings settings;
        return UserFormat::load(settings);
    });
}

int exitCodeFor(const LaunchRecord &record)
{
    return record.status == LaunchRecord::Status::Finished && record.exitCode == 0 ? ExitCode::Ok : ExitCode::Failed;
}

} // namespace RunsCliSupport

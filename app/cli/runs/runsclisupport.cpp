#include "runsclisupport.h"

#include "runs/runworkspace.h"

#include <QSettings>
#include <QTextStream>

#include <cmath>

namespace RunsCliSupport {

void addWorkspaceOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("workspace"),
                      QStringLiteral("Run workspace folder (default: $PORTBENCH_WORKSPACE, the GUI setting, or %1).")
                          .arg(RunWorkspace::defaultRoot()),
                      QStringLiteral("dir")});
}

QString workspaceRoot(const QCommandLineParser &parser)
{
    const QSettings settings;
    return RunWorkspace::resolveRoot(parser.value(QStringLiteral("workspace")),
                                     settings.value(RunWorkspace::settingsKey()).toString());
}

QString summaryLine(const RunRecord &r)
{
    QString line = QStringLiteral("step %1").arg(r.lastStep);
    if (std::isfinite(r.lastLoss))
        line += QStringLiteral("  loss %1").arg(r.lastLoss, 0, 'g', 6);
    if (std::isfinite(r.tokensPerSecond))
        line += QStringLiteral("  tokens/s %1").arg(r.tokensPerSecond, 0, 'f', 0);
    return line;
}

void printRun(QTextStream &out, const RunRecord &r)
{
    out << r.id << '\t' << RunRecord::statusName(r.status);
    if (r.status == RunRecord::Status::Finished || r.status == RunRecord::Status::Failed)
        out << '(' << r.exitCode << ')';
    out << '\t' << RunRecord::kindName(r.kind) << '\t' << (r.host.isEmpty() ? QStringLiteral("localhost") : r.host)
        << '\t' << (r.lastStep >= 0 ? summaryLine(r) : QStringLiteral("-")) << '\t' << r.name << '\n';
}

} // namespace RunsCliSupport

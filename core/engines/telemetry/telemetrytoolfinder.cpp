// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetrytoolfinder.h"

#include "core/sources/plugins/devicebackend.h"

TelemetryToolFinder::Result TelemetryToolFinder::find(const CommandRunner &runner, const QList<LoadedBackend> &backends)
{
    Result result;
    for (const LoadedBackend &b : backends) {
        if (b.backend->telemetryCommand(1000).isEmpty())
            continue;
        const QString tool = b.backend->info().vendorTool;
        result.tried << tool;
        const CommandResult r = runner.run({QStringLiteral("sh"), QStringLiteral("-c"),
                                            QStringLiteral("command -v \"$1\""), QStringLiteral("sh"), tool});
        if (r.ok()) {
            result.backend = b.backend;
            return result;
        }
        // `command -v` says "not found" with 1 (bash) or 127 (dash); anything else (ssh's 255, a
        // timeout) is the way there failing.
        if (!r.started || r.timedOut || (r.exitCode != 1 && r.exitCode != 127)) {
            result.unreachable = r.summary();
            return result;
        }
    }
    return result;
}

QString TelemetryToolFinder::noToolText(const CommandRunner &runner, const Result &result)
{
    return QStringLiteral("no device tool on %1 (looked for %2)")
        .arg(runner.describe(), result.tried.join(QStringLiteral(", ")));
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryoption.h"

#include "clicommand.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/engines/telemetry/telemetryschedule.h"

#include <QCoreApplication>
#include <QHash>

namespace TelemetryOption {

namespace {

const QString offName = QStringLiteral("no-telemetry");
const QString intervalName = QStringLiteral("telemetry-interval");

} // namespace

void add(QCommandLineParser &parser)
{
    parser.addOption({offName,
                      QCoreApplication::translate(
                          "TelemetryOption",
                          "Do not record the devices' telemetry (utilisation, memory, power, temperature) in "
                          "the run's folder; by default the vendor tool found on the run's host is sampled "
                          "while this command follows the run.")});
    parser.addOption({intervalName,
                      QCoreApplication::translate("TelemetryOption",
                                                  "Seconds between telemetry samples (0.1 to 3600). Default: 1 s for "
                                                  "the first 10 minutes, then 5 s, after an hour 15 s."),
                      QStringLiteral("SECONDS")});
}

QString validate(const QCommandLineParser &parser)
{
    if (parser.isSet(intervalName) && TelemetrySchedule::intervalMsFromSeconds(parser.value(intervalName)) == 0)
        return QStringLiteral("--%1 must be a number of seconds from 0.1 to 3600, not '%2'")
            .arg(intervalName, parser.value(intervalName));
    return {};
}

void apply(const QCommandLineParser &parser, CliContext &context, RunController &controller)
{
    if (parser.isSet(offName))
        return;
    const int intervalMs
        = parser.isSet(intervalName) ? TelemetrySchedule::intervalMsFromSeconds(parser.value(intervalName)) : 0;
    controller.setTelemetry(context.plugins().backends(), intervalMs);
    QTextStream &err = context.err();
    QObject::connect(&controller, &RunController::telemetryNote, &controller,
                     [&err](const QString &, const QString &text) {
                         err << "telemetry: " << text << '\n';
                         err.flush();
                     });
    // Each of a run's notes once, as it is added.
    QObject::connect(&controller, &RunController::recordChanged, &controller,
                     [&err, printed = QHash<QString, qsizetype>()](const LaunchRecord &record) mutable {
                         qsizetype &count = printed[record.id];
                         for (; count < record.notes.size(); ++count)
                             err << "note: " << record.notes.at(count) << '\n';
                         err.flush();
                     });
}

} // namespace TelemetryOption

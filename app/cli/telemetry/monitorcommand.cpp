// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "monitorcommand.h"

#include "hostoptions.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"
#include "reference/interruptflag.h"
#include "core/engines/telemetry/telemetryappender.h"
#include "core/engines/telemetry/telemetryfile.h"
#include "core/engines/telemetry/telemetryflags.h"
#include "core/engines/telemetry/telemetrymetric.h"
#include "core/engines/telemetry/telemetrysampler.h"
#include "core/engines/telemetry/telemetryschedule.h"
#include "core/engines/telemetry/telemetrytoolfinder.h"
#include "telemetrytext.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>

QString MonitorCommand::summary() const
{
    return QCoreApplication::translate(
        "MonitorCommand",
        "Device telemetry (utilisation, memory, power, temperature) of a job started elsewhere, here or over SSH: "
        "printed live, flagged and appended to a file.");
}

void MonitorCommand::addOptions(QCommandLineParser &parser)
{
    HostOptions::add(parser);
    parser.addOption({QStringLiteral("backend"),
                      QCoreApplication::translate("MonitorCommand",
                                                  "auto (default: the first backend whose tool the host has), or a "
                                                  "backend plugin's id (see `portbench-cli plugins`)."),
                      QStringLiteral("NAME"), QStringLiteral("auto")});
    parser.addOption(
        {QStringLiteral("interval"),
         QCoreApplication::translate("MonitorCommand",
                                     "Seconds between samples (0.1 to 3600). Default: 1 s for the first 10 minutes, "
                                     "then 5 s, after an hour 15 s."),
         QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("out"),
                      QCoreApplication::translate(
                          "MonitorCommand", "Append the samples to FILE (portbench-telemetry/1, read by `parse`)."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("json"),
                      QCoreApplication::translate("MonitorCommand", "Print each sample and flag as a JSON line.")});
    parser.addOption({QStringLiteral("duration"),
                      QCoreApplication::translate("MonitorCommand", "Stop after SECONDS (default: until Ctrl-C)."),
                      QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("samples"),
                      QCoreApplication::translate("MonitorCommand", "Stop after N device samples."),
                      QStringLiteral("N")});
}

int MonitorCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (const QString invalid = HostOptions::validate(parser); !invalid.isEmpty())
        return usageError(context, invalid);
    if (!parser.positionalArguments().isEmpty())
        return usageError(context, QStringLiteral("monitor takes no file; use --out FILE"));
    int intervalMs = 0;
    if (parser.isSet(QStringLiteral("interval"))) {
        intervalMs = TelemetrySchedule::intervalMsFromSeconds(parser.value(QStringLiteral("interval")));
        if (intervalMs == 0)
            return usageError(context,
                              QStringLiteral("--interval must be a number of seconds from 0.1 to 3600, not '%1'")
                                  .arg(parser.value(QStringLiteral("interval"))));
    }
    qint64 durationMs = 0;
    if (parser.isSet(QStringLiteral("duration"))) {
        bool ok = false;
        const double s = parser.value(QStringLiteral("duration")).toDouble(&ok);
        if (!ok || !(s > 0) || s > 1e7)
            return usageError(context,
                              QStringLiteral("--duration must be a positive number of seconds, not '%1'")
                                  .arg(parser.value(QStringLiteral("duration"))));
        durationMs = qint64(s * 1000);
    }
    qint64 sampleLimit = 0;
    if (parser.isSet(QStringLiteral("samples"))) {
        bool ok = false;
        sampleLimit = parser.value(QStringLiteral("samples")).toLongLong(&ok);
        if (!ok || sampleLimit <= 0)
            return usageError(context,
                              QStringLiteral("--samples must be a positive whole number, not '%1'")
                                  .arg(parser.value(QStringLiteral("samples"))));
    }

    const CommandRunner runner = HostOptions::runner(parser);
    const QString backendId = parser.value(QStringLiteral("backend"));
    const DeviceBackend *backend = nullptr;
    if (backendId == QLatin1String("auto")) {
        const TelemetryToolFinder::Result found = TelemetryToolFinder::find(runner, context.plugins().backends());
        if (!found.unreachable.isEmpty()) {
            context.err() << "portbench-cli monitor: cannot ask " << runner.describe()
                          << " for its device tools: " << found.unreachable << '\n';
            return ExitCode::UsageError;
        }
        if (!found.backend) {
            context.err() << "portbench-cli monitor: " << TelemetryToolFinder::noToolText(runner, found) << '\n';
            return ExitCode::Failed;
        }
        backend = found.backend;
    } else {
        backend = context.plugins().backend(backendId);
        if (!backend || backend->telemetryCommand(1000).isEmpty())
            return usageError(context, QStringLiteral("backend '%1' is not loaded or has no telemetry").arg(backendId));
    }
    const QString host = TelemetrySampler::hostFor(runner);

    TelemetryAppender appender;
    if (parser.isSet(QStringLiteral("out"))) {
        if (!appender.open(parser.value(QStringLiteral("out"))))
            return usageError(context, appender.error());
        if (!appender.append(
                TelemetryFile::header(host, backend->createTelemetryReader()->tool(), TelemetryMetric::all())))
            return usageError(context, appender.error());
    }

    const bool json = parser.isSet(QStringLiteral("json"));
    QTextStream &out = context.out();
    TelemetryFlags flags;
    TelemetrySampler sampler(runner, backend, host, intervalMs);
    QEventLoop loop;
    qint64 count = 0;
    int exitCode = ExitCode::Ok;
    QObject::connect(
        &sampler, &TelemetrySampler::samplesReady, &loop,
        [&](const QString &from, const QList<TelemetrySample> &samples) {
            const QList<TelemetrySample> taken = sampleLimit > 0
                ? samples.mid(0, qsizetype(std::min<qint64>(samples.size(), sampleLimit - count)))
                : samples;
            count += taken.size();
            // Recorded before shown: whatever the monitor printed is in the file, however it ends.
            QByteArray rows;
            for (const TelemetrySample &s : taken)
                rows += TelemetryFile::row(s, TelemetryMetric::all());
            if (appender.isOpen() && !appender.append(rows)) {
                context.err() << "portbench-cli monitor: " << appender.error() << '\n';
                exitCode = ExitCode::UsageError;
                loop.quit();
                return;
            }
            for (const TelemetrySample &s : taken) {
                flags.add(from, s);
                if (json)
                    out << QJsonDocument(TelemetryText::sampleJson(from, s)).toJson(QJsonDocument::Compact) << '\n';
                else
                    out << TelemetryText::sampleLine(from, s) << '\n';
            }
            const int raised = flags.takeNewCount();
            for (qsizetype i = flags.flags().size() - raised; i < flags.flags().size(); ++i) {
                if (json)
                    out << QJsonDocument(TelemetryText::flagJson(flags.flags()[i])).toJson(QJsonDocument::Compact)
                        << '\n';
                else
                    out << "FLAG " << flags.flags()[i].text() << '\n';
            }
            out.flush();
            if (sampleLimit > 0 && count >= sampleLimit)
                loop.quit();
        });
    QObject::connect(&sampler, &TelemetrySampler::note, &loop, [&](const QString &from, const QString &text) {
        context.err() << "portbench-cli monitor: " << from << ": " << text << '\n';
        context.err().flush();
    });
    InterruptFlag interrupt;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (interrupt.raised())
            loop.quit();
    });
    poll.start(100);
    if (durationMs > 0)
        QTimer::singleShot(durationMs, &loop, &QEventLoop::quit);
    sampler.start();
    loop.exec();
    sampler.stop();
    appender.close();
    flags.finish();
    if (!json) {
        out << count << " samples from " << host;
        if (appender.isOpen() || parser.isSet(QStringLiteral("out")))
            out << ", appended to " << parser.value(QStringLiteral("out"));
        out << '\n';
        for (const TelemetryFlag &f : flags.flags())
            out << "flag: " << f.text() << '\n';
    }
    return exitCode;
}

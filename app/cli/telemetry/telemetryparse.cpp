// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryparse.h"

#include "clicommand.h"
#include "logs/runpointswriter.h"
#include "core/base/model/numbertext.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/engines/telemetry/telemetrycapture.h"
#include "telemetrytext.h"

#include <QJsonArray>
#include <QJsonObject>

namespace {

/// A device's samples as {"time_ms": [...], "util": [...], ...}, written in pieces: a week of 1 s
/// samples is never a JSON document in memory.
void writeColumns(RunPointsWriter &writer, const TelemetrySeries &s)
{
    constexpr qsizetype piece = 1 << 20;
    QByteArray out = QByteArrayLiteral("{\"time_ms\": [");
    for (size_t i = 0; i < s.size(); ++i) {
        if (i)
            out += ", ";
        NumberText::appendInteger(out, s.time(i));
        if (out.size() > piece) {
            writer.write(out);
            out.clear();
        }
    }
    out += ']';
    for (const QString &m : s.metrics()) {
        out += ", \"" + m.toUtf8() + "\": [";
        for (size_t i = 0; i < s.size(); ++i) {
            if (i)
                out += ", ";
            NumberText::appendJson(out, s.value(m, i));
            if (out.size() > piece) {
                writer.write(out);
                out.clear();
            }
        }
        out += ']';
    }
    out += '}';
    writer.write(out);
}

/// One file's summary in the "telemetry" list, each device's "columns" streamed into its place.
void writeJson(RunPointsWriter &writer, const QString &file, const TelemetryRecording &recording,
               const QList<TelemetryFlag> &flags, bool columns)
{
    QJsonObject o = TelemetryText::summaryJson(file, recording, flags);
    if (!columns) {
        writer.writeJsonItem(o);
        return;
    }
    QJsonArray devices = o.value(QStringLiteral("devices")).toArray();
    for (qsizetype i = 0; i < devices.size(); ++i) {
        QJsonObject d = devices[i].toObject();
        d.insert(QStringLiteral("columns"), RunPointsWriter::streamedValue(int(i)));
        devices[i] = d;
    }
    o.insert(QStringLiteral("devices"), devices);
    writer.writeJsonItem(o, [&](int device) { writeColumns(writer, recording.series[size_t(device)]); });
}

} // namespace

bool TelemetryParse::allAreTelemetry(const QStringList &files, CliContext &context, bool *anyIs)
{
    const QList<const DeviceBackend *> backends = context.plugins().deviceBackends();
    int count = 0;
    for (const QString &f : files)
        count += TelemetryCapture::recognises(TelemetryCapture::head(f), backends) ? 1 : 0;
    *anyIs = count > 0;
    return count == files.size();
}

int TelemetryParse::run(const QStringList &files, bool json, bool columns, RunPointsWriter &writer, CliContext &context)
{
    const QList<const DeviceBackend *> backends = context.plugins().deviceBackends();
    int exitCode = ExitCode::Ok;
    for (const QString &file : files) {
        const TelemetryCapture::Result r = TelemetryCapture::read(file, backends);
        if (!r) {
            writer.flush();
            context.err() << "portbench-cli parse: " << r.error << '\n';
            exitCode = ExitCode::UsageError;
            continue;
        }
        const QList<TelemetryFlag> flags = TelemetryFlags::compute(r.recording);
        if (!json) {
            TelemetryText::printSummary(context.out(), file, r.recording, flags);
            continue;
        }
        writeJson(writer, file, r.recording, flags, columns);
    }
    return exitCode;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/telemetry/telemetryflags.h"
#include "core/engines/telemetry/telemetryrecording.h"

#include <QJsonObject>
#include <QTextStream>

/// How `parse` and `monitor` show telemetry: a sample as a line of text or of JSON, a flag, and a
/// recording's per-device summary.
namespace TelemetryText {
/// "2026-11-23T10:00:01.123Z" for a clock time, "+12.000 s" for a capture counted from its start.
QString time(qint64 ms);
/// "host:0  util 97 %  mem_percent 61.5 %  power_w 612 W …"
QString sampleLine(const QString &host, const TelemetrySample &sample);
QJsonObject sampleJson(const QString &host, const TelemetrySample &sample);
QJsonObject flagJson(const TelemetryFlag &flag);
/// The summary: devices, their means and peaks, flags, notes and unread lines.
void printSummary(QTextStream &out, const QString &file, const TelemetryRecording &recording,
                  const QList<TelemetryFlag> &flags);
/// The same as JSON (without the samples: TelemetryParse streams those into it).
QJsonObject summaryJson(const QString &file, const TelemetryRecording &recording, const QList<TelemetryFlag> &flags);
} // namespace TelemetryText

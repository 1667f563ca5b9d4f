// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "mlutelemetryreader.h"

#include "core/engines/telemetry/telemetrymetric.h"

bool MluTelemetryReader::recognises(QByteArrayView head)
{
    return head.startsWith("cnmon-watch ");
}

TelemetryReader::LineResult MluTelemetryReader::readLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    const QStringList cells = QString::fromUtf8(line).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (cells.isEmpty() || cells.first() == QLatin1String("cnmon-watch"))
        return r;
    bool okIndex = false, okUtil = false, okMem = false;
    if (cells.size() == 3) {
        cells[0].toInt(&okIndex);
        cells[1].toDouble(&okUtil);
        cells[2].toDouble(&okMem);
    }
    if (!okIndex || !okUtil || !okMem) {
        r.problem = QStringLiteral("not 'INDEX UTIL MEM'");
        return r;
    }
    TelemetrySample s;
    s.device = cells[0];
    if (arrivalMs >= 0) {
        s.timeMs = arrivalMs;
    } else {
        s.timeMs = m_clock.timeOf(s.device);
    }
    s.values
        = {{TelemetryMetric::utilisation, cells[1].toDouble()}, {TelemetryMetric::memoryPercent, cells[2].toDouble()}};
    r.samples << s;
    return r;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "npusmiwatchreader.h"

#include "telemetry/telemetrymetric.h"

#include <QRegularExpression>

#include <cmath>

namespace {

const QString npuColumn = QStringLiteral("NpuID(Idx)");
const QString chipColumn = QStringLiteral("ChipId(Idx)");

QString metricFor(const QString &column)
{
    if (column == QLatin1String("AI Core(%)"))
        return TelemetryMetric::utilisation;
    if (column == QLatin1String("Memory(%)"))
        return TelemetryMetric::memoryPercent;
    if (column == QLatin1String("Memory BW(%)"))
        return TelemetryMetric::memoryActivity;
    if (column == QLatin1String("Pwr(W)"))
        return TelemetryMetric::powerWatts;
    if (column == QLatin1String("Temp(C)"))
        return TelemetryMetric::temperatureC;
    return {};
}

} // namespace

bool NpuSmiWatchReader::recognises(QByteArrayView head)
{
    return head.trimmed().startsWith(QByteArrayView("NpuID(Idx)"));
}

TelemetryReader::LineResult NpuSmiWatchReader::readLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    const QString text = QString::fromUtf8(line).trimmed();
    if (text.isEmpty())
        return r;
    if (text.startsWith(npuColumn)) {
        // Every column name ends in its unit in parentheses; names hold single spaces ("AI Core(%)").
        static const QRegularExpression after(QStringLiteral("(?<=\\))\\s+"));
        m_columns = text.split(after, Qt::SkipEmptyParts);
        return r;
    }
    if (m_columns.isEmpty()) {
        r.problem = QStringLiteral("a sample before the NpuID(Idx) header");
        return r;
    }
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    const QStringList cells = text.split(spaces, Qt::SkipEmptyParts);
    if (cells.size() != m_columns.size()) {
        r.problem
            = QStringLiteral("%1 values where the header names %2 columns").arg(cells.size()).arg(m_columns.size());
        return r;
    }
    TelemetrySample s;
    QString npu, chip;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        const QString &column = m_columns[i];
        if (column == npuColumn) {
            npu = cells[i];
            continue;
        }
        if (column == chipColumn) {
            chip = cells[i];
            continue;
        }
        const QString metric = metricFor(column);
        if (metric.isEmpty())
            continue;
        bool ok = false;
        const double v = cells[i].toDouble(&ok);
        if (ok)
            s.values.append({metric, v});
        else if (cells[i] != QLatin1String("NA") && cells[i] != QLatin1String("-")) {
            r.problem = QStringLiteral("'%1' is not a number (%2)").arg(cells[i].left(40), column);
            return r;
        }
    }
    bool isIndex = false;
    npu.toInt(&isIndex);
    if (!isIndex) {
        r.problem = QStringLiteral("'%1' is not an NPU id").arg(npu.left(40));
        return r;
    }
    s.device = chip.isEmpty() ? npu : npu + QLatin1Char(':') + chip;
    if (arrivalMs >= 0) {
        s.timeMs = arrivalMs;
    } else {
        s.timeMs = m_clock.timeOf(s.device);
    }
    r.samples << s;
    return r;
}

QString NpuSmiWatchReader::note() const
{
    return m_clock.used() ? QStringLiteral("npu-smi info watch prints no clock: its samples are counted at the "
                                           "tool's default 1 s delay from the first")
                          : QString();
}

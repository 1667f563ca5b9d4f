// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "npusmiwatchreader.h"

#include "core/engines/telemetry/telemetrymetric.h"

#include <QRegularExpression>

#include <algorithm>
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
    const QByteArrayView start = head.trimmed();
    // The sampler's output opens with the usages blocks; a hand capture of the watch with its header.
    return start.startsWith(QByteArrayView("NpuID(Idx)"))
        || (start.startsWith(QByteArrayView("NPU ID")) && head.contains(QByteArrayView("HBM Capacity(MB)")));
}

void NpuSmiWatchReader::readUsagesLine(const QString &text)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    const QString name = text.left(colon).trimmed();
    const QString value = text.mid(colon + 1).trimmed();
    if (name == QLatin1String("NPU ID")) {
        m_usagesNpu = value;
        m_usagesChip = {};
    } else if (name == QLatin1String("HBM Capacity(MB)")) {
        m_usagesChip.hbmMiB = value.toDouble();
    } else if (name == QLatin1String("DDR Capacity(MB)")) {
        m_usagesChip.hasDdr = value.toDouble() > 0;
    } else if (name == QLatin1String("Chip ID")) {
        // A chip's block ends with its id.
        if (m_usagesChip.hbmMiB > 0) {
            m_memory.insert(m_usagesNpu + QLatin1Char(':') + value, m_usagesChip);
            ++m_chipsOfNpu[m_usagesNpu];
        }
        m_usagesChip = {};
    }
}

NpuSmiWatchReader::ChipMemory NpuSmiWatchReader::memoryOf(const QString &npu, const QString &chip) const
{
    if (!chip.isEmpty())
        return m_memory.value(npu + QLatin1Char(':') + chip);
    // A watch without the ChipId column names the NPU: its size is clear when it has one chip.
    if (m_chipsOfNpu.value(npu) != 1)
        return {};
    const QString prefix = npu + QLatin1Char(':');
    for (auto it = m_memory.cbegin(); it != m_memory.cend(); ++it) {
        if (it.key().startsWith(prefix))
            return *it;
    }
    return {};
}

TelemetryReader::LineResult NpuSmiWatchReader::readLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    const QString text = QString::fromUtf8(line).trimmed();
    if (text.isEmpty())
        return r;
    if (m_columns.isEmpty() && text.contains(QLatin1String(" : "))) {
        readUsagesLine(text);
        return r;
    }
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
    if (const ChipMemory memory = memoryOf(npu, chip); memory.hbmMiB > 0) {
        s.values.append({TelemetryMetric::memoryTotalMiB, memory.hbmMiB});
        const auto percent = std::find_if(s.values.cbegin(), s.values.cend(), [](const QPair<QString, double> &v) {
            return v.first == TelemetryMetric::memoryPercent;
        });
        if (!memory.hasDdr && percent != s.values.cend())
            s.values.append({TelemetryMetric::memoryUsedMiB, std::round(percent->second * memory.hbmMiB / 100)});
    }
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

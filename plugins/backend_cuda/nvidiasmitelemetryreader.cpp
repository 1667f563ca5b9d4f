// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "nvidiasmitelemetryreader.h"

#include "core/engines/telemetry/telemetrymetric.h"

#include <QDateTime>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

const QStringList NvidiaSmiTelemetryReader::queryFields{
    QStringLiteral("timestamp"),       QStringLiteral("index"),
    QStringLiteral("utilization.gpu"), QStringLiteral("utilization.memory"),
    QStringLiteral("memory.used"),     QStringLiteral("memory.total"),
    QStringLiteral("power.draw"),      QStringLiteral("temperature.gpu"),
    QStringLiteral("clocks.sm"),       QStringLiteral("clocks_throttle_reasons.active"),
};

namespace {

// NVML's clock event reasons that slow a busy GPU down: SW power cap, HW slowdown, SW/HW thermal
// slowdown, HW power brake. Idle (0x1), application clocks (0x2), sync boost (0x10) and display
// clocks (0x200) are not throttling.
constexpr qulonglong throttleMask = 0x4 | 0x8 | 0x40 | 0x80 | 0x100;

QStringList splitCsv(QByteArrayView line)
{
    QStringList cells = QString::fromUtf8(line).split(QLatin1Char(','));
    for (QString &c : cells)
        c = c.trimmed();
    return cells;
}

/// "utilization.gpu [%]" → "utilization.gpu".
QString fieldName(const QString &header)
{
    const qsizetype bracket = header.indexOf(QLatin1String(" ["));
    return bracket < 0 ? header : header.left(bracket);
}

QString metricFor(const QString &field)
{
    if (field == QLatin1String("utilization.gpu"))
        return TelemetryMetric::utilisation;
    if (field == QLatin1String("utilization.memory"))
        return TelemetryMetric::memoryActivity;
    if (field == QLatin1String("memory.used"))
        return TelemetryMetric::memoryUsedMiB;
    if (field == QLatin1String("memory.total"))
        return TelemetryMetric::memoryTotalMiB;
    if (field == QLatin1String("power.draw"))
        return TelemetryMetric::powerWatts;
    if (field == QLatin1String("temperature.gpu"))
        return TelemetryMetric::temperatureC;
    if (field == QLatin1String("clocks.sm") || field == QLatin1String("clocks.current.sm"))
        return TelemetryMetric::clockMHz;
    return {};
}

/// A `nvidia-smi dmon` column's metric: `sm` and `mem` are the same utilisations as the query's
/// utilization.gpu / utilization.memory, `fb` the frame buffer used (MB), `pclk` the SM clock.
QString dmonMetricFor(const QString &column)
{
    if (column == QLatin1String("sm"))
        return TelemetryMetric::utilisation;
    if (column == QLatin1String("mem"))
        return TelemetryMetric::memoryActivity;
    if (column == QLatin1String("fb"))
        return TelemetryMetric::memoryUsedMiB;
    if (column == QLatin1String("pwr"))
        return TelemetryMetric::powerWatts;
    if (column == QLatin1String("gtemp") || column == QLatin1String("temp")) // `temp` before driver 410
        return TelemetryMetric::temperatureC;
    if (column == QLatin1String("pclk"))
        return TelemetryMetric::clockMHz;
    return {};
}

/// The column names of a dmon header line (`# gpu   pwr gtemp …`, `#Date Time gpu …`); empty for
/// any other line, the units line (`# Idx W C …`) included.
QStringList dmonColumns(QByteArrayView line)
{
    if (!line.startsWith('#'))
        return {};
    const QStringList columns = QString::fromUtf8(line.sliced(1)).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return columns.contains(QLatin1String("gpu")) ? columns : QStringList();
}

bool isThrottleField(const QString &field)
{
    return field == QLatin1String("clocks_throttle_reasons.active")
        || field == QLatin1String("clocks_event_reasons.active");
}

/// "81559 MiB" → 81559; "[N/A]", "N/A", "[Not Supported]" → NaN.
double number(const QString &cell, bool *ok)
{
    QString t = cell;
    const qsizetype space = t.indexOf(QLatin1Char(' '));
    if (space > 0)
        t.truncate(space);
    if (t.startsWith(QLatin1Char('['))) {
        *ok = true;
        return std::nan("");
    }
    if (t == QLatin1String("N/A")) {
        *ok = true;
        return std::nan("");
    }
    return t.toDouble(ok);
}

} // namespace

bool NvidiaSmiTelemetryReader::recognises(QByteArrayView head)
{
    const qsizetype nl = head.indexOf('\n');
    const QStringList dmon = dmonColumns(nl < 0 ? head : head.first(nl));
    if (!dmon.isEmpty())
        return std::any_of(dmon.cbegin(), dmon.cend(), [](const QString &c) { return !dmonMetricFor(c).isEmpty(); });
    const QStringList cells = splitCsv(nl < 0 ? head : head.first(nl));
    if (cells.size() < 2)
        return false;
    QStringList fields;
    for (const QString &c : cells)
        fields << fieldName(c);
    if (fields.contains(QLatin1String("index"))) // a header
        return std::any_of(fields.cbegin(), fields.cend(), [](const QString &f) { return !metricFor(f).isEmpty(); });
    // No header: the sampler's own field order, its timestamp first.
    static const QRegularExpression stamp(QStringLiteral("^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}$"));
    return cells.size() == queryFields.size() && stamp.match(cells.first()).hasMatch();
}

QString NvidiaSmiTelemetryReader::tool() const
{
    return m_dmon ? QStringLiteral("nvidia-smi dmon") : QStringLiteral("nvidia-smi --query-gpu");
}

TelemetryReader::LineResult NvidiaSmiTelemetryReader::readLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    if (line.trimmed().isEmpty())
        return r;
    if (const QStringList columns = dmonColumns(line); !columns.isEmpty()) {
        m_fields = columns;
        m_sawHeader = m_dmon = true;
        return r;
    }
    if (m_dmon)
        return readDmonLine(line, arrivalMs);
    const QStringList cells = splitCsv(line);
    if (cells.contains(QLatin1String("index"))) {
        m_fields.clear();
        for (const QString &c : cells)
            m_fields << fieldName(c);
        m_sawHeader = true;
        return r;
    }
    if (cells.size() != m_fields.size()) {
        r.problem = QStringLiteral("%1 fields where %2 expects %3")
                        .arg(cells.size())
                        .arg(m_sawHeader ? QStringLiteral("the header") : QStringLiteral("the query"))
                        .arg(m_fields.size());
        return r;
    }
    TelemetrySample s;
    s.timeMs = arrivalMs;
    double used = std::nan(""), total = std::nan("");
    bool haveDevice = false;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        const QString &field = m_fields[i];
        const QString &cell = cells[i];
        if (field == QLatin1String("index")) {
            s.device = cell;
            haveDevice = !cell.isEmpty();
        } else if (field == QLatin1String("timestamp")) {
            const QDateTime t = QDateTime::fromString(cell, QStringLiteral("yyyy/MM/dd HH:mm:ss.zzz"));
            if (!t.isValid()) {
                r.problem = QStringLiteral("'%1' is not a timestamp (yyyy/MM/dd HH:mm:ss.zzz)").arg(cell.left(40));
                return r;
            }
            if (arrivalMs < 0)
                s.timeMs = t.toMSecsSinceEpoch();
        } else if (isThrottleField(field)) {
            bool ok = false;
            const qulonglong bits = cell.toULongLong(&ok, 16);
            if (ok)
                s.values.append({TelemetryMetric::throttled, (bits & throttleMask) ? 1.0 : 0.0});
        } else if (const QString metric = metricFor(field); !metric.isEmpty()) {
            bool ok = false;
            const double v = number(cell, &ok);
            if (!ok) {
                r.problem = QStringLiteral("'%1' is not a number (%2)").arg(cell.left(40), field);
                return r;
            }
            if (std::isnan(v))
                continue;
            s.values.append({metric, v});
            if (metric == TelemetryMetric::memoryUsedMiB)
                used = v;
            else if (metric == TelemetryMetric::memoryTotalMiB)
                total = v;
        }
    }
    if (!haveDevice) {
        r.problem = QStringLiteral("no GPU index");
        return r;
    }
    if (total > 0 && std::isfinite(used))
        s.values.append({TelemetryMetric::memoryPercent, 100.0 * used / total});
    if (s.timeMs < 0) // no clock of its own and none given
        s.timeMs = m_clock.timeOf(s.device);
    r.samples << s;
    return r;
}

TelemetryReader::LineResult NvidiaSmiTelemetryReader::readDmonLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    if (line.startsWith('#')) // the units line under the names
        return r;
    const QStringList cells = QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (cells.size() != m_fields.size()) {
        r.problem = QStringLiteral("%1 columns where the dmon header has %2").arg(cells.size()).arg(m_fields.size());
        return r;
    }
    TelemetrySample s;
    s.timeMs = arrivalMs;
    QString date, time;
    bool throttled = false, knowsThrottling = false;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        const QString &column = m_fields[i];
        const QString &cell = cells[i];
        if (column == QLatin1String("gpu")) {
            s.device = cell;
        } else if (column == QLatin1String("Date")) {
            date = cell;
        } else if (column == QLatin1String("Time")) {
            time = cell;
        } else if (cell == QLatin1String("-")) {
            continue; // not reported by this GPU
        } else if (column == QLatin1String("pviol") || column == QLatin1String("tviol")) {
            // Percent of the interval held back by the power cap; thermal slowdown as 0/1.
            bool ok = false;
            const double v = cell.toDouble(&ok);
            knowsThrottling = knowsThrottling || ok;
            throttled = throttled || (ok && v > 0);
        } else if (const QString metric = dmonMetricFor(column); !metric.isEmpty()) {
            bool ok = false;
            const double v = cell.toDouble(&ok);
            if (!ok) {
                r.problem = QStringLiteral("'%1' is not a number (%2)").arg(cell.left(40), column);
                return r;
            }
            s.values.append({metric, v});
        }
    }
    if (knowsThrottling)
        s.values.append({TelemetryMetric::throttled, throttled ? 1.0 : 0.0});
    if (!date.isEmpty() || !time.isEmpty()) {
        // -o D alone has no time of day: counted like a capture without a clock.
        const QDateTime t = QDateTime::fromString(date + QLatin1Char(' ') + time, QStringLiteral("yyyyMMdd HH:mm:ss"));
        if (!time.isEmpty() && !t.isValid()) {
            r.problem = QStringLiteral("'%1 %2' is not a date and time (YYYYMMDD HH:MM:SS)").arg(date, time.left(20));
            return r;
        }
        if (arrivalMs < 0 && t.isValid())
            s.timeMs = t.toMSecsSinceEpoch();
    }
    if (s.timeMs < 0)
        s.timeMs = m_clock.timeOf(s.device);
    r.samples << s;
    return r;
}

QString NvidiaSmiTelemetryReader::note() const
{
    if (!m_clock.used())
        return {};
    return m_dmon ? QStringLiteral("the dmon capture has no time column (-o T): its samples are counted 1 s apart")
                  : QStringLiteral("the capture has no timestamp column: its samples are counted 1 s apart");
}

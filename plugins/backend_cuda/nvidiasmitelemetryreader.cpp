#include "nvidiasmitelemetryreader.h"

#include "telemetry/telemetrymetric.h"

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

TelemetryReader::LineResult NvidiaSmiTelemetryReader::readLine(QByteArrayView line, qint64 arrivalMs)
{
    LineResult r;
    if (line.trimmed().isEmpty())
        return r;
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

QString NvidiaSmiTelemetryReader::note() const
{
    return m_clock.used() ? QStringLiteral("the capture has no timestamp column: its samples are counted 1 s apart")
                          : QString();
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetrytext.h"

#include "core/base/model/numbertext.h"
#include "core/engines/telemetry/telemetrymetric.h"

#include <QDateTime>
#include <QJsonArray>

#include <cmath>

namespace {

QString valueText(const QString &metric, double v)
{
    const QString unit = TelemetryMetric::unit(metric);
    return unit.isEmpty() ? NumberText::number(v) : NumberText::number(v) + QLatin1Char(' ') + unit;
}

} // namespace

QString TelemetryText::time(qint64 ms)
{
    if (!TelemetryRecording::isClockTime(ms))
        return QStringLiteral("+%1 s").arg(QString::number(double(ms) / 1000, 'f', 3));
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

QString TelemetryText::sampleLine(const QString &host, const TelemetrySample &sample)
{
    QString line = time(sample.timeMs) + QStringLiteral("  ") + host + QLatin1Char(':') + sample.device;
    for (const QString &m : TelemetryMetric::all()) {
        for (const auto &v : sample.values) {
            if (v.first == m)
                line += QStringLiteral("  ") + m + QLatin1Char(' ') + valueText(m, v.second);
        }
    }
    return line;
}

QJsonObject TelemetryText::sampleJson(const QString &host, const TelemetrySample &sample)
{
    QJsonObject o{{QStringLiteral("time_ms"), sample.timeMs},
                  {QStringLiteral("host"), host},
                  {QStringLiteral("device"), sample.device}};
    for (const auto &v : sample.values)
        o.insert(v.first, NumberText::json(v.second));
    return o;
}

QJsonObject TelemetryText::flagJson(const TelemetryFlag &flag)
{
    return {{QStringLiteral("flag"), TelemetryFlag::kindName(flag.kind)},
            {QStringLiteral("host"), flag.host},
            {QStringLiteral("device"), flag.device},
            {QStringLiteral("from_ms"), flag.fromMs},
            {QStringLiteral("to_ms"), flag.toMs},
            {QStringLiteral("samples"), flag.samples},
            {QStringLiteral("text"), flag.text()}};
}

void TelemetryText::printSummary(QTextStream &out, const QString &file, const TelemetryRecording &recording,
                                 const QList<TelemetryFlag> &flags)
{
    out << file << '\n';
    out << "  telemetry:     " << recording.tool << ", " << recording.series.size()
        << (recording.series.size() == 1 ? " device on " : " devices on ") << recording.hosts().size()
        << (recording.hosts().size() == 1 ? " host, " : " hosts, ") << recording.sampleCount << " samples\n";
    for (const TelemetrySeries &s : recording.series) {
        out << "  " << s.label() << ": " << s.size() << " samples";
        if (!s.isEmpty())
            out << ", " << time(s.time(0)) << " .. " << time(s.time(s.size() - 1));
        const auto stat = [&](const QString &label, const QString &metric, bool peak) {
            const double v = peak ? s.max(metric) : s.mean(metric);
            if (!std::isnan(v))
                out << "; " << label << ' ' << valueText(metric, v);
        };
        stat(QStringLiteral("mean util"), TelemetryMetric::utilisation, false);
        stat(QStringLiteral("peak memory"), TelemetryMetric::memoryPercent, true);
        stat(QStringLiteral("peak memory used"), TelemetryMetric::memoryUsedMiB, true);
        stat(QStringLiteral("mean power"), TelemetryMetric::powerWatts, false);
        stat(QStringLiteral("peak temperature"), TelemetryMetric::temperatureC, true);
        out << '\n';
    }
    for (const TelemetryFlag &f : flags)
        out << "  flag:          " << f.text() << '\n';
    if (recording.problemCount > 0) {
        out << "  unread lines:  " << recording.problemCount << '\n';
        for (const QString &p : recording.problems)
            out << "    " << p << '\n';
    }
    for (const QString &n : recording.notes)
        out << "  note:          " << n << '\n';
}

QJsonObject TelemetryText::summaryJson(const QString &file, const TelemetryRecording &recording,
                                       const QList<TelemetryFlag> &flags)
{
    QJsonArray devices;
    for (const TelemetrySeries &s : recording.series) {
        QJsonObject mean, peak;
        for (const QString &m : s.metrics()) {
            mean.insert(m, NumberText::json(s.mean(m)));
            peak.insert(m, NumberText::json(s.max(m)));
        }
        QJsonObject d{{QStringLiteral("host"), s.host()},
                      {QStringLiteral("device"), s.device()},
                      {QStringLiteral("samples"), qint64(s.size())},
                      {QStringLiteral("metrics"), QJsonArray::fromStringList(s.metrics())},
                      {QStringLiteral("mean"), mean},
                      {QStringLiteral("max"), peak}};
        if (!s.isEmpty()) {
            d.insert(QStringLiteral("first_ms"), s.time(0));
            d.insert(QStringLiteral("last_ms"), s.time(s.size() - 1));
        }
        devices.append(d);
    }
    QJsonArray flagArray;
    for (const TelemetryFlag &f : flags)
        flagArray.append(flagJson(f));
    return {{QStringLiteral("file"), file},
            {QStringLiteral("tool"), recording.tool},
            {QStringLiteral("samples"), recording.sampleCount},
            {QStringLiteral("devices"), devices},
            {QStringLiteral("flags"), flagArray},
            {QStringLiteral("unreadLines"), recording.problemCount},
            {QStringLiteral("unread"), QJsonArray::fromStringList(recording.problems)},
            {QStringLiteral("notes"), QJsonArray::fromStringList(recording.notes)}};
}

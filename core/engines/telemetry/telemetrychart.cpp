// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetrychart.h"

#include "telemetrymetric.h"

#include <QCoreApplication>

int TelemetryChart::extend(const TelemetrySeries &series, const QString &metric, ChartCurve &curve)
{
    const size_t from = curve.x.size();
    if (from > series.size())
        return -1;
    curve.x.reserve(series.size());
    curve.y.reserve(series.size());
    for (size_t i = from; i < series.size(); ++i) {
        curve.x.push_back(double(series.time(i)) / 1000);
        curve.y.push_back(series.value(metric, i));
    }
    return int(from);
}

QStringList TelemetryChart::metrics(const TelemetryRecording &recording)
{
    QStringList present;
    for (const TelemetrySeries &s : recording.series) {
        for (const QString &m : s.metrics()) {
            if (!present.contains(m))
                present << m;
        }
    }
    QStringList ordered;
    for (const QString &m : TelemetryMetric::all()) {
        if (present.contains(m))
            ordered << m;
    }
    for (const QString &m : std::as_const(present)) {
        if (!ordered.contains(m))
            ordered << m;
    }
    return ordered;
}

ChartSpec TelemetryChart::spec(const TelemetryRecording &recording, const QString &metric)
{
    ChartSpec spec;
    const QString unit = TelemetryMetric::unit(metric);
    spec.title = metric;
    spec.yTitle = unit.isEmpty() ? metric : QStringLiteral("%1 (%2)").arg(metric, unit);
    bool clock = false;
    for (const TelemetrySeries &s : recording.series) {
        if (!s.has(metric) || s.isEmpty())
            continue;
        clock = clock || TelemetryRecording::isClockTime(s.time(0));
        ChartCurve c;
        c.id = s.label();
        c.label = s.label();
        c.detail = recording.tool;
        extend(s, metric, c);
        spec.curves.push_back(std::move(c));
    }
    spec.timeX = clock;
    spec.xTitle = clock ? QCoreApplication::translate("TelemetryChart", "time (UTC)")
                        : QCoreApplication::translate("TelemetryChart", "seconds since the first sample");
    return spec;
}

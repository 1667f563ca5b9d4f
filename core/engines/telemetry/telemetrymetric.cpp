// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetrymetric.h"

QStringList TelemetryMetric::all()
{
    return {utilisation, memoryActivity, memoryPercent, memoryUsedMiB, memoryTotalMiB,
            powerWatts,  temperatureC,   clockMHz,      throttled};
}

QString TelemetryMetric::unit(const QString &metric)
{
    if (metric == utilisation || metric == memoryActivity || metric == memoryPercent)
        return QStringLiteral("%");
    if (metric == memoryUsedMiB || metric == memoryTotalMiB)
        return QStringLiteral("MiB");
    if (metric == powerWatts)
        return QStringLiteral("W");
    if (metric == temperatureC)
        return QStringLiteral("°C");
    if (metric == clockMHz)
        return QStringLiteral("MHz");
    return {};
}

bool TelemetryMetric::isValidName(const QString &metric)
{
    if (metric.isEmpty() || metric.size() > 64)
        return false;
    for (const QChar c : metric) {
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && c != u'_')
            return false;
    }
    return true;
}

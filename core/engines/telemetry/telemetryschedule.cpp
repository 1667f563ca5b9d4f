// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryschedule.h"

#include <algorithm>
#include <cmath>

int TelemetrySchedule::adaptiveIntervalMs(qint64 elapsedMs)
{
    if (elapsedMs < 10 * 60 * 1000)
        return 1000;
    if (elapsedMs < 60 * 60 * 1000)
        return 5000;
    return 15000;
}

int TelemetrySchedule::stallTimeoutMs(int intervalMs)
{
    return std::max(2000, 3 * intervalMs);
}

int TelemetrySchedule::intervalMsFromSeconds(const QString &seconds)
{
    bool ok = false;
    const double s = seconds.toDouble(&ok);
    // Written so that NaN fails too.
    if (!ok || !(s * 1000 >= minIntervalMs) || s * 1000 > maxIntervalMs)
        return 0;
    return int(std::lround(s * 1000));
}

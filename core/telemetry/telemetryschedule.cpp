// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryschedule.h"

#include <algorithm>

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

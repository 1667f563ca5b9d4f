// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runtelemetrysummary.h"

#include "telemetrymetric.h"
#include "telemetryrecording.h"

#include <algorithm>
#include <cmath>

namespace {

/// The running mean over devices of a per-device mean: `count` devices had the metric so far.
void addDeviceMean(double *mean, int *count, double deviceMean)
{
    if (std::isnan(deviceMean))
        return;
    *mean = *count == 0 ? deviceMean : *mean + (deviceMean - *mean) / double(*count + 1);
    ++*count;
}

void addPeak(double *peak, double devicePeak)
{
    if (!std::isnan(devicePeak))
        *peak = std::isnan(*peak) ? devicePeak : std::max(*peak, devicePeak);
}

} // namespace

void RunTelemetrySummary::add(const TelemetryRecording &recording, const QString &file)
{
    files << file;
    for (const TelemetrySeries &s : recording.series) {
        if (s.isEmpty())
            continue;
        ++devices;
        samples += qint64(s.size());
        spanMs = std::max(spanMs, s.time(s.size() - 1) - s.time(0));
        addDeviceMean(&meanUtilPercent, &utilDevices, s.mean(TelemetryMetric::utilisation));
        addDeviceMean(&meanPowerW, &powerDevices, s.mean(TelemetryMetric::powerWatts));
        addPeak(&peakMemoryMiB, s.max(TelemetryMetric::memoryUsedMiB));
        addPeak(&peakMemoryPercent, s.max(TelemetryMetric::memoryPercent));
    }
}

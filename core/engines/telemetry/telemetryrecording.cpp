// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryrecording.h"

void TelemetryRecording::append(const QString &host, const TelemetrySample &sample)
{
    ++sampleCount;
    // Few devices per recording (a node has 8 or 16): a linear search from the end is cheapest.
    for (auto it = series.rbegin(); it != series.rend(); ++it) {
        if (it->device() == sample.device && it->host() == host) {
            it->append(sample);
            return;
        }
    }
    series.emplace_back(host, sample.device);
    series.back().append(sample);
}

void TelemetryRecording::addProblem(const QString &problem)
{
    if (++problemCount <= maxProblems)
        problems << problem;
}

const TelemetrySeries *TelemetryRecording::find(const QString &host, const QString &device) const
{
    for (const TelemetrySeries &s : series) {
        if (s.host() == host && s.device() == device)
            return &s;
    }
    return nullptr;
}

QStringList TelemetryRecording::hosts() const
{
    QStringList h;
    for (const TelemetrySeries &s : series) {
        if (!h.contains(s.host()))
            h << s.host();
    }
    return h;
}

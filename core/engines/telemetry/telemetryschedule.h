// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

/// How often a sampler samples when the user set no interval: every second at first, when a run's
/// start (and its failures) happen, then coarser, so a week-long run costs thousands of samples an
/// hour rather than hundreds of thousands. The sampler restarts its tool at each step (two restarts
/// in a run's life).
namespace TelemetrySchedule {
constexpr int minIntervalMs = 100;
constexpr int maxIntervalMs = 3600 * 1000;

/// 1 s for the first 10 minutes, 5 s until the first hour, 15 s after.
int adaptiveIntervalMs(qint64 elapsedMs);
/// How long a sampler may stay silent before it counts as stalled and is restarted: three
/// intervals, and never under 2 s (a tool's start-up).
int stallTimeoutMs(int intervalMs);
/// A user's interval in seconds ("0.5") as milliseconds, or 0 when it is not a number from 0.1 to 3600.
int intervalMsFromSeconds(const QString &seconds);
} // namespace TelemetrySchedule

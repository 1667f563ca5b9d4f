// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "telemetryseries.h"

#include <QStringList>

#include <vector>

/// The telemetry of one or more hosts: one series per host and device, in the order they first
/// appeared, with what was noted and what could not be read.
struct TelemetryRecording
{
    QString tool; ///< what produced it ("nvidia-smi --query-gpu", "portbench-telemetry/1")
    std::vector<TelemetrySeries> series;
    QStringList notes;
    /// "FILE:LINE: why" for lines that could not be read; at most maxProblems are kept.
    QStringList problems;
    qint64 problemCount = 0;
    qint64 sampleCount = 0;

    static constexpr int maxProblems = 20;

    /// Whether a sample time is a clock time (ms since the epoch), not an offset counted from a
    /// capture's first sample (a tool without a clock): anything before 1990 is an offset.
    static bool isClockTime(qint64 ms) { return ms >= 631152000000; }

    void append(const QString &host, const TelemetrySample &sample);
    void addProblem(const QString &problem);
    /// The series of host:device, or nullptr.
    const TelemetrySeries *find(const QString &host, const QString &device) const;
    /// The distinct hosts, in order.
    QStringList hosts() const;
};

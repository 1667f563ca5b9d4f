// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

#include <limits>

struct TelemetryRecording;

/// What the devices of one run did over its telemetry recordings: the figures parity and reports
/// show beside its throughput (docs/telemetry.md, "In parity and reports"). A plain value; NaN
/// where no device reported the metric.
struct RunTelemetrySummary
{
    QStringList files; ///< the telemetry files it was read from
    int devices = 0; ///< host:device series with at least one sample
    qint64 samples = 0;
    qint64 spanMs = 0; ///< the longest device's first to last sample
    /// The mean over devices of each device's mean utilisation, %: a run is as busy as its
    /// average device (eight GPUs at 60 % read as 60 %, not 480 %).
    double meanUtilPercent = std::numeric_limits<double>::quiet_NaN();
    /// The fullest device's most memory in use: MiB and share of its size, %.
    double peakMemoryMiB = std::numeric_limits<double>::quiet_NaN();
    double peakMemoryPercent = std::numeric_limits<double>::quiet_NaN();
    /// The mean over devices of each device's mean power draw, W per device.
    double meanPowerW = std::numeric_limits<double>::quiet_NaN();
    int utilDevices = 0, powerDevices = 0; ///< the devices the two means are over
    QStringList problems; ///< "PATH: why" for a file that could not be read

    bool isEmpty() const { return devices == 0; }

    /// Adds the devices of one recording (read from `file`) to the summary.
    void add(const TelemetryRecording &recording, const QString &file);
};

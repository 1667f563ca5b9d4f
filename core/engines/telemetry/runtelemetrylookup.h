// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "runtelemetrysummary.h"

#include <QList>
#include <QString>
#include <QStringList>

class DeviceBackend;

/// Which telemetry belongs to a run, and what it says: the one lookup behind the "Devices" table
/// of parity and reports (docs/telemetry.md, "In parity and reports").
class RunTelemetryLookup
{
public:
    /// The workspace's recordings of the run logged at `logPath` (a log file or its run folder):
    /// every `telemetry-*.tel` in its folder when that folder holds the run's `run.json` (a
    /// launched, attached or submitted run, one file per host), sorted; empty for any other log.
    static QStringList besideLog(const QString &logPath);
    /// Reads every file (PortBench's own or a vendor tool's capture, TelemetryCapture) over its
    /// whole span into one summary; a file that cannot be read is in its problems.
    static RunTelemetrySummary read(const QStringList &files, const QList<const DeviceBackend *> &backends);
};

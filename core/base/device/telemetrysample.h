// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QPair>
#include <QString>

/// One reading of one device, as a reader makes it from a line of a vendor tool's output: the
/// values the tool reported, by canonical metric name (TelemetryMetric).
struct TelemetrySample
{
    /// Milliseconds since the epoch (UTC); for a capture without a clock (`npu-smi info watch`),
    /// milliseconds since its first sample, counted at the tool's interval (TelemetryRecording::note).
    qint64 timeMs = 0;
    /// The host, where the output names it (PortBench's own telemetry file); empty for a vendor
    /// tool's line, which belongs to the host its stream came from.
    QString host;
    /// The device as the tool names it: "0", or "3:1" for NPU 3's chip 1.
    QString device;
    QList<QPair<QString, double>> values;
};

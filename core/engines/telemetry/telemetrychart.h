// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartspec.h"
#include "telemetryrecording.h"

/// The system charts: for one metric, one curve per host:device over time, for the GUI's System
/// Charts dock (and anything else that draws a ChartSpec).
namespace TelemetryChart {
/// The metrics some series of `recording` has, in TelemetryMetric::all() order (then others).
QStringList metrics(const TelemetryRecording &recording);
/// x is seconds since the epoch (the wall-clock axis the loss charts use, timeX set), or seconds
/// since the first sample for a capture without a clock; y the metric's values (NaN where a sample
/// lacks it, drawn as a gap marker like a logged NaN). Devices without the metric get no curve.
ChartSpec spec(const TelemetryRecording &recording, const QString &metric);
/// Continues `curve`, the spec's curve of `series`, with the samples added to the series since:
/// returns the curve's old size (its first new point), or -1 when the curve is not a prefix of the
/// series (then it is rebuilt). For a file followed as it grows (CurveChart::extendCurve).
int extend(const TelemetrySeries &series, const QString &metric, ChartCurve &curve);
} // namespace TelemetryChart

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartcurve.h"
#include "core/engines/charts/chartxaxis.h"

class RunMetrics;

/// Turns one metric of a Run into a ChartCurve on a chosen x axis: points where the metric was not
/// logged (RunMetrics::missing()) or that have no x on this axis are left out; logged NaN/inf stay in (they
/// become markers); each restart segment becomes a piece; smoothing is applied per piece.
class RunCurveBuilder
{
public:
    struct Options
    {
        ChartXAxis::Kind axis = ChartXAxis::Step;
        qint64 stepOffset = 0;
        double smoothing = 0.0; ///< EMA weight 0..0.999; 0 leaves `smoothed` empty
    };

    /// An empty curve when the run lacks the metric or the axis (see ChartXAxis::available()).
    static ChartCurve build(const RunMetrics &run, const QString &metric, const Options &options);
    /// The curve a chart of `metric` shows for a run: "loss" means the run's primary loss (Megatron's
    /// lm_loss, else loss) so runs from different trainers meet on one chart, and a job-level
    /// tokens/s falls back to the per-device one (the label says so). Label = run name.
    static ChartCurve buildChartMetric(const RunMetrics &run, const QString &metric, const Options &options);
    /// The run's column that buildChartMetric() draws for `metric`; empty when the run has none.
    static QString chartMetricColumn(const RunMetrics &run, const QString &metric);
    /// Continues a curve built by build()/buildChartMetric() after the run grew: the new points are
    /// appended, smoothing goes on from curve.source.smoother, nothing already there is rebuilt
    /// (except a piece's smoothing when the piece stops being constant). The result equals build()
    /// on the grown run. `firstChanged` = the run's first new or changed point. Returns the first
    /// curve index whose values changed (curve.size() when nothing was added), or -1, leaving the
    /// curve untouched, when only a rebuild gives the right curve (a point already drawn changed,
    /// a new metric became the chart's, an x going back inside a piece, other options).
    static int extend(ChartCurve &curve, const RunMetrics &run, const QString &metric, const Options &options,
                      int firstChanged);
    /// Recomputes curve.smoothed for a new weight (piece by piece), without rebuilding x/y.
    static void smooth(ChartCurve &curve, double weight);
};

#pragma once

#include "charts/chartcurve.h"
#include "charts/chartxaxis.h"

class Run;

/// Turns one metric of a Run into a ChartCurve on a chosen x axis: points where the metric was not
/// logged (Run::missing()) or that have no x on this axis are left out; logged NaN/inf stay in (they
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
    static ChartCurve build(const Run &run, const QString &metric, const Options &options);
    /// The curve a chart of `metric` shows for a run: "loss" means the run's primary loss (Megatron's
    /// lm_loss, else loss) so runs from different trainers meet on one chart, and a job-level
    /// tokens/s falls back to the per-device one (the label says so). Label = run name.
    static ChartCurve buildChartMetric(const Run &run, const QString &metric, const Options &options);
    /// Recomputes curve.smoothed for a new weight (piece by piece), without rebuilding x/y.
    static void smooth(ChartCurve &curve, double weight);
};

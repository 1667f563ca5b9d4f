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
    /// Recomputes curve.smoothed for a new weight (piece by piece), without rebuilding x/y.
    static void smooth(ChartCurve &curve, double weight);
};

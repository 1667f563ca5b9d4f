#include "runcurvebuilder.h"

#include "charts/emasmoother.h"
#include "model/metricnames.h"
#include "model/run.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {

// Wall clocks step back now and then (NTP, a node with a skewed clock); the decimator needs a
// sorted x, so such a piece is sorted by x, stable so equal times keep log order.
void sortPiece(ChartCurve &c, int begin, int end)
{
    if (std::is_sorted(c.x.cbegin() + begin, c.x.cbegin() + end))
        return;
    std::vector<int> order(size_t(end - begin));
    std::iota(order.begin(), order.end(), begin);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return c.x[size_t(a)] < c.x[size_t(b)]; });
    auto permute = [&](auto &v) {
        auto copy = v;
        for (size_t i = 0; i < order.size(); ++i)
            v[size_t(begin) + i] = copy[size_t(order[i])];
    };
    permute(c.x);
    permute(c.y);
    permute(c.steps);
}

} // namespace

ChartCurve RunCurveBuilder::build(const Run &run, const QString &metric, const Options &options)
{
    ChartCurve curve;
    curve.id = run.sourcePath.isEmpty() ? run.name : run.sourcePath;
    curve.label = run.name;
    const std::vector<double> *column = run.column(metric);
    if (!column || !ChartXAxis::available(run, options.axis))
        return curve;
    const std::vector<double> x = ChartXAxis::values(run, options.axis, options.stepOffset);
    curve.x.reserve(column->size());
    curve.y.reserve(column->size());
    curve.steps.reserve(column->size());
    int segment = -1;
    for (int i = 0; i < run.pointCount(); ++i) {
        const double v = (*column)[size_t(i)];
        if (Run::isMissing(v) || std::isnan(x[size_t(i)]))
            continue;
        const int s = run.segmentOf(i);
        if (s != segment) {
            curve.pieceStarts.push_back(curve.size());
            segment = s;
        }
        curve.x.push_back(x[size_t(i)]);
        curve.y.push_back(v);
        curve.steps.push_back(run.step(i));
    }
    if (curve.pieceStarts.size() <= 1)
        curve.pieceStarts.clear();
    for (int p = 0; p < curve.pieceCount(); ++p)
        sortPiece(curve, curve.pieceBegin(p), curve.pieceEnd(p));
    smooth(curve, options.smoothing);
    return curve;
}

ChartCurve RunCurveBuilder::buildChartMetric(const Run &run, const QString &metric, const Options &options)
{
    QString column = metric;
    QString suffix;
    if (metric == MetricNames::loss) {
        column = MetricNames::primaryLoss(run.metricNames());
    } else if (metric == MetricNames::tokensPerSecond && !run.hasMetric(metric)
               && run.hasMetric(MetricNames::tokensPerSecondPerDevice)) {
        column = MetricNames::tokensPerSecondPerDevice;
        suffix = QStringLiteral(" (per device)");
    }
    ChartCurve c = build(run, column, options);
    c.label = run.name + suffix;
    return c;
}

void RunCurveBuilder::smooth(ChartCurve &curve, double weight)
{
    curve.smoothed.clear();
    if (!(weight > 0.0) || curve.y.empty())
        return;
    curve.smoothed.reserve(curve.y.size());
    for (int p = 0; p < curve.pieceCount(); ++p) {
        const std::vector<double> piece(curve.y.cbegin() + curve.pieceBegin(p), curve.y.cbegin() + curve.pieceEnd(p));
        const std::vector<double> s = EmaSmoother::smooth(piece, weight);
        curve.smoothed.insert(curve.smoothed.end(), s.cbegin(), s.cend());
    }
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runcurvebuilder.h"

#include "core/engines/charts/emasmoother.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

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

ChartCurve RunCurveBuilder::build(const RunMetrics &run, const QString &metric, const Options &options)
{
    ChartCurve curve;
    curve.id = run.sourcePath.isEmpty() ? run.name : run.sourcePath;
    curve.label = run.name;
    curve.detail = run.sourcePath;
    const MetricColumn *column = run.column(metric);
    if (!column || !ChartXAxis::available(run, options.axis))
        return curve;
    const std::vector<double> x = ChartXAxis::values(run, options.axis, options.stepOffset);
    const size_t values = size_t(column->valueCount());
    curve.x.reserve(values);
    curve.y.reserve(values);
    curve.steps.reserve(values);
    int segment = -1;
    column->forEachValue([&](size_t i, double v) {
        if (std::isnan(x[i]))
            return;
        const int s = run.segmentOf(int(i));
        if (s != segment) {
            curve.pieceStarts.push_back(curve.size());
            segment = s;
        }
        curve.x.push_back(x[i]);
        curve.y.push_back(v);
        curve.steps.push_back(run.step(int(i)));
    });
    if (curve.pieceStarts.size() <= 1)
        curve.pieceStarts.clear();
    for (int p = 0; p < curve.pieceCount(); ++p)
        sortPiece(curve, curve.pieceBegin(p), curve.pieceEnd(p));
    curve.source.column = metric;
    curve.source.points = run.pointCount();
    curve.source.segment = segment;
    smooth(curve, options.smoothing);
    return curve;
}

namespace {

// The column and label suffix a chart of `metric` shows for a run.
QString chartColumn(const RunMetrics &run, const QString &metric, QString *suffix)
{
    if (metric == MetricNames::loss)
        return MetricNames::primaryLoss(run.metricNames());
    if (metric == MetricNames::tokensPerSecond && !run.hasMetric(metric)
        && run.hasMetric(MetricNames::tokensPerSecondPerDevice)) {
        *suffix = QStringLiteral(" (per device)");
        return MetricNames::tokensPerSecondPerDevice;
    }
    return metric;
}

} // namespace

ChartCurve RunCurveBuilder::buildChartMetric(const RunMetrics &run, const QString &metric, const Options &options)
{
    QString suffix;
    ChartCurve c = build(run, chartColumn(run, metric, &suffix), options);
    c.label = run.name + suffix;
    return c;
}

QString RunCurveBuilder::chartMetricColumn(const RunMetrics &run, const QString &metric)
{
    QString suffix;
    const QString column = chartColumn(run, metric, &suffix);
    return run.hasMetric(column) ? column : QString();
}

int RunCurveBuilder::extend(ChartCurve &curve, const RunMetrics &run, const QString &metric, const Options &options,
                            int firstChanged)
{
    ChartCurve::Source &source = curve.source;
    QString suffix;
    const bool smoothing = options.smoothing > 0.0;
    if (curve.x.empty() || source.column != chartColumn(run, metric, &suffix) || firstChanged < source.points
        || source.points > run.pointCount() || smoothing == curve.smoothed.empty()
        || (smoothing && source.smoother.weight() != EmaSmoother(options.smoothing).weight()))
        return -1;
    const MetricColumn *column = run.column(source.column);
    if (!column || !ChartXAxis::available(run, options.axis))
        return -1;
    const int base = source.points;
    const std::vector<double> x = ChartXAxis::values(run, options.axis, options.stepOffset, base);

    // First the new points on their own, so a reason to rebuild leaves the curve as it was.
    std::vector<int> picked, newPieceAt; // run points taken; positions in `picked` starting a piece
    int segment = source.segment;
    double lastX = curve.x.back();
    for (int i = base; i < run.pointCount(); ++i) {
        const double xi = x[size_t(i - base)];
        if (RunMetrics::isMissing((*column)[size_t(i)]) || std::isnan(xi))
            continue;
        const int s = run.segmentOf(i);
        if (s != segment) {
            newPieceAt.push_back(int(picked.size()));
            segment = s;
        } else if (xi < lastX) {
            return -1; // a wall clock stepped back: build() sorts the piece
        }
        lastX = xi;
        picked.push_back(i);
    }
    const int oldSize = curve.size();
    int changed = oldSize;
    source.points = run.pointCount();
    source.segment = segment;
    if (picked.empty())
        return changed;
    for (size_t k = 0, piece = 0; k < picked.size(); ++k) {
        if (piece < newPieceAt.size() && newPieceAt[piece] == int(k)) {
            if (curve.pieceStarts.empty())
                curve.pieceStarts.push_back(0);
            curve.pieceStarts.push_back(curve.size());
            ++piece;
        }
        const int i = picked[k];
        curve.x.push_back(x[size_t(i - base)]);
        curve.y.push_back((*column)[size_t(i)]);
        curve.steps.push_back(run.step(i));
    }
    if (!smoothing)
        return changed;
    // Smoothing, piece by piece from the one that was last: a piece that stays constant stays raw,
    // one that stops being constant is smoothed whole (the batch rule looks at the whole piece).
    for (int p = curve.pieceCount() - 1 - int(newPieceAt.size()); p < curve.pieceCount(); ++p) {
        const int begin = curve.pieceBegin(p), end = curve.pieceEnd(p);
        if (p > 0 && begin >= oldSize)
            source.smoother = EmaSmoother(options.smoothing);
        const bool wasConstant = source.smoother.isConstantSoFar();
        for (int k = std::max(begin, oldSize); k < end; ++k)
            curve.smoothed.push_back(source.smoother.next(curve.y[size_t(k)]));
        if (wasConstant && !source.smoother.isConstantSoFar()) {
            const std::vector<double> piece(curve.y.cbegin() + begin, curve.y.cbegin() + end);
            const std::vector<double> s = EmaSmoother::smooth(piece, options.smoothing, &source.smoother);
            std::copy(s.cbegin(), s.cend(), curve.smoothed.begin() + begin);
            changed = std::min(changed, begin);
        }
    }
    return changed;
}

void RunCurveBuilder::smooth(ChartCurve &curve, double weight)
{
    curve.smoothed.clear();
    curve.source.smoother = EmaSmoother(weight);
    if (!(weight > 0.0) || curve.y.empty())
        return;
    // One piece (most logs): smoothed straight from y, without two copies of millions of points.
    if (curve.pieceCount() == 1) {
        curve.smoothed = EmaSmoother::smooth(curve.y, weight, &curve.source.smoother);
        return;
    }
    curve.smoothed.reserve(curve.y.size());
    for (int p = 0; p < curve.pieceCount(); ++p) {
        const std::vector<double> piece(curve.y.cbegin() + curve.pieceBegin(p), curve.y.cbegin() + curve.pieceEnd(p));
        const std::vector<double> s = EmaSmoother::smooth(piece, weight, &curve.source.smoother);
        curve.smoothed.insert(curve.smoothed.end(), s.cbegin(), s.cend());
    }
}

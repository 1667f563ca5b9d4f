// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "decimator.h"

#include "core/engines/charts/minmaxindex.h"

#include <algorithm>
#include <cmath>

namespace {

bool drawable(double v, bool positiveOnly)
{
    return std::isfinite(v) && (!positiveOnly || v > 0.0);
}

// Column of an x: points left/right of the view get the columns -1 and `columns`, so the
// neighbours that carry the line to the edge are kept as they are.
struct ColumnMap
{
    double xMin;
    double scale;
    int columns;
    int operator()(double x) const
    {
        const double c = std::floor((x - xMin) * scale);
        if (!(c >= 0.0))
            return -1;
        return c >= columns ? (x - xMin) * scale <= columns ? columns - 1 : columns : int(c);
    }
};

ColumnMap columnMap(const Decimator::Options &o)
{
    const int columns = std::max(1, o.columns);
    const double width = o.xMax - o.xMin;
    return {o.xMin, width > 0 ? columns / width : 0.0, columns};
}

} // namespace

std::pair<int, int> Decimator::visibleRange(const std::vector<double> &x, int begin, int end, double xMin, double xMax)
{
    const auto first = x.cbegin() + begin;
    const auto last = x.cbegin() + end;
    int lo = int(std::lower_bound(first, last, xMin) - x.cbegin());
    int hi = int(std::upper_bound(first, last, xMax) - x.cbegin());
    lo = std::max(begin, lo - 1);
    hi = std::min(end, hi + 1);
    return {lo, std::max(lo, hi)};
}

QList<QPointF> Decimator::minMax(const std::vector<double> &x, const std::vector<double> &y, int begin, int end,
                                 const Options &options, const MinMaxIndex *index)
{
    const std::vector<int> kept = minMaxIndices(x, y, begin, end, options, index);
    QList<QPointF> out;
    out.reserve(qsizetype(kept.size()));
    for (const int i : kept)
        out.append(QPointF(x[size_t(i)], y[size_t(i)]));
    return out;
}

std::vector<int> Decimator::minMaxIndices(const std::vector<double> &x, const std::vector<double> &y, int begin,
                                          int end, const Options &options, const MinMaxIndex *index)
{
    std::vector<int> out;
    const auto [lo, hi] = visibleRange(x, begin, end, options.xMin, options.xMax);
    const ColumnMap column = columnMap(options);
    if (hi - lo <= 4 * column.columns || column.scale == 0.0) {
        out.reserve(size_t(hi - lo));
        for (int i = lo; i < hi; ++i) {
            if (drawable(y[size_t(i)], options.positiveOnly))
                out.push_back(i);
        }
        return out;
    }

    out.reserve(4 * size_t(column.columns + 2));
    auto emit = [&](int first, int lowest, int highest, int last) {
        int picks[4] = {first, lowest, highest, last};
        std::sort(picks, picks + 4);
        out.insert(out.end(), picks, std::unique(picks, picks + 4));
    };
    if (index && index->positiveOnly() == options.positiveOnly) {
        // Column by column: its index range by binary search (with the same column mapping as the
        // scan below, so both give identical buckets), its extremes from the index.
        int pos = lo;
        for (int c = -1; c <= column.columns && pos < hi; ++c) {
            const int next
                = int(std::partition_point(x.cbegin() + pos, x.cbegin() + hi, [&](double v) { return column(v) <= c; })
                      - x.cbegin());
            const auto [lowest, highest] = index->query(y, pos, next);
            if (lowest >= 0) {
                int first = pos, last = next - 1;
                while (!drawable(y[size_t(first)], options.positiveOnly))
                    ++first;
                while (!drawable(y[size_t(last)], options.positiveOnly))
                    --last;
                emit(first, lowest, highest, last);
            }
            pos = next;
        }
        return out;
    }

    int bucket = 0;
    int first = -1, last = -1, lowest = -1, highest = -1;
    auto flush = [&] {
        if (first >= 0)
            emit(first, lowest, highest, last);
    };
    for (int i = lo; i < hi; ++i) {
        const double v = y[size_t(i)];
        if (!drawable(v, options.positiveOnly))
            continue;
        const int c = column(x[size_t(i)]);
        if (c != bucket || first < 0) {
            flush();
            bucket = c;
            first = last = lowest = highest = i;
            continue;
        }
        last = i;
        if (v < y[size_t(lowest)])
            lowest = i;
        else if (v > y[size_t(highest)])
            highest = i;
    }
    flush();
    return out;
}

int Decimator::markerAnchor(const std::vector<double> &y, int i, int begin, int end)
{
    for (int k = i - 1, n = 0; k >= begin && n < 100000; --k, ++n) {
        if (std::isfinite(y[size_t(k)]))
            return k;
    }
    for (int k = i + 1, n = 0; k < end && n < 100000; ++k, ++n) {
        if (std::isfinite(y[size_t(k)]))
            return k;
    }
    return -1;
}

std::vector<int> Decimator::nonFinite(const std::vector<double> &x, const std::vector<double> &y, int begin, int end,
                                      const Options &options, const std::vector<int> *candidates)
{
    std::vector<int> out;
    const auto [lo, hi] = visibleRange(x, begin, end, options.xMin, options.xMax);
    const ColumnMap column = columnMap(options);
    int lastColumn = -2;
    std::vector<int> all;
    if (!candidates) {
        for (int i = lo; i < hi; ++i) {
            if (!std::isfinite(y[size_t(i)]))
                all.push_back(i);
        }
        candidates = &all;
    }
    for (auto it = std::lower_bound(candidates->cbegin(), candidates->cend(), lo); it != candidates->cend() && *it < hi;
         ++it) {
        const int i = *it;
        const int c = column(x[size_t(i)]);
        if (c == lastColumn && column.scale != 0.0)
            continue;
        lastColumn = c;
        out.push_back(i);
    }
    return out;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "lodpyramid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr double unused = std::numeric_limits<double>::quiet_NaN();

// Buckets between two checks of the cancel flag: a cancelled build stops within a millisecond.
constexpr int cancelCheckEvery = 2048;

int bucketCount(int points, int bucket)
{
    return (points + bucket - 1) / bucket;
}

// The two entries of a bucket from its candidates (in log order, unused ones with a NaN y): the
// first lowest and the first highest, in the order they came; `x` is the bucket's first x, which
// unused entries take so that a level's x stay sorted.
void pick(const QPointF *candidates, int count, double x, QPointF *out)
{
    int lo = -1, hi = -1;
    for (int i = 0; i < count; ++i) {
        const double v = candidates[i].y();
        if (std::isnan(v))
            continue;
        if (lo < 0 || v < candidates[lo].y())
            lo = i;
        if (hi < 0 || v > candidates[hi].y())
            hi = i;
    }
    if (lo < 0) {
        out[0] = out[1] = QPointF(x, unused);
        return;
    }
    out[0] = candidates[std::min(lo, hi)];
    out[1] = lo == hi ? QPointF(out[0].x(), unused) : candidates[std::max(lo, hi)];
}

bool isDrawable(double v, bool positiveOnly)
{
    return std::isfinite(v) && (!positiveOnly || v > 0.0);
}

// {first lowest, first highest} drawable point of every `step`th point of [first, last), {-1, -1}
// when there is none.
std::pair<int, int> extremes(const double *y, int first, int last, bool positiveOnly, int step = 1)
{
    int lo = -1, hi = -1;
    for (int i = first; i < last; i += step) {
        const double v = y[i];
        if (!isDrawable(v, positiveOnly))
            continue;
        if (lo < 0 || v < y[lo])
            lo = i;
        if (hi < 0 || v > y[hi])
            hi = i;
    }
    return {lo, hi};
}

} // namespace

LodPyramid::LodPyramid(const double *x, const double *y, int begin, int end, bool positiveOnly, int finestBucket,
                       const std::atomic_bool *cancel)
    : m_begin(begin)
    , m_end(end)
    , m_finestBucket(finestBucket)
    , m_positiveOnly(positiveOnly)
{
    m_complete = rebuildFrom(x, y, begin, cancel);
    if (!m_complete)
        m_levels.clear();
}

int LodPyramid::coarseBucket(int points, int buckets)
{
    int bucket = baseBucket;
    while (bucket < points / std::max(1, buckets))
        bucket <<= 1;
    return bucket;
}

void LodPyramid::scanBucket(const double *x, const double *y, int b)
{
    const int first = m_begin + b * m_finestBucket;
    const auto [lo, hi]
        = extremes(y, first, std::min(m_end, first + m_finestBucket), m_positiveOnly, m_finestBucket / baseBucket);
    QPointF *out = &m_levels[0][2 * size_t(b)];
    if (lo < 0) {
        out[0] = out[1] = QPointF(x[first], unused);
        return;
    }
    const int a = std::min(lo, hi), c = std::max(lo, hi);
    out[0] = QPointF(x[a], y[a]);
    out[1] = a == c ? QPointF(x[a], unused) : QPointF(x[c], y[c]);
}

void LodPyramid::mergeBucket(int level, int b)
{
    const std::vector<QPointF> &below = m_levels[size_t(level) - 1];
    const size_t first = 4 * size_t(b);
    const int count = int(std::min(below.size(), first + 4) - first);
    pick(&below[first], count, below[first].x(), &m_levels[size_t(level)][2 * size_t(b)]);
}

bool LodPyramid::rebuildFrom(const double *x, const double *y, int firstPoint, const std::atomic_bool *cancel)
{
    const int points = m_end - m_begin;
    if (points <= 0) {
        m_levels.clear();
        return true;
    }
    // Levels up to the first with a single bucket.
    size_t levels = 1;
    while (bucketCount(points, bucketSize(int(levels) - 1)) > 1)
        ++levels;
    const size_t oldLevels = m_levels.size();
    m_levels.resize(levels);
    const int from = std::max(0, firstPoint - m_begin);
    for (size_t level = 0; level < levels; ++level) {
        const int buckets = bucketCount(points, bucketSize(int(level)));
        m_levels[level].resize(2 * size_t(buckets));
        // A level the line just grew into has no bucket computed yet.
        const int firstBucket = level < oldLevels ? from / bucketSize(int(level)) : 0;
        for (int b = firstBucket; b < buckets; ++b) {
            if (cancel && (b - firstBucket) % cancelCheckEvery == 0 && cancel->load(std::memory_order_relaxed))
                return false;
            if (level == 0)
                scanBucket(x, y, b);
            else
                mergeBucket(int(level), b);
        }
    }
    return true;
}

void LodPyramid::update(const double *x, const double *y, int end, int from)
{
    m_end = end;
    rebuildFrom(x, y, from, nullptr);
}

QList<QPointF> LodPyramid::points(const double *x, const double *y, double xMin, double xMax, int columns) const
{
    QList<QPointF> out;
    if (m_levels.empty())
        return out;
    // The points in view and one neighbour each side, as the decimator takes them.
    const int lo = std::max(m_begin, int(std::lower_bound(x + m_begin, x + m_end, xMin) - x) - 1);
    const int hi = std::min(m_end, int(std::upper_bound(x + m_begin, x + m_end, xMax) - x) + 1);
    if (hi <= lo)
        return out;
    // Buckets of up to two columns' points: a column's extremes are then drawn within a column
    // of where they are, with about two points a column (one bucket's lowest and highest).
    const double perBucket = 2.0 * (hi - lo) / std::max(1, columns);
    if (perBucket < m_finestBucket && !isCoarse()) {
        // Fewer than a stored bucket a column: the points in view, bucketed as the levels would be
        // (aligned to the line's start, so panning does not change which points are drawn).
        int bucket = 1;
        while (bucket * 2 <= perBucket)
            bucket *= 2;
        out.reserve(2 * (hi - lo) / bucket + 4);
        for (int first = m_begin + (lo - m_begin) / bucket * bucket; first < hi; first += bucket) {
            const auto [low, high] = extremes(y, first, std::min(m_end, first + bucket), m_positiveOnly);
            if (low < 0)
                continue;
            out.append(QPointF(x[std::min(low, high)], y[std::min(low, high)]));
            if (low != high)
                out.append(QPointF(x[std::max(low, high)], y[std::max(low, high)]));
        }
        return out;
    }
    int level = 0;
    while (level + 1 < levelCount() && bucketSize(level + 1) <= perBucket)
        ++level;
    const std::vector<QPointF> &entries = m_levels[size_t(level)];
    const int size = bucketSize(level);
    // One bucket beyond each end of the view, so the line runs to the plot's edges.
    const size_t first = 2 * size_t(std::max(0, (lo - m_begin) / size - 1));
    const size_t last = std::min(entries.size(), 2 * size_t((hi - 1 - m_begin) / size + 2));
    out.reserve(qsizetype(last - first));
    for (size_t i = first; i < last; ++i) {
        if (!std::isnan(entries[i].y()))
            out.append(entries[i]);
    }
    return out;
}

std::pair<double, double> LodPyramid::range(const double *y, int first, int last) const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    auto take = [&](double v) {
        if (std::isnan(v))
            return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    };
    auto scan = [&](int from, int to) {
        for (int i = from; i < to; ++i) {
            if (isDrawable(y[i], m_positiveOnly))
                take(y[i]);
        }
    };
    first = std::max(first, m_begin);
    last = std::min(last, m_end);
    int bFirst = (first - m_begin + m_finestBucket - 1) / m_finestBucket;
    int bLast = (last - m_begin) / m_finestBucket;
    if (m_levels.empty() || bFirst >= bLast) {
        scan(first, last);
        return {lo, hi};
    }
    // The ragged ends point by point, whole buckets from the levels (bottom-up, as a segment tree).
    scan(first, m_begin + bFirst * m_finestBucket);
    scan(m_begin + bLast * m_finestBucket, last);
    for (size_t level = 0; bFirst < bLast; ++level, bFirst >>= 1, bLast >>= 1) {
        const std::vector<QPointF> &entries = m_levels[level];
        if (bFirst & 1) {
            take(entries[2 * size_t(bFirst)].y());
            take(entries[2 * size_t(bFirst) + 1].y());
            ++bFirst;
        }
        if (bLast & 1) {
            --bLast;
            take(entries[2 * size_t(bLast)].y());
            take(entries[2 * size_t(bLast) + 1].y());
        }
    }
    return {lo, hi};
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QPointF>

#include <atomic>
#include <utility>
#include <vector>

/// Level of detail for one line (one piece of a ChartCurve): for buckets of 32, 64, 128, …
/// consecutive points, each bucket's lowest and highest drawable point, in the order they were
/// logged. Built once per line and scale; a frame then copies the slice in view of the level whose
/// buckets hold one to two pixel columns' points — about two points a column, whatever the zoom,
/// with no pass over the data. A spike is the highest point of its bucket at every level, so it is
/// drawn where it is at every zoom (TensorBoard's random sample is where its spikes go); every
/// column's extremes are drawn within two columns of it.
///
/// Drawable: finite and, on a log scale (positiveOnly), above zero; NaN/inf are the chart's
/// markers, not points of the line. Pure data: built on a worker thread for millions of points.
class LodPyramid
{
public:
    /// Points of the finest stored level's buckets. Views with fewer points every two columns scan
    /// the points in view (fewer than this many) instead of storing ever finer levels.
    static constexpr int baseBucket = 32;

    LodPyramid() = default;
    /// The levels of points [begin, end) of x/y (x non-decreasing), from buckets of `finestBucket`
    /// points (a power of two) up to one bucket for the whole line. Above baseBucket the pyramid is
    /// coarse: each finest bucket looks at baseBucket of its points, evenly spread, so a first
    /// picture of millions of points costs a few thousand reads (and can miss a spike until the
    /// full pyramid, built off the GUI thread, replaces it). `cancel` set while it builds stops it
    /// early; the pyramid is then empty and not complete.
    LodPyramid(const double *x, const double *y, int begin, int end, bool positiveOnly, int finestBucket = baseBucket,
               const std::atomic_bool *cancel = nullptr);

    /// The finest bucket of a coarse pyramid with about `buckets` buckets for `points` points.
    static int coarseBucket(int points, int buckets);

    /// Brings the pyramid up to date after the line grew to `end` or changed from index `from` on
    /// (live appends): only the buckets from there on are recomputed, and the levels then equal
    /// those of a pyramid built over the whole line.
    void update(const double *x, const double *y, int end, int from);

    /// What to draw of the line for x in [xMin, xMax] on `columns` pixel columns: the buckets of
    /// the coarsest level with at least one bucket every two columns, plus one bucket each side so
    /// the line reaches the edges. Below the finest level a full pyramid buckets the points in view
    /// on the fly (fewer than baseBucket every two columns; all of them at one a column or fewer),
    /// a coarse one shows its finest level. x/y must be the arrays it was built from.
    QList<QPointF> points(const double *x, const double *y, double xMin, double xMax, int columns) const;
    /// {lowest, highest} drawable value of points [first, last) within the line, {inf, -inf} when
    /// there is none: whole buckets from the levels, the ends scanned (exact for a full pyramid).
    std::pair<double, double> range(const double *y, int first, int last) const;

    bool isCoarse() const { return m_finestBucket > baseBucket; }
    bool isEmpty() const { return m_levels.empty(); }
    /// False when the build was cancelled.
    bool isComplete() const { return m_complete; }
    bool positiveOnly() const { return m_positiveOnly; }
    int begin() const { return m_begin; }
    int end() const { return m_end; }
    int levelCount() const { return int(m_levels.size()); }
    /// Points a bucket of a level holds (the last bucket may hold fewer).
    int bucketSize(int level) const { return m_finestBucket << level; }
    /// Two entries a bucket, its lowest and highest drawable point in log order; an entry with a
    /// NaN y is unused (one drawable point, or none); its x is the other entry's, or the bucket's
    /// first point's, so a level's x stay sorted.
    const std::vector<QPointF> &level(int index) const { return m_levels[size_t(index)]; }

private:
    /// Bucket `b` of the finest level from the points themselves (from a sample of them when coarse).
    void scanBucket(const double *x, const double *y, int b);
    /// Bucket `b` of level `level` (> 0) from its two halves one level down.
    void mergeBucket(int level, int b);
    /// Recomputes buckets from `firstPoint` on at every level (and adds levels the line grew into).
    bool rebuildFrom(const double *x, const double *y, int firstPoint, const std::atomic_bool *cancel);

    std::vector<std::vector<QPointF>> m_levels;
    int m_begin = 0;
    int m_end = 0;
    int m_finestBucket = baseBucket;
    bool m_positiveOnly = false;
    bool m_complete = true;
};

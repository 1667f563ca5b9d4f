#pragma once

#include <QList>
#include <QPointF>

#include <atomic>
#include <vector>

/// Level of detail for one line (one piece of a ChartCurve): for buckets of 32, 64, 128, …
/// consecutive points, each bucket's lowest and highest drawable point, in the order they were
/// logged. Built once per line and scale; a frame then copies the slice in view of the level whose
/// buckets hold about one pixel column's points — at most four points a column, whatever the zoom,
/// with no pass over the data. A spike is the highest point of its bucket at every level, so it is
/// drawn at every zoom (TensorBoard's random sample is where its spikes go).
///
/// Drawable: finite and, on a log scale (positiveOnly), above zero; NaN/inf are the chart's
/// markers, not points of the line. Pure data: built on a worker thread for millions of points.
class LodPyramid
{
public:
    /// Points of the finest stored level's buckets. Views with fewer points a column than this
    /// scan the points in view (at most this many a column) instead of storing ever finer levels.
    static constexpr int baseBucket = 32;

    LodPyramid() = default;
    /// The levels of points [begin, end) of x/y (x non-decreasing), from buckets of `finestBucket`
    /// points (a power of two, at least baseBucket) up to one bucket for the whole line. A coarser
    /// finest bucket builds a coarse pyramid quickly (a first picture while the full one is built).
    /// `cancel` set while it builds stops it early; the pyramid is then incomplete (isComplete()).
    LodPyramid(const std::vector<double> &x, const std::vector<double> &y, int begin, int end, bool positiveOnly,
               int finestBucket = baseBucket, const std::atomic_bool *cancel = nullptr);

    /// The finest bucket for a first picture of `points` points: about `buckets` buckets for the line.
    static int coarseBucket(int points, int buckets);

    /// Brings the pyramid up to date after the line grew to `end` or changed from index `from` on
    /// (live appends): only the buckets from there on are recomputed, and the levels then equal
    /// those of a pyramid built over the whole line.
    void update(const std::vector<double> &x, const std::vector<double> &y, int end, int from);

    /// What to draw of the line for x in [xMin, xMax] on `columns` pixel columns: the buckets of
    /// the coarsest level with at least one bucket a column, plus one bucket each side so the line
    /// reaches the edges; below the finest level, the points in view bucketed on the fly (or all of
    /// them, at fewer than two a column) when this pyramid starts at baseBucket, else its finest
    /// level (a coarse picture). x/y must be the vectors it was built from.
    QList<QPointF> points(const std::vector<double> &x, const std::vector<double> &y, double xMin, double xMax,
                          int columns) const;

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
    /// NaN y is unused (one drawable point, or none), its x repeats the entry before it so the
    /// level's x stay sorted.
    const std::vector<QPointF> &level(int index) const { return m_levels[size_t(index)]; }

private:
    /// Bucket `b` of the finest level from the points themselves.
    void scanBucket(const std::vector<double> &x, const std::vector<double> &y, int b);
    /// Bucket `b` of level `level` (> 0) from its two halves one level down.
    void mergeBucket(int level, int b);
    /// Recomputes buckets from `firstPoint` on at every level (and adds levels the line grew into).
    bool rebuildFrom(const std::vector<double> &x, const std::vector<double> &y, int firstPoint,
                     const std::atomic_bool *cancel);

    std::vector<std::vector<QPointF>> m_levels;
    int m_begin = 0;
    int m_end = 0;
    int m_finestBucket = baseBucket;
    bool m_positiveOnly = false;
    bool m_complete = true;
};

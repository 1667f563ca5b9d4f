// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/metriccolumn.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <QVector>

#include <functional>
#include <limits>
#include <vector>

/// One training run's metrics: ordered points (step, optional wall time) and named metric
/// columns (16 bytes per point, and per metric what it logged: 4 bytes a value printed with at most
/// 8 significant digits, 8 for others, 4 more where it is logged now and then, see MetricColumn).
/// A run holds
/// at most maxMetricNames metrics (docs/limits.md).
///
/// Two kinds of "no number" are kept apart: a metric the trainer did not log at a point is
/// *missing* (isMissing(), a NaN with a private payload that no arithmetic produces), while a NaN
/// or inf the trainer did log is a *value* — the divergence signal — and is stored as such.
///
/// A restart (the step goes back) starts a new segment instead of zig-zagging the curve.
class RunMetrics
{
public:
    static double missing();
    static bool isMissing(double value);
    static constexpr double noWallTime = std::numeric_limits<double>::quiet_NaN();
    /// Distinct metric names in one run (docs/limits.md): a log that invents a key per line would
    /// otherwise cost a column, a name and a hash entry per line.
    static constexpr int maxMetricNames = 10000;

    QString name; ///< what the user sees; defaults to the file name
    QString sourcePath; ///< the log it came from, if any
    QString format; ///< the parser that read it ("megatron", "hf-trainer", ...)
    QVariantMap meta; ///< facts from the log's header: seq_length, world_size, argument dump keys, ...
    /// What the log reader could not be sure of, one sentence each (metric-like lines it did not
    /// read, repeated records collapsed or kept apart, counted steps); shown wherever the run is.
    QStringList readWarnings;
    /// The first lines that look like metric lines but that no reader read (the honesty check),
    /// as text: what "Read these lines…" starts a custom format from.
    QStringList unreadLines;
    /// Only on a chunk handed over by an incremental parser: its first point carries more values
    /// for the same step as the last point of the previous chunk (a DeepSpeed timer line after
    /// its step line), so append() merges it into that point instead of starting a segment.
    bool firstPointContinues = false;
    /// Only on a chunk handed over by a follower: its first point starts a new segment whatever
    /// its step, because the log was truncated or replaced and is read again from its beginning.
    bool startsSegment = false;

    int pointCount() const { return int(m_steps.size()); }
    bool isEmpty() const { return m_steps.empty(); }
    qint64 step(int point) const { return m_steps[size_t(point)]; }
    /// Seconds since the epoch (UTC) when the log has timestamps, else NaN.
    double wallTime(int point) const { return m_wallTimes[size_t(point)]; }
    bool hasWallTime() const { return m_hasWallTime; }
    const std::vector<qint64> &steps() const { return m_steps; }
    const std::vector<double> &wallTimes() const { return m_wallTimes; }

    /// Metric names in the order they first appeared.
    QStringList metricNames() const { return m_names; }
    bool hasMetric(const QString &name) const { return m_index.contains(name); }
    /// The column of a metric (indexed by point; missing() where not logged), or nullptr.
    const MetricColumn *column(const QString &name) const;
    /// The value of a metric at a point, missing() if the metric or the value is absent.
    double value(int point, const QString &name) const;
    /// The last value a metric has (its last logged one), missing() if it has none.
    double lastValue(const QString &name) const;

    /// Column access by index, for parsers and views that walk many values (no name lookups).
    int columnCount() const { return int(m_columns.size()); }
    const MetricColumn &columnAt(int column) const { return m_columns[size_t(column)]; }
    /// Index of a metric's column, or -1.
    int columnIndex(const QString &name) const { return m_index.value(name, -1); }

    /// Index of the first point of each segment; always starts with 0 when the run has points.
    const QVector<int> &segmentStarts() const { return m_segmentStarts; }
    int segmentOf(int point) const;

    /// Appends a point and returns its index. A step lower than or equal to the previous one
    /// starts a new segment (a restart from a checkpoint), unless continuesSegment: a record of a
    /// second writer interleaved with the first (ParseContext), kept in file order.
    int appendPoint(qint64 step, double wallTime = noWallTime, bool continuesSegment = false);
    /// Sets a metric at a point, creating the column on first use; false, and nothing set, when
    /// the run already has maxMetricNames other metrics.
    bool setValue(int point, const QString &name, double value);
    /// Index of a metric's column, created (all missing) on first use; -1 when the run already has
    /// maxMetricNames metrics.
    int ensureColumn(const QString &name);
    /// Sets a value by column index (from ensureColumn()), the parsers' hot path.
    void setValueAt(int point, int column, double value) { m_columns[size_t(column)].set(size_t(point), value); }
    /// setValueAt() of a value by its MetricColumn::codeOfDecimal() code.
    void setCodeAt(int point, int column, quint32 code) { m_columns[size_t(column)].setCode(size_t(point), code); }
    /// Renames a column (a reader that keyed columns by the log's own names maps them at the end);
    /// false, and nothing changes, when another column already has that name.
    bool renameColumn(int column, const QString &name);
    /// Appends every point of another run chunk (same run, read later), keeping segments (and
    /// starting one at the chunk's first point when it startsSegment). Metrics
    /// beyond maxMetricNames are left out; returns how many were.
    int append(const RunMetrics &chunk) { return appendChunk(chunk, nullptr, {}); }
    /// Runs job(0) … job(count - 1), in any order, maybe several at once.
    using Jobs = std::function<void(int count, const std::function<void(int)> &job)>;
    /// The same, freeing each of the chunk's columns (and its steps and wall times) once it is
    /// appended: joining a large chunk (half a 1 GB log read on another thread) then holds one of
    /// them twice, not all. `jobs`, when given, runs the appends of the steps, of the wall times
    /// and of each column (each touches its own storage only), so a caller with idle threads joins
    /// on all of them.
    int append(RunMetrics &&chunk, const Jobs &jobs = {}) { return appendChunk(chunk, &chunk, jobs); }
    /// Reserves the point storage for `points` points, and the columns logged on most points so far
    /// (the others grow with their values).
    void reserve(int points);
    void clear();
    /// Releases spare capacity once a run is complete (a parsed file), so storage is what it holds.
    void squeeze();

    /// Bytes held by the point and metric storage (for the memory benchmark).
    size_t storageBytes() const;
    /// Number of values actually logged (not missing), for bytes-per-value accounting.
    qint64 storedValueCount() const;

private:
    /// append(); `release`, when set, is the chunk itself, whose storage is freed as it goes.
    int appendChunk(const RunMetrics &chunk, RunMetrics *release, const Jobs &jobs);
    std::vector<qint64> m_steps;
    std::vector<double> m_wallTimes;
    std::vector<MetricColumn> m_columns;
    QStringList m_names;
    QHash<QString, int> m_index;
    QVector<int> m_segmentStarts;
    bool m_hasWallTime = false;
};

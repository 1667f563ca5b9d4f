// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/runmetrics.h"

#include <QString>

#include <vector>

/// The points of a run that carry one metric (or a wall time), restarts resolved: when the run goes
/// back to step s (a resume from a checkpoint), its earlier points from s on are superseded by the
/// later segment, because the trainer redid them. Steps come out strictly ascending with an offset
/// added. A run without restarts or gaps is used in place — no copy of millions of points.
class RunSeries
{
public:
    RunSeries() = default;
    /// An absent metric gives an empty series.
    RunSeries(const RunMetrics &run, const QString &metric, qint64 offset = 0);
    /// The points with a wall time; value() is the wall time.
    static RunSeries wallTimes(const RunMetrics &run, qint64 offset = 0);

    size_t size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    const RunMetrics *run() const { return m_run; }
    qint64 offset() const { return m_offset; }

    int point(size_t i) const { return m_identity ? int(i) : m_points[i]; }
    qint64 step(size_t i) const { return m_run->step(point(i)) + m_offset; }
    double value(size_t i) const { return m_column ? (*m_column)[size_t(point(i))] : m_run->wallTime(point(i)); }
    qint64 firstStep() const { return step(0); }
    qint64 lastStep() const { return step(m_size - 1); }
    /// Index of the first entry whose step is ≥ step (size() if none).
    size_t lowerBound(qint64 step) const;
    /// Index of the first entry whose step is > step (size() if none).
    size_t upperBound(qint64 step) const;

private:
    template<typename Keep>
    void build(Keep keep);

    const RunMetrics *m_run = nullptr;
    const MetricColumn *m_column = nullptr;
    qint64 m_offset = 0;
    bool m_identity = false;
    size_t m_size = 0;
    std::vector<int> m_points;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runseries.h"

#include <algorithm>
#include <cmath>
#include <cstring>

RunSeries::RunSeries(const RunMetrics &run, const QString &metric, qint64 offset)
    : m_run(&run)
    , m_column(run.column(metric))
    , m_offset(offset)
{
    if (m_column) {
        const MetricColumn *c = m_column;
        build([c](int p) { return !MetricColumn::isMissing((*c)[size_t(p)]); });
    }
}

RunSeries RunSeries::wallTimes(const RunMetrics &run, qint64 offset)
{
    RunSeries s;
    s.m_run = &run;
    s.m_offset = offset;
    if (run.hasWallTime())
        s.build([&run](int p) { return !std::isnan(run.wallTime(p)); });
    return s;
}

template<typename Keep>
void RunSeries::build(Keep keep)
{
    const int n = m_run->pointCount();
    const QVector<int> &starts = m_run->segmentStarts();
    if (starts.size() <= 1) {
        int p = 0;
        while (p < n && keep(p))
            ++p;
        if (p == n) {
            m_identity = true;
            m_size = size_t(n);
            return;
        }
    }
    m_points.reserve(size_t(n));
    for (int seg = 0; seg < starts.size(); ++seg) {
        const int begin = starts.at(seg);
        const int end = seg + 1 < starts.size() ? starts.at(seg + 1) : n;
        if (seg > 0) {
            m_size = m_points.size();
            m_points.resize(lowerBound(m_run->step(begin) + m_offset));
        }
        for (int p = begin; p < end; ++p) {
            if (keep(p))
                m_points.push_back(p);
        }
    }
    m_size = m_points.size();
}

size_t RunSeries::lowerBound(qint64 step) const
{
    size_t lo = 0, hi = m_size;
    while (lo < hi) {
        const size_t mid = (lo + hi) / 2;
        if (this->step(mid) < step)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t RunSeries::upperBound(qint64 step) const
{
    size_t lo = 0, hi = m_size;
    while (lo < hi) {
        const size_t mid = (lo + hi) / 2;
        if (this->step(mid) <= step)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runmetrics.h"

#include <algorithm>
#include <cmath>
#include <cstring>

double RunMetrics::missing()
{
    return MetricColumn::missing();
}

bool RunMetrics::isMissing(double value)
{
    return MetricColumn::isMissing(value);
}

const MetricColumn *RunMetrics::column(const QString &name) const
{
    const auto it = m_index.constFind(name);
    return it == m_index.constEnd() ? nullptr : &m_columns[size_t(*it)];
}

double RunMetrics::lastValue(const QString &name) const
{
    const MetricColumn *c = column(name);
    return c ? c->lastValue() : missing();
}

double RunMetrics::value(int point, const QString &name) const
{
    const MetricColumn *c = column(name);
    return c ? (*c)[size_t(point)] : missing();
}

int RunMetrics::segmentOf(int point) const
{
    const auto it = std::upper_bound(m_segmentStarts.cbegin(), m_segmentStarts.cend(), point);
    return int(it - m_segmentStarts.cbegin()) - 1;
}

int RunMetrics::appendPoint(qint64 step, double wallTime, bool continuesSegment)
{
    if (m_steps.empty() || (step <= m_steps.back() && !continuesSegment))
        m_segmentStarts.append(int(m_steps.size()));
    m_steps.push_back(step);
    m_wallTimes.push_back(wallTime);
    if (!std::isnan(wallTime))
        m_hasWallTime = true;
    return int(m_steps.size()) - 1;
}

bool RunMetrics::setValue(int point, const QString &name, double value)
{
    const int c = ensureColumn(name);
    if (c < 0)
        return false;
    setValueAt(point, c, value);
    return true;
}

int RunMetrics::ensureColumn(const QString &name)
{
    const auto it = m_index.constFind(name);
    if (it != m_index.constEnd())
        return *it;
    const int index = int(m_columns.size());
    if (index >= maxMetricNames)
        return -1;
    m_index.insert(name, index);
    m_names.append(name);
    m_columns.emplace_back();
    return index;
}

bool RunMetrics::renameColumn(int column, const QString &name)
{
    const QString old = m_names.at(column);
    if (old == name)
        return true;
    if (m_index.contains(name))
        return false;
    m_index.remove(old);
    m_index.insert(name, column);
    m_names[column] = name;
    return true;
}

int RunMetrics::appendChunk(const RunMetrics &chunk, RunMetrics *release, const Jobs &jobs)
{
    for (auto it = chunk.meta.cbegin(); it != chunk.meta.cend(); ++it)
        meta.insert(it.key(), it.value());
    // Map the chunk's columns once; then whole columns are copied without name lookups.
    std::vector<int> target(chunk.m_columns.size());
    int leftOut = 0;
    for (size_t c = 0; c < target.size(); ++c) {
        target[c] = ensureColumn(chunk.m_names.at(int(c)));
        leftOut += target[c] < 0;
    }
    if (chunk.isEmpty())
        return leftOut;

    size_t first = 0;
    if (chunk.firstPointContinues && !isEmpty() && m_steps.back() == chunk.m_steps.front()) {
        const size_t last = m_steps.size() - 1;
        for (size_t c = 0; c < target.size(); ++c) {
            const double v = chunk.m_columns[c][0];
            if (target[c] >= 0 && !isMissing(v))
                m_columns[size_t(target[c])].set(last, v);
        }
        first = 1;
    }
    if (chunk.m_steps.size() == first)
        return leftOut;
    const size_t base = m_steps.size();
    // Within the chunk its own segments stand (a second writer's records continue theirs); its
    // first point starts one where its step goes back.
    const auto appendSteps = [&] {
        qsizetype nextStart = 0;
        for (size_t i = size_t(first); i < chunk.m_steps.size(); ++i) {
            const qint64 s = chunk.m_steps[i];
            while (nextStart < chunk.m_segmentStarts.size() && chunk.m_segmentStarts[nextStart] < int(i))
                ++nextStart;
            const bool chunkStart
                = nextStart < chunk.m_segmentStarts.size() && chunk.m_segmentStarts[nextStart] == int(i);
            if (m_steps.empty() || (i == size_t(first) && chunk.startsSegment)
                || (s <= m_steps.back() && (i == size_t(first) || chunkStart)))
                m_segmentStarts.append(int(m_steps.size()));
            m_steps.push_back(s);
        }
        if (release)
            release->m_steps = std::vector<qint64>(); // `= {}` would keep the capacity
    };
    const auto appendWallTimes = [&] {
        m_wallTimes.insert(m_wallTimes.end(), chunk.m_wallTimes.begin() + qptrdiff(first), chunk.m_wallTimes.end());
        if (release)
            release->m_wallTimes = std::vector<double>();
    };
    m_hasWallTime = m_hasWallTime || chunk.m_hasWallTime;
    const auto appendColumn = [&](size_t c) {
        if (target[c] < 0)
            return;
        m_columns[size_t(target[c])].append(chunk.m_columns[c], base - first, first);
        if (release)
            release->m_columns[c] = MetricColumn();
    };
    // The steps, the wall times and each column are copied apart (each job touches its own
    // storage), the two largest first.
    const auto job = [&](int j) {
        if (j == 0)
            appendSteps();
        else if (j == 1)
            appendWallTimes();
        else
            appendColumn(size_t(j - 2));
    };
    const int jobCount = int(target.size()) + 2;
    if (jobs) {
        jobs(jobCount, job);
    } else {
        for (int j = 0; j < jobCount; ++j)
            job(j);
    }
    return leftOut;
}

void RunMetrics::reserve(int points)
{
    m_steps.reserve(size_t(points));
    m_wallTimes.reserve(size_t(points));
    // A column logged on most points so far is sized once: growing it by doubling copies it and
    // touches fresh pages every time.
    for (MetricColumn &c : m_columns) {
        if (c.valueCount() * 2 >= qint64(m_steps.size()))
            c.reserve(size_t(points));
    }
}

void RunMetrics::clear()
{
    m_steps.clear();
    m_wallTimes.clear();
    m_columns.clear();
    m_names.clear();
    m_index.clear();
    m_segmentStarts.clear();
    m_hasWallTime = false;
}

void RunMetrics::squeeze()
{
    // Shrinking copies the data; a few percent of slack is cheaper to keep.
    auto shrink = [](auto &v) {
        if (v.capacity() > v.size() + v.size() / 16)
            v.shrink_to_fit();
    };
    shrink(m_steps);
    shrink(m_wallTimes);
    for (MetricColumn &c : m_columns)
        c.squeeze();
}

size_t RunMetrics::storageBytes() const
{
    size_t bytes = m_steps.capacity() * sizeof(qint64) + m_wallTimes.capacity() * sizeof(double);
    for (const MetricColumn &c : m_columns)
        bytes += c.storageBytes();
    return bytes;
}

qint64 RunMetrics::storedValueCount() const
{
    qint64 n = 0;
    for (const MetricColumn &c : m_columns)
        n += c.valueCount();
    return n;
}

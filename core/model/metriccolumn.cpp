#include "metriccolumn.h"

#include <algorithm>

double MetricColumn::lastValue() const
{
    for (auto it = m_values.crbegin(); it != m_values.crend(); ++it) {
        if (!isMissing(*it))
            return *it;
    }
    return missing();
}

qint64 MetricColumn::valueCount() const
{
    return std::count_if(m_values.cbegin(), m_values.cend(), [](double v) { return !isMissing(v); });
}

double MetricColumn::sparseAt(size_t point) const
{
    const auto it = std::lower_bound(m_points.cbegin(), m_points.cend(), point,
                                     [](int p, size_t wanted) { return size_t(p) < wanted; });
    return it != m_points.cend() && size_t(*it) == point ? m_values[size_t(it - m_points.cbegin())] : missing();
}

void MetricColumn::setSlow(size_t point, double value)
{
    if (m_sparse) {
        if (m_points.empty() || size_t(m_points.back()) < point) {
            m_points.push_back(int(point));
            m_values.push_back(value);
            return;
        }
        const auto it = std::lower_bound(m_points.begin(), m_points.end(), point,
                                         [](int p, size_t wanted) { return size_t(p) < wanted; });
        const auto i = it - m_points.begin();
        if (size_t(*it) == point) {
            m_values[size_t(i)] = value;
        } else {
            m_points.insert(it, int(point));
            m_values.insert(m_values.begin() + i, value);
        }
        return;
    }
    if (m_values.empty()) {
        m_first = point;
        m_gaps = 0;
        m_values.push_back(value);
        return;
    }
    const size_t end = m_first + m_values.size();
    if (point >= m_first && point < end) {
        double &cell = m_values[point - m_first];
        if (isMissing(cell) && m_gaps > 0 && !isMissing(value))
            --m_gaps;
        cell = value;
        return;
    }
    // Outside the span: fill the gap with missing() while the span stays mostly values, else
    // keep the values with their points.
    const size_t gap = point > end ? point - end : m_first - point - 1;
    if (m_gaps + gap > m_values.size() - m_gaps + slackCells) {
        makeSparse();
        setSlow(point, value);
        return;
    }
    m_gaps += gap;
    if (point >= end) {
        m_values.resize(m_values.size() + gap, missing());
        m_values.push_back(value);
    } else {
        m_values.insert(m_values.begin(), gap + 1, missing());
        m_values.front() = value;
        m_first = point;
    }
}

void MetricColumn::makeSparse()
{
    std::vector<int> points;
    std::vector<double> values;
    points.reserve(m_values.size() - m_gaps);
    values.reserve(m_values.size() - m_gaps);
    forEachValue([&](size_t point, double value) {
        points.push_back(int(point));
        values.push_back(value);
    });
    m_points = std::move(points);
    m_values = std::move(values);
    m_sparse = true;
    m_first = 0;
    m_gaps = 0;
}

void MetricColumn::squeeze()
{
    // Shrinking copies the data; a few percent of slack is cheaper to keep.
    if (m_values.capacity() > m_values.size() + m_values.size() / 16)
        m_values.shrink_to_fit();
    if (m_points.capacity() > m_points.size() + m_points.size() / 16)
        m_points.shrink_to_fit();
}

bool MetricColumn::operator==(const MetricColumn &other) const
{
    std::vector<std::pair<size_t, quint64>> mine, theirs;
    const auto collect = [](std::vector<std::pair<size_t, quint64>> &out) {
        return [&out](size_t point, double value) {
            quint64 bits;
            std::memcpy(&bits, &value, sizeof bits);
            out.emplace_back(point, bits);
        };
    };
    forEachValue(collect(mine));
    other.forEachValue(collect(theirs));
    return mine == theirs;
}

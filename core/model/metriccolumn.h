#pragma once

#include <QtGlobal>

#include <cstring>
#include <vector>

/// One metric's values in a Run, indexed by point. Only what the trainer logged is stored: the
/// values from the first point that has one to the last, or, once that span would be mostly gaps
/// (a metric logged every 1000 steps, a JSON key seen on one line only), the logged values with
/// their points. Every other point reads as missing(). Storage is therefore proportional to the
/// values, never to points × metric names.
class MetricColumn
{
public:
    /// A quiet NaN with a payload that IEEE arithmetic never creates from finite inputs.
    static double missing()
    {
        double d;
        std::memcpy(&d, &missingBits, sizeof d);
        return d;
    }
    static bool isMissing(double value)
    {
        quint64 bits;
        std::memcpy(&bits, &value, sizeof bits);
        return bits == missingBits;
    }

    /// The value at a point, missing() where none was logged.
    double operator[](size_t point) const
    {
        if (!m_sparse) {
            const size_t i = point - m_first; // wraps for points before m_first
            return i < m_values.size() ? m_values[i] : missing();
        }
        return sparseAt(point);
    }
    void set(size_t point, double value)
    {
        if (!m_sparse && point - m_first == m_values.size() && !m_values.empty()) {
            m_values.push_back(value); // the parsers' hot path: the next point
            return;
        }
        setSlow(point, value);
    }

    bool isEmpty() const { return m_values.empty(); }
    /// The last logged (not missing) value, missing() when none.
    double lastValue() const;
    /// Calls f(point, value) for every logged value, in point order.
    template<typename F>
    void forEachValue(F f) const
    {
        for (size_t i = 0; i < m_values.size(); ++i) {
            if (!isMissing(m_values[i]))
                f(m_sparse ? size_t(m_points[i]) : m_first + i, m_values[i]);
        }
    }
    qint64 valueCount() const;
    /// Room for a dense column to reach `points` points without moving.
    void reserve(size_t points)
    {
        if (!m_sparse && points > m_first)
            m_values.reserve(points - m_first);
    }
    size_t storageBytes() const { return m_values.capacity() * sizeof(double) + m_points.capacity() * sizeof(int); }
    void squeeze();
    /// Same values at the same points (bit for bit, so a logged NaN equals itself).
    bool operator==(const MetricColumn &other) const;
    bool operator!=(const MetricColumn &other) const { return !(*this == other); }

private:
    static constexpr quint64 missingBits = 0x7ff8'0000'dead'beefULL;
    /// Gaps filled with missing() in the dense span may exceed the values by this much.
    static constexpr size_t slackCells = 16;

    double sparseAt(size_t point) const;
    void setSlow(size_t point, double value);
    void makeSparse();

    bool m_sparse = false;
    size_t m_first = 0; ///< dense: the point of m_values[0]
    size_t m_gaps = 0; ///< dense: cells of the span that hold missing()
    std::vector<double> m_values; ///< dense: one per point of the span; sparse: one per entry of m_points
    std::vector<int> m_points; ///< sparse: ascending points
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <utility>
#include <vector>

/// Where the minimum and maximum of any index range of a series are, in O(log n): a pyramid of
/// per-block argmin/argmax (blocks of 16, 32, 64, … points), so re-decimating millions of points
/// for each pan or zoom frame touches a few thousand entries instead of every point.
///
/// Only drawable values count: finite ones (and, for a log axis, positive ones). The index holds
/// positions, not values; pass the same y it was built from to query().
class MinMaxIndex
{
public:
    MinMaxIndex() = default;
    MinMaxIndex(const std::vector<double> &y, bool positiveOnly);

    /// Brings the index up to date after y grew or changed from index `from` on (live appends):
    /// only the blocks from there up are recomputed; queries then answer exactly as an index
    /// built from the whole y.
    void update(const std::vector<double> &y, int from);

    bool isEmpty() const { return m_size == 0; }
    bool positiveOnly() const { return m_positiveOnly; }
    /// {argmin, argmax} of the drawable values in [begin, end), {-1, -1} when there are none.
    std::pair<int, int> query(const std::vector<double> &y, int begin, int end) const;

private:
    static constexpr int baseShift = 4; // the finest level has blocks of 16 points; shorter runs are scanned
    bool drawable(double v) const;
    void scan(const std::vector<double> &y, int begin, int end, int &lo, int &hi) const;
    void merge(const std::vector<double> &y, int candidateLo, int candidateHi, int &lo, int &hi) const;
    /// Recomputes base blocks [firstBlock, blocks) and their ancestors.
    void rebuildFrom(const std::vector<double> &y, int firstBlock);

    std::vector<std::vector<std::pair<int, int>>> m_levels; ///< [level][block] = {argmin, argmax}
    int m_size = 0;
    bool m_positiveOnly = false;
};

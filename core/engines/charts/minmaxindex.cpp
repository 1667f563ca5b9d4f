// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "minmaxindex.h"

#include <cmath>

bool MinMaxIndex::drawable(double v) const
{
    return std::isfinite(v) && (!m_positiveOnly || v > 0.0);
}

void MinMaxIndex::merge(const std::vector<double> &y, int candidateLo, int candidateHi, int &lo, int &hi) const
{
    if (candidateLo < 0)
        return;
    if (lo < 0 || y[size_t(candidateLo)] < y[size_t(lo)])
        lo = candidateLo;
    if (hi < 0 || y[size_t(candidateHi)] > y[size_t(hi)])
        hi = candidateHi;
}

void MinMaxIndex::scan(const std::vector<double> &y, int begin, int end, int &lo, int &hi) const
{
    for (int i = begin; i < end; ++i) {
        if (drawable(y[size_t(i)]))
            merge(y, i, i, lo, hi);
    }
}

MinMaxIndex::MinMaxIndex(const std::vector<double> &y, bool positiveOnly)
    : m_size(int(y.size()))
    , m_positiveOnly(positiveOnly)
{
    const int blocks = m_size >> baseShift;
    if (blocks == 0)
        return;
    // Padded to a power of two with empty blocks, so every level halves the one below and a
    // range query is the textbook bottom-up segment-tree walk.
    size_t padded = 1;
    while (padded < size_t(blocks))
        padded <<= 1;
    for (; padded >= 1; padded >>= 1)
        m_levels.emplace_back(padded, std::pair<int, int>{-1, -1});
    rebuildFrom(y, 0);
}

void MinMaxIndex::rebuildFrom(const std::vector<double> &y, int firstBlock)
{
    const int blocks = m_size >> baseShift;
    for (int b = firstBlock; b < blocks; ++b) {
        int lo = -1, hi = -1;
        scan(y, b << baseShift, (b + 1) << baseShift, lo, hi);
        m_levels[0][size_t(b)] = {lo, hi};
    }
    for (size_t level = 1, first = size_t(firstBlock) >> 1, end = size_t(blocks + 1) >> 1; level < m_levels.size();
         ++level, first >>= 1, end = (end + 1) >> 1) {
        const std::vector<std::pair<int, int>> &below = m_levels[level - 1];
        std::vector<std::pair<int, int>> &up = m_levels[level];
        for (size_t b = first; b < end && b < up.size(); ++b) {
            int lo = -1, hi = -1;
            merge(y, below[2 * b].first, below[2 * b].second, lo, hi);
            merge(y, below[2 * b + 1].first, below[2 * b + 1].second, lo, hi);
            up[b] = {lo, hi};
        }
    }
}

void MinMaxIndex::update(const std::vector<double> &y, int from)
{
    const int blocks = int(y.size()) >> baseShift;
    if (blocks > 0 && (m_levels.empty() || size_t(blocks) > m_levels.front().size())) {
        // Out of room: rebuilt with twice the capacity, so appends cost amortised O(1) a point.
        *this = MinMaxIndex(y, m_positiveOnly);
        return;
    }
    m_size = int(y.size());
    if (blocks > 0)
        rebuildFrom(y, std::max(0, std::min(from, m_size) >> baseShift));
}

std::pair<int, int> MinMaxIndex::query(const std::vector<double> &y, int begin, int end) const
{
    int lo = -1, hi = -1;
    constexpr int block = 1 << baseShift;
    int first = (begin + block - 1) >> baseShift;
    int last = end >> baseShift;
    if (m_levels.empty() || first >= last) {
        scan(y, begin, end, lo, hi);
        return {lo, hi};
    }
    // The ragged ends by scanning (< 16 points each side), whole blocks from the pyramid.
    scan(y, begin, first << baseShift, lo, hi);
    scan(y, last << baseShift, end, lo, hi);
    for (size_t level = 0; first < last; ++level, first >>= 1, last >>= 1) {
        const std::vector<std::pair<int, int>> &blocks = m_levels[level];
        if (first & 1) {
            merge(y, blocks[size_t(first)].first, blocks[size_t(first)].second, lo, hi);
            ++first;
        }
        if (last & 1) {
            --last;
            merge(y, blocks[size_t(last)].first, blocks[size_t(last)].second, lo, hi);
        }
    }
    return {lo, hi};
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "metriccolumn.h"

#include <algorithm>

double MetricColumn::lastValue() const
{
    for (size_t i = cellCount(); i-- > 0;) {
        const double v = cell(i);
        if (!isMissing(v))
            return v;
    }
    return missing();
}

qint64 MetricColumn::valueCount() const
{
    if (m_wide)
        return std::count_if(m_whole.cbegin(), m_whole.cend(), [](double v) { return !isMissing(v); });
    return std::count_if(m_codes.cbegin(), m_codes.cend(), [](quint32 code) { return code != missingCode; });
}

namespace {

/// Below this many whole values a column keeps its codes, whatever their share.
constexpr size_t fewWholeValues = 64;

/// Whole values are common (past fewWholeValues and more than half the cells): a column is then
/// cheaper with every value whole, 4 bytes a value as floats or 8 as doubles, than as codes beside
/// a list of whole values.
bool wholeValuesCommon(size_t whole, size_t cells)
{
    return whole >= fewWholeValues && whole * 2 > cells;
}

} // namespace

quint32 MetricColumn::codeFor(double value)
{
    if (isMissing(value))
        return missingCode;
    const quint32 code = m_floats ? floatCode(value) : encode(value);
    if (code != noCode)
        return code;
    if (m_floats) {
        makeWide();
        return noCode;
    }
    // Whole values are worth a code of their own only while they are few.
    if (m_whole.size() >= maxWholeIndex || wholeValuesCommon(m_whole.size(), m_codes.size())) {
        makeWhole();
        return m_floats ? codeFor(value) : noCode;
    }
    m_whole.push_back(value);
    return wholeSlot << digitBits | quint32(m_whole.size() - 1);
}

void MetricColumn::makeWhole()
{
    std::vector<quint32> floats;
    floats.reserve(m_codes.capacity());
    for (size_t i = 0; i < m_codes.size(); ++i) {
        const double v = cell(i);
        const quint32 code = isMissing(v) ? missingCode : floatCode(v);
        if (code == noCode) {
            makeWide();
            return;
        }
        floats.push_back(code);
    }
    m_codes = std::move(floats);
    m_whole = std::vector<double>();
    m_floats = true;
}

void MetricColumn::makeWide()
{
    std::vector<double> whole;
    whole.reserve(m_codes.capacity());
    for (size_t i = 0; i < m_codes.size(); ++i)
        whole.push_back(cell(i));
    m_whole = std::move(whole);
    m_codes = std::vector<quint32>(); // `= {}` would keep the capacity
    m_wide = true;
    m_floats = false;
}

void MetricColumn::setCell(size_t i, double value)
{
    if (!m_wide) {
        const quint32 code = codeFor(value);
        if (!m_wide) {
            m_codes[i] = code; // a whole value it replaces stays in m_whole: values set twice are rare
            return;
        }
    }
    m_whole[i] = value;
}

void MetricColumn::pushCell(double value)
{
    if (!m_wide) {
        const quint32 code = codeFor(value);
        if (!m_wide) {
            m_codes.push_back(code);
            return;
        }
    }
    m_whole.push_back(value);
}

void MetricColumn::append(const MetricColumn &from, size_t offset, size_t skip)
{
    // A dense chunk that goes on right after this column's last point: its codes (its floats,
    // TensorBoard's float32 scalars, or its whole values) move in one block, without being read
    // and set again one by one.
    if (!m_sparse && !isEmpty() && !from.m_sparse && !from.isEmpty() && from.m_first >= skip
        && offset + from.m_first == m_first + cellCount()) {
        // A chunk that went wide (a counter past 2^26, a derived rate) makes this column wide too:
        // set value by value, its values grew this column's whole list one at a time, on the
        // joining thread, for every later chunk of a long log.
        if (from.m_wide && !m_wide && m_whole.size() + from.m_whole.size() >= fewWholeValues)
            makeWide();
        else if (from.m_floats && !m_floats && !m_wide)
            makeWhole();
        if (m_wide && from.m_wide) {
            m_whole.insert(m_whole.end(), from.m_whole.cbegin(), from.m_whole.cend());
        } else if (m_wide) {
            for (size_t i = 0; i < from.cellCount(); ++i)
                m_whole.push_back(from.cell(i));
        } else if (m_floats && from.m_floats) {
            m_codes.insert(m_codes.end(), from.m_codes.cbegin(), from.m_codes.cend());
        } else if (!m_floats && !from.m_floats && !from.m_wide
                   && m_whole.size() + from.m_whole.size() <= maxWholeIndex) {
            // The chunk's codes of whole values point past this column's whole values.
            const quint32 shift = quint32(m_whole.size());
            m_whole.insert(m_whole.end(), from.m_whole.cbegin(), from.m_whole.cend());
            if (shift == 0 || from.m_whole.empty()) {
                m_codes.insert(m_codes.end(), from.m_codes.cbegin(), from.m_codes.cend());
            } else {
                for (const quint32 code : from.m_codes)
                    m_codes.push_back(code >> digitBits == wholeSlot && code != missingCode ? code + shift : code);
            }
            if (wholeValuesCommon(m_whole.size(), m_codes.size()))
                makeWhole();
        } else {
            from.forEachValue([&](size_t point, double value) { set(offset + point, value); });
            return;
        }
        m_gaps += from.m_gaps;
        return;
    }
    from.forEachValue([&](size_t point, double value) {
        if (point >= skip)
            set(offset + point, value);
    });
}

double MetricColumn::sparseAt(size_t point) const
{
    const auto it = std::lower_bound(m_points.cbegin(), m_points.cend(), point,
                                     [](int p, size_t wanted) { return size_t(p) < wanted; });
    return it != m_points.cend() && size_t(*it) == point ? cell(size_t(it - m_points.cbegin())) : missing();
}

void MetricColumn::setSlow(size_t point, double value)
{
    if (m_sparse) {
        if (m_points.empty() || size_t(m_points.back()) < point) {
            m_points.push_back(int(point));
            pushCell(value);
            return;
        }
        const auto it = std::lower_bound(m_points.begin(), m_points.end(), point,
                                         [](int p, size_t wanted) { return size_t(p) < wanted; });
        const auto i = it - m_points.begin();
        if (size_t(*it) == point) {
            setCell(size_t(i), value);
        } else {
            m_points.insert(it, int(point));
            // A placeholder first: codeFor may widen the column, which moves every cell.
            if (m_wide) {
                m_whole.insert(m_whole.begin() + i, value);
            } else {
                m_codes.insert(m_codes.begin() + i, missingCode);
                setCell(size_t(i), value);
            }
        }
        return;
    }
    if (isEmpty()) {
        m_first = point;
        m_gaps = 0;
        pushCell(value);
        return;
    }
    const size_t end = m_first + cellCount();
    if (point >= m_first && point < end) {
        const size_t i = point - m_first;
        if (isMissing(cell(i)) && m_gaps > 0 && !isMissing(value))
            --m_gaps;
        setCell(i, value);
        return;
    }
    // Outside the span: fill the gap with missing() while the span stays mostly values, else
    // keep the values with their points.
    const size_t gap = point >= end ? point - end : m_first - point - 1;
    if (m_gaps + gap > cellCount() - m_gaps + slackCells) {
        makeSparse();
        setSlow(point, value);
        return;
    }
    m_gaps += gap;
    if (point >= end) {
        m_wide ? m_whole.resize(m_whole.size() + gap, missing()) : m_codes.resize(m_codes.size() + gap, missingCode);
        pushCell(value);
    } else {
        m_wide ? void(m_whole.insert(m_whole.begin(), gap + 1, missing()))
               : void(m_codes.insert(m_codes.begin(), gap + 1, missingCode));
        m_first = point;
        setCell(0, value);
    }
}

void MetricColumn::makeSparse()
{
    MetricColumn sparse;
    sparse.m_sparse = true;
    sparse.m_points.reserve(cellCount() - m_gaps);
    sparse.m_codes.reserve(cellCount() - m_gaps);
    forEachValue([&sparse](size_t point, double value) {
        sparse.m_points.push_back(int(point));
        sparse.pushCell(value);
    });
    *this = std::move(sparse);
}

void MetricColumn::squeeze()
{
    // Shrinking copies the data; a few percent of slack is cheaper to keep.
    const auto shrink = [](auto &v) {
        if (v.capacity() > v.size() + v.size() / 16)
            v.shrink_to_fit();
    };
    shrink(m_codes);
    shrink(m_whole);
    shrink(m_points);
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

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "emasmoother.h"

#include <algorithm>
#include <cmath>

EmaSmoother::EmaSmoother(double weight)
    : m_weight(std::clamp(std::isfinite(weight) ? weight : 0.0, 0.0, 0.999))
{ }

void EmaSmoother::reset()
{
    m_last = 0.0;
    m_weightPower = 1.0;
    m_started = false;
    m_constantSoFar = true;
    m_first = 0.0;
}

double EmaSmoother::next(double y)
{
    if (!std::isfinite(y))
        return y;
    if (!m_started) {
        m_started = true;
        m_first = y;
    } else if (y != m_first) {
        m_constantSoFar = false;
    }
    m_last = m_last * m_weight + (1.0 - m_weight) * y;
    m_weightPower *= m_weight;
    if (m_constantSoFar || m_weight == 0.0)
        return y;
    return m_last / (1.0 - m_weightPower);
}

std::vector<double> EmaSmoother::smooth(const std::vector<double> &y, double weight, EmaSmoother *end)
{
    EmaSmoother s(weight);
    // The batch rule looks at the whole series: only a series constant from end to end is left
    // alone, so a non-constant one is smoothed from its first value on (as TensorBoard does).
    const auto firstFinite = std::find_if(y.cbegin(), y.cend(), [](double v) { return std::isfinite(v); });
    s.m_constantSoFar = firstFinite == y.cend()
        || std::all_of(firstFinite, y.cend(), [&](double v) { return !std::isfinite(v) || v == *firstFinite; });
    if (s.m_constantSoFar) {
        if (end) {
            *end = EmaSmoother(weight);
            for (double v : y)
                end->next(v);
        }
        return y;
    }
    std::vector<double> out;
    out.reserve(y.size());
    for (double v : y)
        out.push_back(s.next(v));
    if (end)
        *end = s;
    return out;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityenvelope.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr int maxRangesKept = 20;

}

ParityEnvelope::ParityEnvelope(const ParityOptions &options, const RunSeries &first,
                               const std::vector<RunSeries> &others)
    : m_options(options)
    , m_first(first)
    , m_others(others)
{ }

ParityResult::BaselineSpread ParityEnvelope::spread(size_t other) const
{
    const RunSeries &b = m_others.at(other);
    ParityResult::BaselineSpread s;
    s.name = b.run()->name;
    s.path = b.run()->sourcePath;
    size_t j = 0;
    for (size_t i = 0; i < m_first.size(); ++i) {
        const qint64 step = m_first.step(i);
        if (m_options.skipWarmup > 0 && step <= m_options.skipWarmup)
            continue;
        while (j < b.size() && b.step(j) < step)
            ++j;
        if (j >= b.size())
            break;
        if (b.step(j) != step)
            continue;
        const double x = m_first.value(i), y = b.value(j);
        if (!std::isfinite(x) || !std::isfinite(y))
            continue;
        ++s.commonSteps;
        const double d = std::abs(y - x);
        const double rel = x != 0 ? d / std::abs(x) : (d == 0 ? 0.0 : std::numeric_limits<double>::infinity());
        s.maxAbs = std::max(s.maxAbs, d);
        if (rel > s.maxRel || s.maxRelStep < 0) {
            s.maxRel = rel;
            s.maxRelStep = step;
        }
        if (!(d <= tolerance(m_options, x))) {
            ++s.beyondTolerance;
            if (s.firstBeyondStep < 0)
                s.firstBeyondStep = step;
        }
    }
    return s;
}

std::vector<std::pair<double, double>> ParityEnvelope::bounds(const std::vector<ParityResult::Row> &rows) const
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::pair<double, double>> out;
    out.reserve(rows.size());
    std::vector<size_t> cursor(m_others.size(), 0);
    for (const ParityResult::Row &r : rows) {
        double lo = r.baseline, hi = r.baseline;
        bool complete = std::isfinite(r.baseline);
        for (size_t k = 0; k < m_others.size() && complete; ++k) {
            const RunSeries &b = m_others[k];
            size_t &j = cursor[k];
            while (j < b.size() && b.step(j) < r.step)
                ++j;
            if (j >= b.size() || b.step(j) != r.step || !std::isfinite(b.value(j))) {
                complete = false;
                break;
            }
            lo = std::min(lo, b.value(j));
            hi = std::max(hi, b.value(j));
        }
        if (complete)
            out.emplace_back(lo, hi);
        else
            out.emplace_back(nan, nan);
    }
    return out;
}

void ParityEnvelope::summarise(ParityResult::Candidate &c) const
{
    ParityResult::EnvelopeCheck &e = c.envelope;
    double sumAbs = 0, sumRel = 0;
    int nRel = 0;
    qint64 rangeStart = -1, previous = -1;
    const auto closeRange = [&] {
        if (rangeStart >= 0 && e.outsideRanges.size() < maxRangesKept)
            e.outsideRanges.append({rangeStart, previous});
        rangeStart = -1;
    };
    for (size_t i = 0; i < c.rows.size(); ++i) {
        const ParityResult::Row &r = c.rows[i];
        const auto [lo, hi] = c.envelopeBounds[i];
        if (r.has(ParityResult::Row::Warmup) || r.has(ParityResult::Row::BaselineNonFinite) || std::isnan(lo))
            continue;
        ++e.steps;
        const bool outside = r.has(ParityResult::Row::Beyond);
        if (outside) {
            ++e.outside;
            if (e.firstOutside < 0)
                e.firstOutside = r.step;
            if (rangeStart < 0)
                rangeStart = r.step;
        } else {
            closeRange();
        }
        previous = r.step;
        if (!std::isfinite(r.candidate))
            continue;
        // The distance to the baselines' own spread: 0 inside it.
        const double nearest = r.candidate < lo ? lo : (r.candidate > hi ? hi : r.candidate);
        const double excess = std::abs(r.candidate - nearest);
        sumAbs += excess;
        if (nearest != 0) {
            sumRel += excess / std::abs(nearest);
            ++nRel;
        }
    }
    closeRange();
    if (e.steps > 0) {
        e.outsideShare = double(e.outside) / e.steps;
        e.meanAbsExcess = sumAbs / e.steps;
    }
    if (nRel > 0)
        e.meanRelExcess = sumRel / nRel;
}

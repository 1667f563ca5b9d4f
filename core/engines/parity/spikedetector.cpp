// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "spikedetector.h"

#include "median.h"
#include "runseries.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {
constexpr double madToSigma = 1.4826;
constexpr double meanAdToSigma = 1.2533;
constexpr int minBlock = 8;

constexpr size_t sampleSize = 16;
constexpr double screenShare = 0.5;

struct Scale
{
    double median = 0;
    double sigma = 0;
};

/// Median and MAD-based sigma of v (which it reorders).
Scale robustScale(std::vector<double> &v)
{
    Scale s;
    if (v.empty())
        return s;
    s.median = medianInPlace(v);
    double meanAd = 0;
    for (double &x : v) {
        x = std::abs(x - s.median);
        meanAd += x;
    }
    meanAd /= double(v.size());
    const double mad = medianInPlace(v);
    s.sigma = mad > 0 ? madToSigma * mad : meanAdToSigma * meanAd;
    return s;
}
/// Median of the four points around k (of the two next to it near the ends, NaN at the very ends).
/// Leaving the point out keeps its own noise out of its reference; the median follows the
/// curve's trend — a fast early loss drop is no spike — and ignores a lone spike next door.
double runningMedian(const RunSeries &s, size_t k)
{
    const size_t n = s.size();
    if (k == 0 || k + 1 == n)
        return std::numeric_limits<double>::quiet_NaN();
    if (k == 1 || k + 2 == n)
        return 0.5 * (s.value(k - 1) + s.value(k + 1));
    const double a = s.value(k - 2), b = s.value(k - 1), c = s.value(k + 1), d = s.value(k + 2);
    // The two middle values of four, without sorting.
    return 0.5 * (std::max(std::min(a, b), std::min(c, d)) + std::min(std::max(a, b), std::max(c, d)));
}
} // namespace

SpikeDetector::SpikeDetector(int block, double mads)
    : m_block(std::max(block, minBlock))
    , m_mads(mads)
{ }

QVector<ParityResult::Spike> SpikeDetector::detect(const RunSeries &series) const
{
    QVector<ParityResult::Spike> spikes;
    const size_t n = series.size();
    if (n < size_t(minBlock))
        return spikes;
    std::vector<double> residual(size_t(m_block) * 2), localMedian(size_t(m_block) * 2), scratch;
    scratch.reserve(size_t(m_block) * 2);
    size_t begin = 0;
    while (begin < n) {
        size_t end = std::min(n, begin + size_t(m_block));
        // A short tail would judge its points against too few neighbours: fold it into this block.
        if (n - end < size_t(m_block) / 2)
            end = n;
        double top = -std::numeric_limits<double>::infinity();
        for (size_t k = begin; k < end; ++k) {
            const size_t i = k - begin;
            localMedian[i] = runningMedian(series, k);
            residual[i] = series.value(k) - localMedian[i];
            if (std::isfinite(residual[i]))
                top = std::max(top, residual[i]);
            // else: a NaN is reported elsewhere, at the ends there is no judgement; and neither may
            // count in the block's scale (a block of NaNs would shrink the MAD to 0 and turn the
            // noise of its few finite points into spikes).
        }
        const size_t count = end - begin;
        // Screen with a strided sample first: exact selection on every block would dominate the
        // whole comparison, and almost every block's largest residual is nowhere near a spike.
        const size_t stride = std::max<size_t>(1, count / sampleSize);
        scratch.clear();
        for (size_t i = 0; i < count; i += stride) {
            if (std::isfinite(residual[i]))
                scratch.push_back(residual[i]);
        }
        Scale scale = robustScale(scratch);
        if (top - scale.median > screenShare * m_mads * scale.sigma) {
            scratch.clear();
            for (size_t i = 0; i < count; ++i) {
                if (std::isfinite(residual[i]))
                    scratch.push_back(residual[i]);
            }
            scale = robustScale(scratch);
            if (scale.sigma > 0) {
                for (size_t i = 0; i < count; ++i) {
                    if (!std::isfinite(residual[i]))
                        continue;
                    const double z = (residual[i] - scale.median) / scale.sigma;
                    if (z > m_mads)
                        spikes.append({series.step(begin + i), series.value(begin + i), localMedian[i], z, false});
                }
            }
        }
        begin = end;
    }
    return spikes;
}

#include "spikedetector.h"

#include <algorithm>
#include <cmath>

namespace {
constexpr double madToSigma = 1.4826;
constexpr double meanAdToSigma = 1.2533;
constexpr int minBlock = 8;

double median(std::vector<double> &v)
{
    const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}
}

SpikeDetector::SpikeDetector(int block, double mads)
    : m_block(std::max(block, minBlock))
    , m_mads(mads)
{
}

QVector<ParityResult::Spike> SpikeDetector::detect(const std::vector<qint64> &steps,
                                                   const std::vector<double> &values) const
{
    QVector<ParityResult::Spike> spikes;
    std::vector<size_t> index;
    index.reserve(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        if (std::isfinite(values[i]))
            index.push_back(i);
    }
    if (index.size() < size_t(minBlock))
        return spikes;

    std::vector<double> scratch;
    scratch.reserve(size_t(m_block) * 2);
    size_t begin = 0;
    while (begin < index.size()) {
        size_t end = std::min(index.size(), begin + size_t(m_block));
        // A short tail would judge its points against too few neighbours: fold it into this block.
        if (index.size() - end < size_t(m_block) / 2)
            end = index.size();
        scratch.clear();
        for (size_t k = begin; k < end; ++k)
            scratch.push_back(values[index[k]]);
        const double med = median(scratch);
        double meanAd = 0;
        for (double &x : scratch) {
            x = std::abs(x - med);
            meanAd += x;
        }
        meanAd /= double(scratch.size());
        const double mad = median(scratch);
        const double sigma = mad > 0 ? madToSigma * mad : meanAdToSigma * meanAd;
        if (sigma > 0) {
            for (size_t k = begin; k < end; ++k) {
                const double v = values[index[k]];
                const double z = (v - med) / sigma;
                if (z > m_mads)
                    spikes.append({steps[index[k]], v, med, z, false});
            }
        }
        begin = end;
    }
    return spikes;
}

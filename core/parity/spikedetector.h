#pragma once

#include "parityresult.h"

#include <QVector>

#include <vector>

/// Upward spikes against a series' own local median: Hampel's identifier on consecutive blocks.
/// A point is a spike when (x − median) / (1.4826·MAD) exceeds the threshold, median and MAD taken
/// over its block of points (1.4826 makes the MAD a standard deviation for normal noise). Where
/// the MAD is zero (values logged with few digits) the mean absolute deviation × 1.2533 stands in.
/// Blocks instead of a sliding window keep 2 M points at a few ns each; only rises count, because
/// a loss or grad-norm spike is a rise.
class SpikeDetector
{
public:
    SpikeDetector(int block, double mads);

    /// steps and values are parallel; non-finite values are skipped (reported elsewhere).
    QVector<ParityResult::Spike> detect(const std::vector<qint64> &steps, const std::vector<double> &values) const;

private:
    int m_block;
    double m_mads;
};

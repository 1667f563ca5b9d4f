// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QVector>

class RunSeries;

/// Upward spikes against a series' own local median, Hampel-style: each point's residual from the
/// median of the four points around it (itself left out), divided by 1.4826·MAD of the residuals in its
/// block of points (1.4826 makes the MAD a standard deviation for normal noise; where the MAD is
/// zero, values logged with few digits, the mean absolute deviation × 1.2533 stands in). The
/// running median follows the trend — a fast early loss drop is no spike — and ignores a lone
/// spike. Blocks keep 2 M points at a few ns each, and a block whose largest residual stays within
/// half the threshold of a 16-point strided sample's scale is not examined further. Only rises
/// count, because a loss or grad-norm spike is a rise; the first and last points are not judged.
class SpikeDetector
{
public:
    SpikeDetector(int block, double mads);

    /// Non-finite values are skipped (they are reported elsewhere).
    QVector<ParityResult::Spike> detect(const RunSeries &series) const;

private:
    int m_block;
    double m_mads;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

#include <limits>

/// The metrics of one logged training step of the reference run.
struct TrainStep
{
    int step = 0; ///< 1-based
    double loss = 0;
    double learningRate = 0;
    double gradNorm = 0; ///< total L2 norm of the gradients before clipping
    double tokensPerSecond = 0; ///< tokens trained since the previous log line ÷ their wall time (eval excluded)
    bool hasEvalLoss = false; ///< whether this step ran an evaluation
    double evalLoss = std::numeric_limits<double>::quiet_NaN();
    double time = 0; ///< seconds since the epoch (UTC) when the step finished
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "deepspeedestimator.h"

#include <algorithm>
#include <cmath>

// DeepSpeed truncates with int(); std::trunc keeps that for byte counts beyond 32 bits.
DeepSpeedEstimator::Need DeepSpeedEstimator::zero2(double totalParams, int gpusPerNode, int nodes, bool cpuOffload,
                                                   double additionalBufferFactor)
{
    const double totalGpus = double(nodes) * gpusPerNode;
    Need n;
    if (cpuOffload) {
        n.gpuBytes = 2 * totalParams;
        n.cpuBytes = totalParams * std::max(4 * totalGpus, 16.0) * additionalBufferFactor;
    } else {
        n.gpuBytes = 4 * totalParams + std::trunc(16 * totalParams / totalGpus);
        n.cpuBytes = totalParams * 4 * gpusPerNode * additionalBufferFactor;
    }
    n.cpuBytes = std::trunc(n.cpuBytes);
    n.gpuBytes = std::trunc(n.gpuBytes);
    return n;
}

DeepSpeedEstimator::Need DeepSpeedEstimator::zero3(double totalParams, double largestLayerParams, int gpusPerNode,
                                                   int nodes, bool cpuOffload, bool cpuOffloadParams, bool zeroInit,
                                                   double additionalBufferFactor)
{
    const double totalGpus = double(nodes) * gpusPerNode;
    const double gpusFactor = 1.0 / nodes;
    const double largestLayerMemory = 4 * largestLayerParams;
    Need n;
    if (cpuOffload) {
        if (cpuOffloadParams) {
            n.gpuBytes = largestLayerMemory;
            n.cpuBytes = zeroInit ? totalParams * 18 * gpusFactor * additionalBufferFactor
                                  : totalParams * std::max(4.0 * gpusPerNode, 18 * gpusFactor) * additionalBufferFactor;
        } else {
            n.gpuBytes = largestLayerMemory + std::trunc(2 * totalParams / totalGpus);
            n.cpuBytes = zeroInit ? totalParams * 16 * gpusFactor * additionalBufferFactor
                                  : totalParams * std::max(4.0 * gpusPerNode, 16 * gpusFactor) * additionalBufferFactor;
        }
    } else {
        n.gpuBytes = largestLayerMemory + std::trunc(18 * totalParams / totalGpus);
        n.cpuBytes = zeroInit ? largestLayerParams * 4 * gpusPerNode * additionalBufferFactor
                              : totalParams * 4 * gpusPerNode * additionalBufferFactor;
    }
    n.cpuBytes = std::trunc(n.cpuBytes);
    n.gpuBytes = std::trunc(n.gpuBytes);
    return n;
}

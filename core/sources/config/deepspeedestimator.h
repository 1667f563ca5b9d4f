// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

/// DeepSpeed's published model-state estimators, transcribed: `estimate_zero2_model_states_mem_needs`
/// (deepspeed/runtime/zero/stage_1_and_2.py) and `estimate_zero3_model_states_mem_needs`
/// (deepspeed/runtime/zero/stage3.py). Bytes; the defaults are DeepSpeed's.
class DeepSpeedEstimator
{
public:
    struct Need
    {
        double cpuBytes = 0;
        double gpuBytes = 0;
    };
    static Need zero2(double totalParams, int gpusPerNode = 1, int nodes = 1, bool cpuOffload = true,
                      double additionalBufferFactor = 1.5);
    static Need zero3(double totalParams, double largestLayerParams, int gpusPerNode = 1, int nodes = 1,
                      bool cpuOffload = true, bool cpuOffloadParams = true, bool zeroInit = true,
                      double additionalBufferFactor = 1.5);
};

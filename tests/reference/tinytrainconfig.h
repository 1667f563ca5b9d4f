// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainconfig.h"

/// A reference model small enough that 100 steps take a few seconds on one core.
inline TrainConfig tinyTrainConfig(int steps = 100)
{
    TrainConfig c;
    c.steps = steps;
    c.layers = 1;
    c.width = 32;
    c.heads = 2;
    c.context = 32;
    c.batchSize = 8;
    c.threads = 1;
    c.warmupSteps = 10;
    c.evalInterval = 0;
    return c;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "trainingconfig.h"

#include <algorithm>

int TrainingConfig::modelParallelSize() const
{
    if (!isMegatron())
        return 1;
    return std::max(1, megatron.tp) * std::max(1, megatron.pp) * std::max(1, megatron.cp);
}

int TrainingConfig::dataParallelSize() const
{
    const int mp = modelParallelSize();
    return mp > 0 ? worldSize() / mp : 0;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "memoryestimate.h"
#include "trainingconfig.h"

#include <QCoreApplication>

/// Per-device memory of a TrainingConfig against its device preset. Formulas and sources are in
/// docs/config.md: model states after Rajbhandari et al. (ZeRO, 2020) — 2 bytes of 16-bit
/// parameters, 2 of gradients and 12 of fp32 optimizer state per parameter — sharded by ZeRO stage
/// or FSDP strategy and moved to CPU by offload; activations after Korthikanti et al. (2022).
class MemoryEstimator
{
    Q_DECLARE_TR_FUNCTIONS(MemoryEstimator)

public:
    static MemoryEstimate estimate(const TrainingConfig &config);
    /// Bytes of activations stored per transformer layer for one micro batch.
    static double activationBytesPerLayer(const TrainingConfig &config);
    /// "12.3 GiB"
    static QString formatBytes(double bytes);
};

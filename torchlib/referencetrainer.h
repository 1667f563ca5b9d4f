// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainconfig.h"
#include "core/workflows/reference/trainoutcome.h"
#include "core/workflows/reference/trainstep.h"

#include <QString>

#include <atomic>
#include <functional>

/// The built-in reference run: a small GPT-style decoder (pre-LayerNorm blocks, causal multi-head
/// attention, GELU MLP, tied input/output embedding) trained with libtorch on character tokens of a
/// text corpus, with AdamW, linear warmup + cosine decay and gradient clipping.
///
/// Deterministic for a given seed and thread count: weights come from a seeded generator, batches
/// from a seeded 64-bit Mersenne Twister independent of the precision, so fp32 and bf16 runs see
/// the same data in the same order. bf16 keeps fp32 master weights and optimizer state; matmuls run
/// in bf16 on bf16 casts of the weights (what CPU autocast does), LayerNorm, softmax and the loss
/// in fp32 (see docs/reference-run.md).
class ReferenceTrainer
{
public:
    using StepCallback = std::function<void(const TrainStep &)>;

    explicit ReferenceTrainer(TrainConfig config);

    /// Trains; onStep is called on the calling thread for every logged step. Setting *cancel stops
    /// after the current step with status "stopped". Never throws.
    TrainOutcome run(const StepCallback &onStep = {}, const std::atomic_bool *cancel = nullptr);

    /// After run(), also write the final fp32 weights as a torch.save dict (name → tensor) here.
    void setWeightDumpPath(const QString &path) { m_weightDumpPath = path; }

    /// The public-domain corpus compiled into the library (see resources/SOURCES.md).
    static QString builtInCorpusPath();

private:
    TrainConfig m_config;
    QString m_weightDumpPath;
};

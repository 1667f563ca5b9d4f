// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>

/// Settings of one built-in reference run (a small GPT-style decoder trained on a text corpus).
/// Plain data, so the CLI, the GUI and the log header share it without seeing libtorch.
struct TrainConfig
{
    int steps = 300;
    int layers = 2;
    int width = 64; ///< embedding width (d_model)
    int heads = 4;
    int context = 64; ///< tokens per sequence
    int batchSize = 16; ///< sequences per step
    QString precision = QStringLiteral("fp32"); ///< "fp32" or "bf16" (bf16 compute, fp32 master weights)
    QString device = QStringLiteral("cpu"); ///< "cpu" or "cuda"
    quint64 seed = 1234;
    /// Intra-op threads; results are bit-identical for the same seed and thread count. 1 by default:
    /// OpenMP threads spin-wait, and on a busy 2-core machine 2 threads ran 10x slower than 1.
    int threads = 1;
    double dropout = 0.0; ///< off for parity runs
    double learningRate = 3e-3; ///< peak, after warmup
    double minLearningRate = 3e-4; ///< end of the cosine decay
    int warmupSteps = 30;
    double weightDecay = 0.1;
    double gradClip = 1.0;
    int evalInterval = 50; ///< eval loss every N steps (and at the last step); 0 = never
    int evalBatches = 4;
    int logInterval = 1;
    QString corpusPath; ///< empty = the built-in public-domain corpus

    /// Why these settings cannot run (names the option), or empty.
    QString validate() const;
    /// Learning rate at a step (1-based): linear warmup, then cosine decay to minLearningRate.
    double learningRateAt(int step) const;
    /// The settings as a flat JSON object (the log header uses it).
    QJsonObject toJson() const;
};

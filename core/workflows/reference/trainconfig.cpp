// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/workflows/reference/trainconfig.h"

#include <cmath>

QString TrainConfig::validate() const
{
    if (steps < 1)
        return QStringLiteral("steps must be at least 1 (got %1)").arg(steps);
    if (layers < 1 || width < 1 || heads < 1 || context < 2 || batchSize < 1)
        return QStringLiteral("layers, width, heads and batch must be positive and context at least 2");
    if (width % heads != 0)
        return QStringLiteral("width %1 is not divisible by heads %2").arg(width).arg(heads);
    if (precision != QLatin1String("fp32") && precision != QLatin1String("bf16"))
        return QStringLiteral("precision must be fp32 or bf16 (got '%1')").arg(precision);
    if (device != QLatin1String("cpu") && device != QLatin1String("cuda"))
        return QStringLiteral("device must be cpu or cuda (got '%1')").arg(device);
    if (threads < 1)
        return QStringLiteral("threads must be at least 1 (got %1)").arg(threads);
    if (dropout < 0 || dropout >= 1)
        return QStringLiteral("dropout must be in [0, 1) (got %1)").arg(dropout);
    if (!(learningRate > 0) || minLearningRate < 0 || minLearningRate > learningRate)
        return QStringLiteral("learning rates must satisfy 0 <= min-lr <= lr, lr > 0");
    if (warmupSteps < 0 || evalInterval < 0 || evalBatches < 1 || logInterval < 1 || gradClip <= 0)
        return QStringLiteral("warmup and eval interval must be >= 0; eval batches, log interval and clip > 0");
    return {};
}

double TrainConfig::learningRateAt(int step) const
{
    if (warmupSteps > 0 && step <= warmupSteps)
        return learningRate * double(step) / double(warmupSteps);
    const int decaySteps = std::max(1, steps - warmupSteps);
    const double progress = std::min(1.0, double(step - warmupSteps) / double(decaySteps));
    return minLearningRate + 0.5 * (learningRate - minLearningRate) * (1.0 + std::cos(M_PI * progress));
}

QJsonObject TrainConfig::toJson() const
{
    return {
        {QStringLiteral("steps"), steps},
        {QStringLiteral("layers"), layers},
        {QStringLiteral("width"), width},
        {QStringLiteral("heads"), heads},
        {QStringLiteral("context"), context},
        {QStringLiteral("batch_size"), batchSize},
        {QStringLiteral("precision"), precision},
        {QStringLiteral("device"), device},
        {QStringLiteral("seed"), QString::number(seed)},
        {QStringLiteral("threads"), threads},
        {QStringLiteral("dropout"), dropout},
        {QStringLiteral("lr"), learningRate},
        {QStringLiteral("min_lr"), minLearningRate},
        {QStringLiteral("warmup_steps"), warmupSteps},
        {QStringLiteral("weight_decay"), weightDecay},
        {QStringLiteral("grad_clip"), gradClip},
        {QStringLiteral("eval_interval"), evalInterval},
        {QStringLiteral("eval_batches"), evalBatches},
        {QStringLiteral("corpus"), corpusPath.isEmpty() ? QStringLiteral("built-in") : corpusPath},
    };
}

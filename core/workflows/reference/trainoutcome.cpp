// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "trainoutcome.h"

#include <cmath>

QJsonObject TrainOutcome::toJson() const
{
    QJsonObject o{
        {QStringLiteral("steps_done"), stepsDone},         {QStringLiteral("wall_s"), wallSeconds},
        {QStringLiteral("tokens_per_s"), tokensPerSecond}, {QStringLiteral("device_used"), deviceUsed},
        {QStringLiteral("parameters"), parameterCount},    {QStringLiteral("vocab_size"), vocabularySize},
    };
    if (stepsDone > 0 && std::isfinite(finalLoss))
        o.insert(QStringLiteral("final_loss"), finalLoss);
    if (std::isfinite(finalEvalLoss))
        o.insert(QStringLiteral("final_eval_loss"), finalEvalLoss);
    if (!error.isEmpty())
        o.insert(QStringLiteral("error"), error);
    return o;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "tensorboardtags.h"

#include "core/base/model/metricnames.h"

#include <QHash>

namespace TensorBoardTags {

QString metricName(const QString &tag, const MetricMap &userMap)
{
    const QString renamed = userMap.rename(tag);
    if (!renamed.isEmpty())
        return renamed;
    static const QHash<QString, QString> writerTags = {
        {QStringLiteral("train/epoch"), MetricNames::epoch}, // HF Trainer
        {QStringLiteral("loss_metrics/global_avg_loss"), MetricNames::loss}, // torchtitan
        {QStringLiteral("throughput(tps)"), MetricNames::tokensPerSecondPerDevice}, // torchtitan
        {QStringLiteral("throughput"), MetricNames::tflopsPerDevice}, // Megatron-LM, MindSpeed-LLM
        {QStringLiteral("batch-size"), MetricNames::globalBatchSize}, // Megatron-LM, MindSpeed-LLM
    };
    const auto it = writerTags.constFind(tag);
    if (it != writerTags.constEnd())
        return *it;
    if (tag.startsWith(QLatin1String("lr-"))) // Lightning's LearningRateMonitor: lr-AdamW, lr-SGD
        return MetricNames::learningRate;
    return MetricNames::canonicalName(tag);
}

bool isOtherAxis(const QString &tag)
{
    return tag.endsWith(QLatin1String(" vs samples")) || tag.endsWith(QLatin1String(" vs tokens"));
}

} // namespace TensorBoardTags

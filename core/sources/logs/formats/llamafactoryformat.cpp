// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "llamafactoryformat.h"

#include "core/base/model/metricnames.h"

int LlamaFactoryFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    const double share = shareWithKey(lines, "\"current_steps\"");
    if (share == 0)
        return 0;
    return sourceName.endsWith(QLatin1String("trainer_log.jsonl")) || share > 0.5 ? 95 : 60;
}

DictLineFormat::KeyRole LlamaFactoryFormat::roleOf(QByteArrayView key) const
{
    if (key == "current_steps")
        return KeyRole::Step;
    // Progress bookkeeping, not metrics.
    if (key == "total_steps" || key == "percentage" || key == "remaining_time")
        return KeyRole::Ignore;
    return DictLineFormat::roleOf(key);
}

QString LlamaFactoryFormat::metricFor(QByteArrayView key) const
{
    // LLaMA-Factory's throughput is tokens seen per second of the whole job.
    if (key == "throughput")
        return MetricNames::tokensPerSecond;
    if (key == "elapsed_time")
        return QStringLiteral("elapsed_s");
    return DictLineFormat::metricFor(key);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/formats/dictlineformat.h"

/// LLaMA-Factory `trainer_log.jsonl`: `{"current_steps": 5, "total_steps": 93, "loss": 5.70,
/// "lr": 1e-06, "epoch": 0.16, "percentage": 5.38, "elapsed_time": "0:02:03", ...,
/// "throughput": 13061.0, "total_tokens": 1614784}`; DPO runs add "accuracy" and rewards.
class LlamaFactoryFormat : public DictLineFormat
{
public:
    QString name() const override { return QStringLiteral("llamafactory"); }
    QString displayName() const override { return QStringLiteral("LLaMA-Factory trainer_log.jsonl"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;

protected:
    KeyRole roleOf(QByteArrayView key) const override;
    QString metricFor(QByteArrayView key) const override;
    bool isProgress(QByteArrayView key) const override { return key == "epoch" || key == "elapsed_time"; }
};

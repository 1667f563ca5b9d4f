// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/formats/dictlineformat.h"

/// Hugging Face Trainer console output: one Python dict per logging step —
/// `{'loss': 0.18, 'grad_norm': 0.52, 'learning_rate': 1.7e-06, 'epoch': 9.5}` (grad_norm only
/// since v4.38; newer releases quote the values) — evaluation dicts (`eval_loss`, ...) that
/// complete the point they follow, and the closing `train_runtime` summary (kept in RunMetrics::meta).
/// The console prints no step, so points are numbered 1, 2, 3... in logging order.
class HfTrainerFormat : public DictLineFormat
{
public:
    QString name() const override { return QStringLiteral("hf-trainer"); }
    QString displayName() const override { return QStringLiteral("Hugging Face Trainer console"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;

protected:
    qsizetype objectStart(QByteArrayView line) const override;
    bool isSummary(QByteArrayView key) const override;
    bool acceptsQuotedNumbers() const override { return true; }
};

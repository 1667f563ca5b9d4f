// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"

/// nanoGPT console: `iter 10: loss 3.2202, time 893.76ms, mfu 16.68%` (mfu in %, absent on
/// early iterations or printed as -100.00% before it is measured, which is not stored) and the
/// evaluation `step 250: train loss 1.5440, val loss 1.7220` (val loss → eval_loss, train loss →
/// eval_train_loss). `loss nan` is kept as NaN.
class NanoGptFormat : public LogFormat
{
public:
    QString name() const override { return QStringLiteral("nanogpt"); }
    QString displayName() const override { return QStringLiteral("nanoGPT console"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
};

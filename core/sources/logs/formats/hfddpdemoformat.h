// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"

/// Console of the Hugging Face DDP demo in the MUSA porting guide (main_hf.py):
/// `epoch[0/99], step[10/1000]: train_loss: 2.3456, train_tokens_throughput: 12345.6 tokens/s`
/// and `validation in train epoch 0: eval_loss: 2.1, val_perplexity: 8.2`. The step restarts
/// each epoch, so the point's step is epoch × (steps per epoch) + step; train_loss is the
/// running mean over the epoch, as the demo prints it. `seq_len = N` goes to meta.
class HfDdpDemoFormat : public LogFormat
{
public:
    QString name() const override { return QStringLiteral("hf-ddp-demo"); }
    QString displayName() const override { return QStringLiteral("HF DDP demo (MUSA porting guide)"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;

private:
    void addPairs(QByteArrayView text, ParseContext &context);
};

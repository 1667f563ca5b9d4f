// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"

/// PyTorch Lightning's progress bars. The tqdm bar: `Epoch 0:  42%|████▏ | 420/1000 [01:10<01:37,
/// 5.96it/s, v_num=3, train_loss=2.310]`, redrawn with '\r', with or without bar glyphs, `s/it`
/// on slow runs. The Rich bar (Lightning 2.x RichProgressBar): `Epoch 2/2 ━━━━ 64/64 0:00:00 •
/// 0:00:00 175.70it/s v_num: 0.000 train_loss: 2.484`, its metrics possibly wrapped onto the
/// next lines as `key: value`. Each frame that carries metrics is a point at step
/// epoch × batches + batch; a redraw of the same batch replaces the frame before it. v_num, the
/// logger's version, is not a metric.
class LightningFormat : public LogFormat
{
public:
    QString name() const override { return QStringLiteral("lightning"); }
    QString displayName() const override { return QStringLiteral("PyTorch Lightning progress bar"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;

private:
    /// Step of the last Rich frame while the lines after it may continue its metrics, else -1.
    qint64 m_richStep = -1;
};

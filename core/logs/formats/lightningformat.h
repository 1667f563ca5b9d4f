#pragma once

#include "logs/logformat.h"

/// PyTorch Lightning's progress bar: `Epoch 0:  42%|████▏ | 420/1000 [01:10<01:37,  5.96it/s,
/// v_num=3, train_loss=2.310]`, redrawn with '\r'. Each redraw that carries metrics is a point at
/// step epoch × batches + batch; the postfix `key=value` pairs are the metrics (v_num, the
/// logger's version, is not).
class LightningFormat : public LogFormat
{
public:
    QString name() const override { return QStringLiteral("lightning"); }
    QString displayName() const override { return QStringLiteral("PyTorch Lightning progress bar"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
};

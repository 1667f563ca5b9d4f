// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "hftrainerformat.h"

int HfTrainerFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    for (QByteArrayView line : lines) {
        const qsizetype start = objectStart(line);
        if (start < 0)
            continue;
        const QByteArrayView dict = line.sliced(start);
        if (dict.startsWith("{'loss':") || dict.startsWith("{'train_runtime':") || dict.startsWith("{'eval_loss':"))
            return 90;
    }
    return 0;
}

qsizetype HfTrainerFormat::objectStart(QByteArrayView line) const
{
    // The dict may follow a tqdm bar on the same line (" 10%|█  | 10/100 [...]{'loss': ...}").
    return line.indexOf("{'");
}

bool HfTrainerFormat::isSummary(QByteArrayView key) const
{
    return key == "train_runtime";
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/keycolumncache.h"
#include "core/sources/logs/logformat.h"

/// torchtitan metric lines: `[titan] 2025-06-16 22:30:50,322 - root - INFO - step: 200  loss:  6.1384
/// grad_norm: 0.83  memory: 49.66GiB(52.28%)  tps: 5,856  tflops: 339.16  mfu: 34.29%`.
/// tps and tflops are per device; memory is GiB (its percentage goes to memory_pct); mfu is in %.
/// Validation lines (`validate step: ...  loss: ...`) fill eval_loss.
class TorchtitanFormat : public LogFormat
{
public:
    TorchtitanFormat();

    QString name() const override { return QStringLiteral("torchtitan"); }
    QString displayName() const override { return QStringLiteral("torchtitan console"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;

private:
    KeyColumnCache m_keys;
    KeyColumnCache m_validationKeys;
    int m_memoryPctColumn = -1;
};

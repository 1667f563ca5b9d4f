// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/keycolumncache.h"
#include "core/sources/logs/logformat.h"

/// DeepSpeed engine output:
///  - progress `step=10, skipped=4, lr=[5e-05, 5e-05], mom=[(0.9, 0.95), ...]`;
///  - throughput timer, current `epoch=0/micro_step=40/global_step=10, RunningAvgSamplesPerSec=...,
///    CurrSamplesPerSec=..., MemAllocated=4.32GB, MaxMemAllocated=38.49GB` and old `0/10, SamplesPerSec=...`;
///  - overflow notices (the reduced loss scale goes to the next step);
///  - wall-clock breakdown `time (ms) | forward: 27.41 | backward: 73.44 | ...`, old names
///    (forward/backward) and current ones (fwd/bwd) both stored as time_fwd_ms, time_bwd_ms, ...;
///  - pipeline engine `steps: 10 loss: 7.81 iter time (s): 1.53 samples/sec: 167.1`.
class DeepSpeedFormat : public LogFormat
{
public:
    DeepSpeedFormat();

    QString name() const override { return QStringLiteral("deepspeed"); }
    QString displayName() const override { return QStringLiteral("DeepSpeed engine log"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;

private:
    void parseProgress(QByteArrayView text, double wallTime, ParseContext &context);
    void parseThroughput(QByteArrayView text, double wallTime, ParseContext &context);
    void parseBreakdown(QByteArrayView text, ParseContext &context);
    void parsePipe(QByteArrayView text, double wallTime, ParseContext &context);

    KeyColumnCache m_timerKeys;
    double m_pendingLossScale;
};

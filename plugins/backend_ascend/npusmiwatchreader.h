// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "device/telemetryreader.h"
#include "telemetry/telemetryroundclock.h"

#include <QStringList>

/// Reads `npu-smi info watch` output: a header naming the columns (`NpuID(Idx) ChipId(Idx) Pwr(W)
/// Temp(C) AI Core(%) AI Cpu(%) Ctrl Cpu(%) Memory(%) Memory BW(%)`, newer versions without ChipId
/// and with `NPU Util(%) AI Cube(%)`, or fewer with `-s`), then one line per chip and interval.
/// The tool prints no clock: a live stream is dated on arrival, a capture is counted at the
/// tool's default 1 s delay.
class NpuSmiWatchReader : public TelemetryReader
{
public:
    static bool recognises(QByteArrayView head);

    QString tool() const override { return QStringLiteral("npu-smi info watch"); }
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;
    QString note() const override;

private:
    QStringList m_columns;
    TelemetryRoundClock m_clock;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetryreader.h"
#include "core/engines/telemetry/telemetryroundclock.h"

#include <QHash>
#include <QStringList>

/// Reads `npu-smi info watch` output: a header naming the columns (`NpuID(Idx) ChipId(Idx) Pwr(W)
/// Temp(C) AI Core(%) AI Cpu(%) Ctrl Cpu(%) Memory(%) Memory BW(%)`, newer versions without ChipId
/// and with `NPU Util(%) AI Cube(%)`, or fewer with `-s`), then one line per chip and interval.
/// The tool prints no clock: a live stream is dated on arrival, a capture is counted at the
/// tool's default 1 s delay.
///
/// The watch gives memory as a percentage only; the sampler (AscendBackend::telemetryCommand)
/// prints each NPU's `npu-smi info -t usages` first (`NPU ID : 0`, then per chip `HBM
/// Capacity(MB) : 65536` … `Chip ID : 0`), from which the reader learns each chip's HBM size and
/// gives the watch's samples `mem_total_mib` and `mem_used_mib`.
class NpuSmiWatchReader : public TelemetryReader
{
public:
    static bool recognises(QByteArrayView head);

    QString tool() const override { return QStringLiteral("npu-smi info watch"); }
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;
    QString note() const override;

private:
    /// Reads one `Name : value` line of `npu-smi info -t usages`.
    void readUsagesLine(const QString &text);
    struct ChipMemory
    {
        double hbmMiB = 0;
        /// Whether the chip has DDR of its own: its `Memory(%)` may then be of the DDR, not the HBM.
        bool hasDdr = false;
    };
    /// The memory of the device a watch line names, hbmMiB 0 where unknown.
    ChipMemory memoryOf(const QString &npu, const QString &chip) const;

    QStringList m_columns;
    /// By "npu:chip", learnt from the usages blocks.
    QHash<QString, ChipMemory> m_memory;
    QHash<QString, int> m_chipsOfNpu;
    QString m_usagesNpu;
    ChipMemory m_usagesChip;
    TelemetryRoundClock m_clock;
};

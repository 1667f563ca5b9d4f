// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>
#include <QtGlobal>

/// Times for the samples of a capture with no clock of its own (`nvidia-smi --query-gpu` CSV
/// without a timestamp column, `npu-smi info watch`): such a tool prints every device once a
/// round, a second apart (its default delay), so a device seen again starts the next round. One
/// home for that rule, for every backend's reader.
class TelemetryRoundClock
{
public:
    /// The time of this device's next sample, in milliseconds from the first round.
    qint64 timeOf(const QString &device);
    /// True once a time was counted here (the reader's note says the times are counted).
    bool used() const { return m_used; }

private:
    bool m_used = false;
    int m_round = 0;
    QStringList m_roundDevices;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryroundclock.h"

qint64 TelemetryRoundClock::timeOf(const QString &device)
{
    m_used = true;
    if (m_roundDevices.contains(device)) {
        ++m_round;
        m_roundDevices.clear();
    }
    m_roundDevices << device;
    return qint64(m_round) * 1000;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetryreader.h"
#include "core/engines/telemetry/telemetryroundclock.h"

#include <QStringList>

/// The test backend's telemetry: the output of its fake `cnmon watch` (a header line
/// `cnmon-watch index util mem`, then `INDEX UTIL MEM` per device and interval, percentages), made
/// up for the tests — no real Cambricon capture was at hand. What matters is where it lives: here,
/// in the plugin, with nothing in core, ui or app knowing it.
class MluTelemetryReader : public TelemetryReader
{
public:
    static bool recognises(QByteArrayView head);

    QString tool() const override { return QStringLiteral("cnmon watch"); }
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;

private:
    TelemetryRoundClock m_clock;
};

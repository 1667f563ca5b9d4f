// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetryreader.h"

#include <QList>

/// Reads repeated `mthreads-gmi` tables (the tool has no query or loop mode, so the sampler prints
/// the default table every interval): the date line that opens a table dates its devices, a device
/// row gives `%GPU` and `Mem` (`0MiB(81920MiB)`), the row under it `Temp` (`48C`). The table has no
/// power column.
class MthreadsGmiTelemetryReader : public TelemetryReader
{
public:
    static bool recognises(QByteArrayView head);

    QString tool() const override { return QStringLiteral("mthreads-gmi"); }
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;

private:
    /// Hands out the device row waiting for its temperature line.
    void flush(LineResult &r);

    qint64 m_tableTime = -1;
    bool m_inProcesses = false;
    bool m_pending = false;
    TelemetrySample m_sample;
};

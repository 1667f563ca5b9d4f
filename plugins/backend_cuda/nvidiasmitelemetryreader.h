// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetryreader.h"
#include "core/engines/telemetry/telemetryroundclock.h"

#include <QStringList>

/// Reads `nvidia-smi --query-gpu=FIELDS --format=csv[,noheader][,nounits] -lms N` output: with a
/// header, the columns are taken from it (any set of fields with `index`); without one, they are
/// the fields of queryFields, the order CudaBackend::telemetryCommand asks for. Units ("81559 MiB",
/// "97 %") and "[N/A]" are understood. The tool's own `timestamp` (its host's local time) dates a
/// capture; a live stream is dated on arrival. Without a timestamp column the samples are counted
/// a second apart.
///
/// Also reads `nvidia-smi dmon [-s pucvmet…] [-o DT]` captures, which users keep as often: a
/// `# gpu pwr gtemp …` header (again every screenful) names the space-separated columns, `-` is a
/// value the GPU does not report; `-o DT` adds the host's local date and time, else the samples are
/// counted a second apart (dmon's default delay).
class NvidiaSmiTelemetryReader : public TelemetryReader
{
public:
    /// The fields the sampler queries, in order.
    static const QStringList queryFields;
    /// Whether `head` starts with such output.
    static bool recognises(QByteArrayView head);

    QString tool() const override;
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;
    QString note() const override;

private:
    LineResult readDmonLine(QByteArrayView line, qint64 arrivalMs);

    QStringList m_fields = queryFields;
    bool m_sawHeader = false;
    bool m_dmon = false; ///< a `nvidia-smi dmon` capture: m_fields are its column names
    TelemetryRoundClock m_clock;
};

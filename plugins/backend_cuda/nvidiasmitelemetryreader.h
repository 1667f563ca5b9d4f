#pragma once

#include "telemetry/telemetryreader.h"
#include "telemetry/telemetryroundclock.h"

#include <QStringList>

/// Reads `nvidia-smi --query-gpu=FIELDS --format=csv[,noheader][,nounits] -lms N` output: with a
/// header, the columns are taken from it (any set of fields with `index`); without one, they are
/// the fields of queryFields, the order CudaBackend::telemetryCommand asks for. Units ("81559 MiB",
/// "97 %") and "[N/A]" are understood. The tool's own `timestamp` (its host's local time) dates a
/// capture; a live stream is dated on arrival. Without a timestamp column the samples are counted
/// a second apart.
class NvidiaSmiTelemetryReader : public TelemetryReader
{
public:
    /// The fields the sampler queries, in order.
    static const QStringList queryFields;
    /// Whether `head` starts with such output.
    static bool recognises(QByteArrayView head);

    QString tool() const override { return QStringLiteral("nvidia-smi --query-gpu"); }
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;
    QString note() const override;

private:
    QStringList m_fields = queryFields;
    bool m_sawHeader = false;
    TelemetryRoundClock m_clock;
};

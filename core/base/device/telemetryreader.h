// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetrysample.h"

#include <QByteArrayView>
#include <QList>
#include <QString>

/// Reads one vendor tool's sampler output line by line, the same way for a live stream
/// (TelemetrySampler) and for a capture (TelemetryCapture). Made by the backend plugin that knows
/// the tool (DeviceBackend::createTelemetryReader); one reader per stream, because a header line
/// says what the lines after it hold.
class TelemetryReader
{
public:
    struct LineResult
    {
        QList<TelemetrySample> samples;
        /// Why a line that should hold a sample could not be read; empty for a sample, a header or
        /// a line of the tool's frame.
        QString problem;
    };

    virtual ~TelemetryReader() = default;

    /// What the output is, for messages and the file header ("nvidia-smi --query-gpu").
    virtual QString tool() const = 0;
    /// Reads one line (without its line break). `arrivalMs` is when a live sampler received it
    /// (ms since the epoch), or -1 for a capture: a tool that prints no clock of its own then
    /// counts its samples at its interval.
    virtual LineResult readLine(QByteArrayView line, qint64 arrivalMs) = 0;
    /// A fact about the whole output worth a note ("no clock: times assume a 1 s interval"); empty
    /// when none.
    virtual QString note() const { return {}; }
};

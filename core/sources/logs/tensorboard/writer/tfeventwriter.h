// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QString>

namespace portbench::tfevent {
class Event;
}

/// Writes TensorBoard event files the way TensorFlow's and PyTorch's writers do: each Event
/// serialised by the protoc-generated classes, framed as a TFRecord with masked CRC-32Cs.
/// For tests and the benchmark.
class TfEventWriter
{
public:
    /// Frames a payload as one TFRecord.
    static QByteArray frame(const QByteArray &payload);
    static QByteArray frame(const portbench::tfevent::Event &event);

    /// The first record of every event file: file_version "brain.Event:2".
    static QByteArray fileVersion(double wallTime);
    /// A `simple_value` scalar (float32, as SummaryWriter.add_scalar writes it).
    static QByteArray scalar(qint64 step, double wallTime, const QString &tag, float value);
    /// A scalar as a rank-0 tensor: DT_FLOAT or DT_DOUBLE, in tensor_content or float_val/double_val.
    static QByteArray tensorScalar(qint64 step, double wallTime, const QString &tag, double value, bool isDouble,
                                   bool inContent);
    /// A text summary (DT_STRING tensor), as HF's TensorBoard callback writes its arguments.
    static QByteArray text(qint64 step, double wallTime, const QString &tag, const QString &text);
};

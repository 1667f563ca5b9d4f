// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>

#include <utility>
#include <vector>

/// One scalar of a TensorBoard Summary: the tag's bytes (a view into the record) and its value.
struct TfScalar
{
    QByteArrayView tag;
    double value = 0;
};

/// The parts of a TensorFlow `Event` that PortBench reads. Views point into the record's bytes.
struct TfEvent
{
    double wallTime = 0;
    qint64 step = 0;
    QByteArrayView fileVersion; ///< "brain.Event:2" on a file's first record
    std::vector<TfScalar> scalars; ///< simple_value and single-element float/double/int tensors
    /// Text summaries (a DT_STRING tensor of one string): tag and text, e.g. HF's "args/text_summary"
    /// holding the TrainingArguments as JSON. Also counted in otherValues.
    std::vector<std::pair<QByteArrayView, QByteArrayView>> texts;
    int otherValues = 0; ///< summary values that are not scalars (text, histograms, images, ...)
    void clear()
    {
        wallTime = 0;
        step = 0;
        fileVersion = {};
        scalars.clear();
        texts.clear();
        otherValues = 0;
    }
};

/// Decodes the `Event` / `Summary` / `TensorProto` fields listed in tfevent.proto (same field
/// numbers as TensorFlow's event.proto, summary.proto and tensor.proto) with protobuf's
/// CodedInputStream. Generated message classes would allocate a string per tag and a message
/// per value for every record; reading the few fields in place keeps a 500 MB file above 1 GB/s.
/// Unknown fields are skipped as the wire format says, so newer writers still read.
class TfEventDecoder
{
public:
    /// Fills event from one record's payload; false if the payload is not a valid Event.
    static bool decode(QByteArrayView payload, TfEvent &event);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/sources/logs/tensorboard/eventrunbuilder.h"
#include "core/sources/logs/tensorboard/tfeventdecoder.h"

#include <QByteArray>
#include <QStringList>

/// Reads an event file that arrives in pieces (a followed file, an SSH `tail -c +OFFSET -F`
/// stream): whole records are decoded as they complete, a record still being written waits for
/// its last byte (it is never emitted in part), a damaged one is skipped and noted with its offset.
/// Same decoding, tag mapping and point rule as EventFileReader, so following a file and reading
/// it at once give the same points.
class EventStreamParser
{
public:
    explicit EventStreamParser(const ParseOptions &options = {}, const QString &sourceName = {});

    /// The file offset of the first byte fed (a follower resuming mid-file), for the notes.
    void setStartOffset(qint64 offset) { m_start = offset; }
    void feed(QByteArrayView bytes);
    /// Points completed since the last call (columns named, RunMetrics::firstPointContinues set where
    /// the batch continues the previous one's last step).
    RunMetrics takePoints();
    /// Starts over (the file was truncated or replaced).
    void reset();
    /// Bytes of whole records read (or damaged stretches skipped) since the start or reset().
    /// reset() also sets the start offset back to 0 (the file is read again from its beginning).
    qint64 consumedBytes() const { return m_consumed; }
    /// Damaged records met so far, with byte offsets (counted from the start of the stream).
    QStringList notes() const { return m_notes; }
    /// Records read as Events (a record whose checksums match but that is no Event is damaged).
    qint64 recordCount() const { return m_records; }

private:
    ParseOptions m_options;
    QString m_sourceName;
    QByteArray m_buffer; ///< bytes from m_consumed on, not yet a whole record
    qint64 m_start = 0;
    qint64 m_consumed = 0;
    qint64 m_records = 0;
    QStringList m_notes;
    EventRunBuilder m_builder;
    TfEvent m_event;
};

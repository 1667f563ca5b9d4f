// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class EventStreamParser;
class IncrementalParser;

/// What LogFollower and the SSH attach feed bytes to: a text log goes to IncrementalParser, a
/// TensorBoard event file to EventStreamParser. The kind is told by the first 12 bytes (a valid
/// TFRecord header) — or by ParseOptions::format, "tensorboard" when resuming mid-file — so
/// binary data never reaches the text detector.
class LogStreamParser
{
public:
    explicit LogStreamParser(const ParseOptions &options = {}, const QString &sourceName = {});
    ~LogStreamParser();
    LogStreamParser(const LogStreamParser &) = delete;
    LogStreamParser &operator=(const LogStreamParser &) = delete;

    /// The file offset of the first byte fed, when resuming mid-file (offsets in notes are the file's).
    void setStartOffset(qint64 offset);
    void feed(QByteArrayView bytes);
    /// The stream ended: a text parser parses its last line; an event stream keeps an incomplete
    /// record unread.
    void finish();
    RunMetrics takePoints();
    void reset();
    qint64 consumedBytes() const;
    QString format() const;
    QString error() const;
    bool hasError() const { return !error().isEmpty(); }
    /// What was skipped since the last call, with byte offsets: damaged event records, text lines
    /// over the line limit.
    QStringList takeNotes();

private:
    void decide(bool final);

    ParseOptions m_options;
    QString m_sourceName;
    QByteArray m_head; ///< bytes held until the kind is known
    std::unique_ptr<IncrementalParser> m_text;
    std::unique_ptr<EventStreamParser> m_events;
    qsizetype m_notesTaken = 0;
    qint64 m_start = 0;
};

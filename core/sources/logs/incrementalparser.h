// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/runmetrics.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

class FormatRegistry;
class LogFormat;

/// Parses a log that arrives in pieces (a growing file, an SSH stream) into points.
///
/// feed() takes any slice of bytes; complete lines are parsed at once, a partial line is held
/// until its '\n' arrives (finish() flushes it when the writer is done). With format "auto" the
/// first lines are held until a format is recognised, then replayed. consumedBytes() is the
/// offset just past the last complete line, where a reconnecting reader resumes without losing
/// or repeating a line. LogReader reads whole files through this same class.
class IncrementalParser
{
public:
    /// The longest line read whole (docs/limits.md): a longer line is cut to its first
    /// maxLineBytes for matching, its rest is skipped without being copied, and the line is
    /// reported (ParseContext::Notes). A log of one multi-GB line then costs this much, not GBs.
    static constexpr qsizetype maxLineBytes = 16 * 1024 * 1024;

    explicit IncrementalParser(const ParseOptions &options = {}, const QString &sourceName = {});
    ~IncrementalParser();
    IncrementalParser(const IncrementalParser &) = delete;
    IncrementalParser &operator=(const IncrementalParser &) = delete;

    void feed(QByteArrayView bytes);
    /// The file offset of the first byte fed, when resuming mid-file: notes give byte offsets in
    /// the file, and line numbers only when reading from its start.
    void setStartOffset(qint64 offset) { m_startOffset = offset; }
    /// The total input size when known (a whole file): lets the run reserve its columns once
    /// instead of growing them, which on a GB log is a large share of the time.
    void setExpectedSize(qint64 bytes) { m_expectedSize = bytes; }
    /// Forgets a line begun in the bytes fed so far but not ended: the input was cut there (a file
    /// that shrank while it was read), so finish() must not read it as a last line.
    void dropPartialLine()
    {
        m_partial.clear();
        m_partialLength = 0;
    }
    /// The writer is done: parses a final unterminated line and, for "auto", decides the format
    /// with whatever lines there are (an error when none fits).
    void finish();
    /// Points parsed since the last call (with the run's header facts in meta).
    RunMetrics takePoints();
    /// Forgets everything (a truncated or rotated file starts over); options are kept.
    void reset();

    qint64 consumedBytes() const { return m_consumed; }
    /// The format in use, empty while "auto" is still undecided.
    QString format() const;
    /// A mixed log's second format (ParseOptions::secondaryFormat), empty when none.
    QString secondaryFormat() const;
    QString error() const;
    bool hasError() const { return !error().isEmpty(); }
    qint64 lineCount() const { return m_lineCount; }
    qint64 skippedCount() const;
    QList<SkippedLine> firstSkipped() const;
    /// Lines that look like metric lines but that the format did not read (the honesty check).
    qint64 unreadCount() const;
    QList<SkippedLine> firstUnread() const;
    /// Collapsed repeats and counted steps (ParseContext::Notes), for RunMetrics::readWarnings.
    const ParseContext::Notes &notes() const;
    /// Lines over maxLineBytes met since the last call, a sentence each naming the source, the line
    /// and its byte offset: a follower says so as they come, not only in a summary at the end.
    QStringList takeNotes() { return std::exchange(m_notes, {}); }
    /// Sentences for RunMetrics::readWarnings on lines of other hosts or ranks that were not read.
    QStringList otherStreamWarnings() const;
    /// The first rank other than ParseOptions::rank whose lines look like metrics, -1 if none.
    int otherMetricRank() const { return m_otherMetricRank; }
    /// Adds what the parser of a later part of the same input counted of other hosts' and ranks'
    /// lines (ChunkedParser: each range's parser counts its own).
    void addOtherStreams(const IncrementalParser &later);
    /// Lines held while the format is not yet known.
    int heldLines() const { return int(m_held.size()); }

private:
    friend class ChunkedParser;
    /// A raw line (no '\n') where a piece of the input can start parsing on its own: no '\r',
    /// ANSI code or rank prefix to clean, and the format says it always starts a new point.
    bool startsIndependentPoint(QByteArrayView line) const;
    /// feed() without its detection attempt at the end: format "auto" then decides at the same
    /// lines however the input is sliced.
    void feedLines(QByteArrayView bytes);
    void consumeBytes(QByteArrayView bytes);
    /// A whole line of `length` bytes, of which `line` holds at most maxLineBytes; `plain` when
    /// it is known to hold no '\r' or ESC (consumeBytes checks a window of lines at once).
    void consumeLine(QByteArrayView line, qint64 length, bool plain = false);
    /// Line `number` is over maxLineBytes: the input cannot be a document format's.
    void dropDocument(qint64 number);
    void processPiece(QByteArrayView piece, bool plain = false);
    void tryDetect(bool final);
    void useFormat(std::unique_ptr<LogFormat> format);
    /// Hands a cleaned line to the format (its payload when the format reads payloads) and
    /// reports it when it looks like a metric line but was not read.
    void parseLine(qint64 number, QByteArrayView line, bool unterminated, qsizetype payload, double time);

    ParseOptions m_options;
    QString m_sourceName;
    std::unique_ptr<FormatRegistry> m_registry;
    std::unique_ptr<ParseContext> m_context;
    std::unique_ptr<LogFormat> m_format;
    std::unique_ptr<LogFormat> m_secondary;
    QString m_error;

    QByteArray m_partial; ///< bytes of an unterminated line, at most maxLineBytes of them
    qint64 m_partialLength = 0; ///< its whole length, with the bytes past maxLineBytes
    QByteArray m_scratch; ///< a line with its ANSI codes removed
    qint64 m_consumed = 0;
    qint64 m_lineCount = 0;
    qint64 m_startOffset = 0;
    QStringList m_notes; ///< not yet taken by takeNotes()
    bool m_finished = false;
    bool m_flushing = false; ///< finish() is parsing the unterminated last line

    struct HeldLine
    {
        qint64 number;
        QByteArray text;
        bool unterminated;
        qsizetype payload; ///< where LinePrefix found the payload
        double time; ///< the prefix's timestamp
    };
    /// Detection over a sample (ChunkedParser): no early decision at the checkpoints, the
    /// vote is taken over every held line when finish() is called.
    bool m_sampling = false;
    QByteArray m_host; ///< the host whose lines are read, when lines carry a host prefix
    qint64 m_otherHostLines = 0;
    qint64 m_otherRankLines = 0;
    bool m_otherRankHasMetrics = false;
    int m_otherMetricRank = -1;
    QByteArray m_otherRankLine; ///< the last other rank's line found to hold no metrics
    std::vector<HeldLine> m_held; ///< cleaned lines kept for detection
    QByteArray m_document; ///< all raw input, kept while a document format may still be chosen
    bool m_keepDocument = true;
    qint64 m_documentDroppedAt = 0; ///< the over-long line that ruled a document format out
    qint64 m_heldBytes = 0;
    size_t m_feedDetectHeld = 0; ///< held lines at feed()'s last detection attempt
    qint64 m_expectedSize = 0;
    bool m_reserved = false;
};

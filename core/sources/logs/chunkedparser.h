// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/sources/logs/parsecontext.h"

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class IncrementalParser;

/// Reads a whole log in parallel: the first lines are parsed until the format is known, the rest
/// is cut at lines that start a point on their own (LogFormat::startsIndependentPoint) into one
/// range per thread, each read to its end by its own IncrementalParser (the first on the calling
/// thread, the others on QtConcurrent), and the ranges' runs are joined in order with
/// RunMetrics::append. Each range starts with the seq_length / world_size read before the cut; a
/// range whose start turns out to depend on what came before (those facts changed in the range
/// before, or its first values complete an earlier point) is read again by the parser before it, so
/// the result is always the sequential one. Formats that keep state between lines, document formats
/// and logs without such lines are read sequentially.
class ChunkedParser
{
public:
    /// Reads `size` bytes at `offset` of the input into `buffer` and returns them; fewer at the
    /// input's end, where a file shrank while it was read, or at a read error.
    using ReadAt = std::function<QByteArrayView(qint64 offset, qint64 size, QByteArray &buffer)>;

    /// A parse of an input of `size` bytes whose first bytes, `head`, are held (what detection
    /// read); the rest is read through `readAt` in blocks of `blockBytes`, so a range holds one
    /// block at a time. `options.format` is the one to use: resolve "auto" first
    /// (withDetectedFormat).
    ChunkedParser(const ParseOptions &options, const QString &sourceName, int pieces, QByteArrayView head, qint64 size,
                  ReadAt readAt = {}, qint64 blockBytes = 0);
    ~ChunkedParser();
    ChunkedParser(const ChunkedParser &) = delete;
    ChunkedParser &operator=(const ChunkedParser &) = delete;

    /// The run is not yet squeezed; piecesUsed (optional) tells how many ranges were parsed apart.
    ParseResult parse(int *piecesUsed = nullptr);
    /// Bytes read from the input's start: its size, or where it ended early (a file that shrank).
    qint64 bytesRead() const { return m_bytesRead; }

    /// A whole input in memory.
    static ParseResult parse(QByteArrayView data, const QString &sourceName, const ParseOptions &options, int pieces,
                             int *piecesUsed = nullptr);

    /// The format "auto" chooses for a whole input, by a vote over its head, middle and tail
    /// (FormatRegistry::detect), and a mixed log's second format (may be empty); an empty list
    /// when none fits.
    static QStringList detectFormat(QByteArrayView data, const ParseOptions &options, const QString &sourceName);
    /// The same vote over samples of an input too large to hold: its first bytes, and bytes read
    /// from around its middle and at its end (their first, partial, line is not used).
    static QStringList detectFormat(QByteArrayView head, QByteArrayView middle, QByteArrayView tail,
                                    const ParseOptions &options, const QString &sourceName);
    /// The samples that detection reads of an input too large to hold.
    enum class Sample { Head, Middle, Tail };
    /// Whether `bytes`, read as that sample, hold every line detection reads of it (400 at the
    /// head, 200 elsewhere, past a first line that may be cut): then a larger sample would decide
    /// the same.
    static bool holdsDetectionLines(QByteArrayView bytes, Sample sample);
    /// `options` with "auto" replaced by what detection chose (unchanged when it chose nothing).
    static ParseOptions withDetectedFormat(const ParseOptions &options, const QStringList &detected);

private:
    struct Range;
    static qsizetype findCut(const IncrementalParser &parser, QByteArrayView data, qsizetype from);
    static QStringList detectLines(QByteArrayView head, QByteArrayView middle, QByteArrayView tail,
                                   const ParseOptions &options, const QString &sourceName);
    /// Bytes at `offset`: a view of the head where it holds them, else read through m_readAt.
    QByteArrayView read(qint64 offset, qint64 size, QByteArray &buffer) const;
    /// Feeds [from, to) to `reader` block by block; returns where the input ended (`to`, or less).
    qint64 readRange(IncrementalParser &reader, qint64 from, qint64 to) const;
    /// Where the ranges after the first start: line starts near equal shares of [from, m_size).
    std::vector<qint64> cutsAfter(qint64 from) const;
    /// Adds what `reader` read to the result: nothing more is fed to it.
    void retire(IncrementalParser &reader);

    ParseOptions m_options;
    QString m_sourceName;
    int m_pieces = 1;
    QByteArrayView m_head;
    qint64 m_size = 0;
    ReadAt m_readAt;
    qint64 m_blockBytes = 0;
    qint64 m_bytesRead = 0;
    std::unique_ptr<IncrementalParser> m_headParser;
    ParseResult m_result;
    ParseContext::Notes m_notes;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/sources/logs/parsecontext.h"

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <memory>

class IncrementalParser;

/// Reads a whole log in parallel: the first lines are parsed until the format is known, the rest
/// is cut at lines that start a point on their own (LogFormat::startsIndependentPoint) into
/// pieces that IncrementalParsers read at once on QtConcurrent, and the pieces' runs are joined
/// in order with RunMetrics::append. Each piece starts with the seq_length / world_size read before the
/// cut; a piece whose start turns out to depend on what came before (those facts changed in the
/// previous piece, or its first values complete an earlier point) is read again by the previous
/// piece's parser, so the result is always the sequential one. Formats that keep state between
/// lines, document formats and logs without such lines are read sequentially.
class ChunkedParser
{
public:
    /// A parse fed window by window (LogReader reads a file in bounded blocks): each window is cut
    /// into up to `pieces` pieces parsed in parallel, and the reader of a window's last piece goes on
    /// with the next window, so windows may end anywhere, even inside a line. `options.format` is the
    /// one to use: resolve "auto" first (withDetectedFormat). `expectedSize` sizes the run (0: unknown).
    ChunkedParser(const ParseOptions &options, const QString &sourceName, int pieces, qint64 expectedSize);
    ~ChunkedParser();
    ChunkedParser(const ChunkedParser &) = delete;
    ChunkedParser &operator=(const ChunkedParser &) = delete;

    void feed(QByteArrayView window);
    /// The run is not yet squeezed; piecesUsed (optional) tells how many pieces were parsed apart.
    ParseResult finish(int *piecesUsed = nullptr);

    /// A whole input in memory, as one window.
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
    /// `options` with "auto" replaced by what detection chose (unchanged when it chose nothing).
    static ParseOptions withDetectedFormat(const ParseOptions &options, const QStringList &detected);

private:
    static qsizetype findCut(const IncrementalParser &parser, QByteArrayView data, qsizetype from);
    static QStringList detectLines(QByteArrayView head, QByteArrayView middle, QByteArrayView tail,
                                   const ParseOptions &options, const QString &sourceName);
    /// Adds what `reader` read to the result: nothing more is fed to it.
    void retire(IncrementalParser &reader);

    ParseOptions m_options;
    QString m_sourceName;
    int m_pieces = 1;
    std::unique_ptr<IncrementalParser> m_head;
    std::unique_ptr<IncrementalParser> m_lastPiece; ///< owns m_last when it is not the head
    IncrementalParser *m_last = nullptr; ///< the reader that goes on with the next window
    qint64 m_offset = 0; ///< bytes of the earlier windows
    int m_piecesUsed = 1;
    ParseResult m_result;
    ParseContext::Notes m_notes;
};

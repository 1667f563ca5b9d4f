// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

class ParseContext;

/// One training-log format: how to recognise it and how to turn its lines into points.
///
/// An instance serves one parse and may keep state between lines (a CSV header, a cache of the
/// column each key maps to). Lines reach parseLine() already cleaned by IncrementalParser: split
/// at '\n' and '\r', ANSI colour codes removed, a rank prefix of the chosen rank removed, other
/// ranks, other hosts and blank lines dropped, and (unless readsPayload() is false) the logger's
/// timestamp/level/tag prefix removed (LinePrefix); its timestamp reaches the point through
/// ParseContext when the format gives no wall time of its own.
class LogFormat
{
public:
    virtual ~LogFormat() = default;

    /// Stable id used by `--format` and stored in RunMetrics::format ("megatron", "jsonl", ...).
    virtual QString name() const = 0;
    virtual QString displayName() const = 0;

    /// How sure this format is that it wrote these first lines: 0 = not at all, 100 = a line only
    /// this format prints. sourceName (a file name) may tip a tie, e.g. trainer_state.json.
    virtual int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const = 0;

    /// Parses one line: commits values through the context, calls ParseContext::skip() for a line
    /// that looks like a metric line but cannot be read, and ignores anything else (noise).
    virtual void parseLine(QByteArrayView line, ParseContext &context) = 0;

    /// Formats that are one document (trainer_state.json) instead of lines: the parser hands the
    /// whole input to parseDocument() when the writer is done, and never calls parseLine().
    virtual bool isDocument() const { return false; }

    /// False for formats whose lines must reach them whole (CSV cells, a user's regex): the
    /// logger-prefix removal is then not applied.
    virtual bool readsPayload() const { return true; }

    /// True when the (cleaned) line always starts a new point whatever came before it, and the
    /// format keeps no state between lines that changes how later lines read. A large file is
    /// then split at such lines and its pieces parsed in parallel (ChunkedParser); formats that
    /// cannot promise this keep the default and are read sequentially.
    virtual bool startsIndependentPoint(QByteArrayView line) const
    {
        Q_UNUSED(line)
        return false;
    }
    virtual void parseDocument(QByteArrayView data, ParseContext &context);
    /// The writer is done: a format that holds a record until it knows the record is complete
    /// (a tqdm frame that a later frame may still extend) places it now.
    virtual void finish(ParseContext &context) { Q_UNUSED(context) }
};

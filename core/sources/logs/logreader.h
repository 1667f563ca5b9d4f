// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/userformat.h"
#include "core/base/model/metricmap.h"
#include "core/base/model/runmetrics.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

/// How to read a log. The defaults detect the format and keep rank 0.
struct ParseOptions
{
    QString format = QStringLiteral("auto"); ///< a LogReader::formatNames() entry, or "auto"
    int rank = 0; ///< lines prefixed by another rank (`[rank3]:`, `3: `) are dropped
    qint64 seqLength = 0; ///< overrides the log's seq_length when deriving tokens/s (0 = from the log)
    int worldSize = 0; ///< overrides the log's world size (0 = from the log)
    /// User-defined regex formats (UserFormat::load(settings)); they take part in detection too.
    QList<UserFormat> userFormats;
    /// A mixed log's second format, chosen by detection (empty: none; `--format` never sets one):
    /// lines the main format does not read are offered to it, and what it reads joins the main
    /// format's points (ParseContext::setSecondary).
    QString secondaryFormat;
    /// The user's key renames (`--metric-map old=new`), applied to the metrics every reader reads.
    MetricMap metricMap;
};

/// A line the parser could not use, for the error report.
struct SkippedLine
{
    qint64 lineNumber = 0; ///< 1-based
    QString reason;
    QString text; ///< the line, cut to about 200 characters
};

struct ParseResult
{
    RunMetrics run;
    QString error; ///< names the file (and line where relevant); empty on success
    QString format; ///< the format used (detected or forced)
    QString secondaryFormat; ///< a mixed log's second format (ParseOptions::secondaryFormat), or empty
    qint64 lineCount = 0;
    qint64 skippedCount = 0;
    QList<SkippedLine> firstSkipped; ///< the first few skipped lines, in order
    /// The honesty check: lines that look like metric lines (a loss-like key with a number, or a
    /// run of numeric `key: value` / `key=value` pairs) that no reader consumed.
    qint64 unreadCount = 0;
    QList<SkippedLine> firstUnread; ///< the first few of them, in order
    /// What a reader inferred, merged or left out without it being an error (binary readers:
    /// damaged records with their byte offsets, files merged into one run, non-scalar values).
    QStringList notes;
    /// Binary readers of one file: bytes read as whole records, where following it resumes
    /// (an incomplete last record is not counted). -1 where it does not apply.
    qint64 consumedBytes = -1;
    /// The first rank other than the one read whose lines hold metrics (-1: none), so a log whose
    /// chosen rank prints none (Megatron prints from the last pipeline rank) is read from it.
    int otherMetricRank = -1;

    explicit operator bool() const { return error.isEmpty(); }
};

/// Reads a whole training log into a Run. Built on IncrementalParser, so a file read at once and
/// the same file followed while it grows give the same points.
class LogReader
{
public:
    /// Called after each block of a file is read, with the bytes read so far (a test truncates the
    /// file there); maybe on a pool thread, one call at a time: each thread reads its own range of
    /// a large file.
    using BlockHook = std::function<void(qint64 bytesRead)>;

    /// Reads the file in blocks (never mapped): a file that shrinks meanwhile is read up to where
    /// it ends, with a warning, never a crash.
    static ParseResult readFile(const QString &path, const ParseOptions &options = {},
                                const BlockHook &afterBlock = {});
    static ParseResult readData(const QByteArray &data, const QString &sourceName, const ParseOptions &options = {});
    /// The built-in format names, in detection-priority order.
    static QStringList formatNames();
    /// The honesty check's sentence ("3 lines look like metric lines but were not read (first:
    /// line 40, ...)"), empty when count is 0. RunMetrics::readWarnings starts with it.
    static QString unreadWarning(qint64 count, const QList<SkippedLine> &first);
    /// A training loss with the same value at every point (a pipeline stage's -1.0) is a
    /// placeholder: its column is renamed `<loss>_placeholder`, so nothing compares it as a loss,
    /// and the sentence for RunMetrics::readWarnings is returned (empty when the loss is real).
    static QString takePlaceholderLoss(RunMetrics &run);

private:
    static ParseResult parse(QByteArrayView data, const QString &sourceName, const QString &path,
                             const ParseOptions &options);
    /// What every parse ends with: the run named, its warnings, an error when it holds nothing.
    static ParseResult finishParse(ParseResult result, const QString &sourceName, const QString &path);
    /// When rank 0 (the default) printed no metric line and another rank did, that rank read again
    /// (readAgain), with a warning; else the result as it is.
    static ParseResult withOtherRank(ParseResult result, const ParseOptions &options,
                                     const std::function<ParseResult(const ParseOptions &)> &readAgain);
};

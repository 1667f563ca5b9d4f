// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "logreader.h"

#include "core/base/io/inputfile.h"
#include "core/sources/logs/formatregistry.h"
#include "core/sources/logs/chunkedparser.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"

#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

namespace {

// A log is read in blocks of this size, never mapped: a file truncated while it is read is then a
// short read, not a SIGBUS.
constexpr qint64 kBlockBytes = 8 * 1024 * 1024;
// Below a few MB the threads cost more than they save.
constexpr qint64 kParallelBytes = 8 * 1024 * 1024;
// A window is at most this much, however many threads parse it; two are held (one read ahead).
constexpr qint64 kMaxWindowBytes = 64 * 1024 * 1024;
// Detection samples of a log too large to hold at once, at its middle and its end.
constexpr qint64 kSampleBytes = 4 * 1024 * 1024;

int piecesFor(qint64 size)
{
    return size >= kParallelBytes ? QThread::idealThreadCount() : 1;
}

/// Reads up to `bytes` from where `file` is into `out`, block by block, calling `afterBlock` after
/// each. `out` keeps its storage from the window before: a fresh one would cost a page fault for
/// every 4 KiB of every window.
void readBlocks(QFile &file, qint64 bytes, const LogReader::BlockHook &afterBlock, qint64 &total, QByteArray &out)
{
    out.resize(qsizetype(bytes));
    qint64 got = 0;
    while (got < bytes) {
        const qint64 n = file.read(out.data() + got, qMin(kBlockBytes, bytes - got));
        if (n <= 0)
            break;
        got += n;
        total += n;
        if (afterBlock)
            afterBlock(total);
    }
    out.truncate(qsizetype(got));
}

QByteArray readAt(QFile &file, qint64 offset, qint64 bytes)
{
    if (!file.seek(offset))
        return {};
    QByteArray out(qsizetype(bytes), Qt::Uninitialized);
    out.truncate(qsizetype(qMax<qint64>(0, file.read(out.data(), bytes))));
    return out;
}

} // namespace

ParseResult LogReader::readFile(const QString &path, const ParseOptions &options, const BlockHook &afterBlock)
{
    QFile file(path);
    ParseResult result;
    const QFileInfo info(path);
    // A FIFO with no writer would block the open forever, /dev/zero never ends: regular files only
    // (stdin is read on purpose through readData).
    result.error = InputFile::refusalFor(path);
    if (!result.error.isEmpty())
        return result;
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        result.error = QStringLiteral("%1: cannot open: %2").arg(path, file.errorString());
        return result;
    }
    // Binary event files are recognised by their framing before any text detection sees them.
    if (EventFileReader::looksLikeEventData(readAt(file, 0, 16)))
        return EventFileReader::readFile(path, options);
    if (!file.seek(0)) {
        result.error = QStringLiteral("%1: cannot read: %2").arg(path, file.errorString());
        return result;
    }
    // What the file holds when it is opened is read, in windows of a block per thread; a file that
    // shrinks meanwhile (truncated, rewritten) ends the read early, with a warning.
    const qint64 size = file.size();
    const int pieces = piecesFor(size);
    const qint64 window = qMin(kBlockBytes * pieces, kMaxWindowBytes);
    qint64 total = 0;
    QByteArray bytes;
    readBlocks(file, qMin(size, window), afterBlock, total, bytes);
    const auto readError = [&] { return QStringLiteral("%1: read error: %2").arg(path, file.errorString()); };
    // Of a file that shrank (a short read), the last line read may be cut where the file now ends.
    const auto cutAtShrink = [](QByteArray &block, qint64 requested) {
        if (block.size() < requested && !block.endsWith('\n'))
            block.truncate(block.lastIndexOf('\n') + 1);
    };
    if (file.error() != QFileDevice::NoError) {
        result.error = readError();
        return result;
    }
    if (total >= size || bytes.size() < qMin(size, window)) {
        cutAtShrink(bytes, qMin(size, window));
        result = parse(bytes, info.fileName(), path, options);
    } else {
        // Too large to hold: detection votes over the first window and samples of the middle and
        // the end, then the windows are parsed one after the other.
        const QByteArray middle = readAt(file, size / 2, kSampleBytes);
        const QByteArray tail = readAt(file, qMax<qint64>(0, size - kSampleBytes), kSampleBytes);
        if (!file.seek(total)) {
            result.error = readError();
            return result;
        }
        ChunkedParser parser(
            ChunkedParser::withDetectedFormat(options, ChunkedParser::detectFormat(bytes, middle, tail, options, path)),
            path, pieces, size);
        // The next window is read into the other buffer while this one is parsed.
        QByteArray next;
        while (!bytes.isEmpty()) {
            const qint64 requested = qMin(window, size - total);
            QFuture<void> reading = QtConcurrent::run([&] { readBlocks(file, requested, afterBlock, total, next); });
            parser.feed(bytes);
            reading.waitForFinished();
            if (file.error() != QFileDevice::NoError) {
                result.error = readError();
                return result;
            }
            cutAtShrink(next, requested);
            bytes.swap(next);
        }
        result = finishParse(parser.finish(), info.fileName(), path);
        if (total >= size)
            return withOtherRank(std::move(result), options,
                                 [&](const ParseOptions &other) { return readFile(path, other, afterBlock); });
    }
    if (total < size) {
        const QString shrank = QStringLiteral("%1 shrank while it was read (truncated or rewritten): only the "
                                              "lines in its first %2 of %3 bytes were read")
                                   .arg(path)
                                   .arg(total)
                                   .arg(size);
        if (result)
            result.run.readWarnings.append(shrank);
        else
            result.error += QStringLiteral("; ") + shrank;
    }
    return result;
}

ParseResult LogReader::readData(const QByteArray &data, const QString &sourceName, const ParseOptions &options)
{
    return parse(data, sourceName, QString(), options);
}

QStringList LogReader::formatNames()
{
    return FormatRegistry().names();
}

QString LogReader::unreadWarning(qint64 count, const QList<SkippedLine> &first)
{
    if (count <= 0 || first.isEmpty())
        return {};
    // The first few lines themselves: the user sees at once what was left out.
    QStringList lines;
    for (qsizetype i = 0; i < first.size() && i < 3; ++i)
        lines
            << QStringLiteral("line %1 %2: %3").arg(first[i].lineNumber).arg(first[i].reason, first[i].text.left(120));
    return QStringLiteral("%1 %2 like metric lines but %3 not read (first: %4)")
        .arg(count)
        .arg(count == 1 ? QStringLiteral("line looks") : QStringLiteral("lines look"))
        .arg(count == 1 ? QStringLiteral("was") : QStringLiteral("were"))
        .arg(lines.join(QStringLiteral("; ")));
}

QString LogReader::takePlaceholderLoss(RunMetrics &run)
{
    // A placeholder is a number no loss takes (torchtitan's -1) on a few points, or any number on
    // so many points that a real loss would have moved in its last digit.
    constexpr int kMinPoints = 4;
    constexpr int kMinPointsAnyValue = 50;
    const QString loss = MetricNames::primaryLoss(run.metricNames());
    if (loss.isEmpty())
        return {};
    int count = 0;
    double first = 0;
    bool constant = true;
    run.column(loss)->forEachValue([&](size_t, double v) {
        if (count++ == 0)
            first = v;
        else
            constant = constant && v == first;
    });
    if (!constant || count < kMinPoints || (first > 0 && count < kMinPointsAnyValue))
        return {};
    const QString renamed = loss + QStringLiteral("_placeholder");
    if (!run.renameColumn(run.columnIndex(loss), renamed))
        return {};
    return QStringLiteral("'%1' is %2 at every one of its %3 points: a placeholder, not a training loss (torchtitan "
                          "prints -1 on pipeline stages that do not compute the loss; read the last stage's log); "
                          "kept as '%4'")
        .arg(loss, NumberText::number(first))
        .arg(count)
        .arg(renamed);
}

ParseResult LogReader::parse(QByteArrayView data, const QString &sourceName, const QString &path,
                             const ParseOptions &options)
{
    ParseResult result
        = finishParse(ChunkedParser::parse(data, path.isEmpty() ? sourceName : path, options, piecesFor(data.size())),
                      sourceName, path);
    return withOtherRank(std::move(result), options, [&](const ParseOptions &other) {
        return finishParse(
            ChunkedParser::parse(data, path.isEmpty() ? sourceName : path, other, piecesFor(data.size())), sourceName,
            path);
    });
}

ParseResult LogReader::withOtherRank(ParseResult result, const ParseOptions &options,
                                     const std::function<ParseResult(const ParseOptions &)> &readAgain)
{
    // The rank asked for printed no metrics (Megatron and FlagScale log from the last pipeline
    // rank): the first rank that did is read instead, and the run says so.
    if (!result.run.isEmpty() || result.otherMetricRank < 0 || options.rank != 0)
        return result;
    ParseOptions other = options;
    other.rank = result.otherMetricRank;
    ParseResult fallback = readAgain(other);
    if (!fallback || fallback.run.isEmpty())
        return result;
    fallback.run.readWarnings.prepend(
        QStringLiteral("rank %1 printed no metric line; the lines of rank %2 were read (--rank chooses)")
            .arg(options.rank)
            .arg(other.rank));
    return fallback;
}

ParseResult LogReader::finishParse(ParseResult result, const QString &sourceName, const QString &path)
{
    if (!result.error.isEmpty()) {
        result.run = RunMetrics();
        return result;
    }
    result.run.squeeze();
    result.run.name = QFileInfo(sourceName).completeBaseName();
    result.run.sourcePath = path;
    result.run.format = result.format;
    if (const QString placeholder = takePlaceholderLoss(result.run); !placeholder.isEmpty())
        result.run.readWarnings.prepend(placeholder);
    const QString unread = unreadWarning(result.unreadCount, result.firstUnread);
    if (!unread.isEmpty())
        result.run.readWarnings.prepend(unread);
    for (const SkippedLine &line : result.firstUnread)
        result.run.unreadLines.append(line.text);
    if (result.run.isEmpty()) {
        result.error = QStringLiteral("%1: read as %2, but no metric line was found (%3 lines, %4 skipped)")
                           .arg(path.isEmpty() ? sourceName : path, result.format)
                           .arg(result.lineCount)
                           .arg(result.skippedCount);
        if (!result.firstSkipped.isEmpty())
            result.error += QStringLiteral("; line %1: %2")
                                .arg(result.firstSkipped.first().lineNumber)
                                .arg(result.firstSkipped.first().reason);
        if (!unread.isEmpty())
            result.error += QStringLiteral("; ") + unread;
    }
    return result;
}

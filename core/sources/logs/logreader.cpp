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
#include <QMutex>
#include <QThread>

#include <cerrno>
#include <cstring>

#include <unistd.h>

namespace {

// A log is read with pread, never mapped (a file truncated while it is read is then a short read,
// not a SIGBUS); one that fits the window in blocks of this size.
constexpr qint64 kBlockBytes = 8 * 1024 * 1024;
// Below a few MB the threads cost more than they save.
constexpr qint64 kParallelBytes = 8 * 1024 * 1024;
// A log up to a block per thread (at most this) is read whole and parsed from memory.
constexpr qint64 kMaxWindowBytes = 64 * 1024 * 1024;
// Of a larger log, detection reads samples at its head, middle and end: this much, unless their
// lines are so long that it holds fewer than detection reads; then up to kSampleBytes, and at the
// head a whole window.
constexpr qint64 kFirstSampleBytes = 256 * 1024;
constexpr qint64 kSampleBytes = 4 * 1024 * 1024;
// The threads read their ranges in blocks of this size: a block stays in the core's own cache
// while it is parsed (2-3 % faster than blocks of 8 MB on the 1 GiB benchmark log).
constexpr qint64 kRangeBlockBytes = 256 * 1024;

int piecesFor(qint64 size)
{
    return size >= kParallelBytes ? QThread::idealThreadCount() : 1;
}

/// Reads up to `bytes` at `offset` of the open file `fd` into `into` with pread (the threads that
/// parse a large log read their ranges of one file at once); returns the bytes read, fewer at the
/// file's end or at an error, which `error` then names.
qint64 readBlock(int fd, qint64 offset, qint64 bytes, char *into, QString &error)
{
    qint64 got = 0;
    while (got < bytes) {
        const ssize_t n = ::pread(fd, into + got, size_t(bytes - got), off_t(offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            error = QString::fromLocal8Bit(std::strerror(errno));
        if (n <= 0)
            break;
        got += n;
    }
    return got;
}

/// Up to `bytes` at `offset`.
QByteArray readSample(int fd, qint64 offset, qint64 bytes, QString &error)
{
    QByteArray out(qsizetype(bytes), Qt::Uninitialized);
    out.truncate(qsizetype(readBlock(fd, offset, bytes, out.data(), error)));
    return out;
}

/// A detection sample of the middle or the end of a file of `size` bytes: the lines detection
/// reads there, from a small read where it holds them.
QByteArray readDetectionSample(int fd, qint64 size, ChunkedParser::Sample sample, QString &error)
{
    for (qint64 bytes = kFirstSampleBytes;; bytes = kSampleBytes) {
        const qint64 offset = sample == ChunkedParser::Sample::Middle ? size / 2 : qMax<qint64>(0, size - bytes);
        QByteArray out = readSample(fd, offset, bytes, error);
        if (bytes >= kSampleBytes || out.size() < bytes || ChunkedParser::holdsDetectionLines(out, sample))
            return out;
    }
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
    const int fd = file.handle();
    QString error; // a read error, from whichever thread met it
    const auto readError = [&] { return QStringLiteral("%1: read error: %2").arg(path, error); };
    // Binary event files are recognised by their framing before any text detection sees them.
    if (EventFileReader::looksLikeEventData(readSample(fd, 0, 16, error)))
        return EventFileReader::readFile(path, options);
    // What the file holds when it is opened is read; a file that shrinks meanwhile (truncated,
    // rewritten) ends the read early, with a warning.
    const qint64 size = file.size();
    const int pieces = piecesFor(size);
    qint64 total = 0; // bytes read, for afterBlock
    QMutex reading; // several threads read at once: one error, one afterBlock call at a time
    const auto readCounted = [&](qint64 offset, qint64 bytes, char *into) {
        QString failed;
        const qint64 got = readBlock(fd, offset, bytes, into, failed);
        const QMutexLocker lock(&reading);
        if (!failed.isEmpty())
            error = failed;
        total += got;
        if (afterBlock)
            afterBlock(total);
        return got;
    };
    // The whole log where it fits the window, else detection's head sample.
    const qint64 windowBytes = qMin(size, qMin(kBlockBytes * pieces, kMaxWindowBytes));
    QByteArray window;
    qint64 got = 0;
    for (qint64 wanted = windowBytes < size ? qMin(kFirstSampleBytes, windowBytes) : windowBytes;;
         wanted = windowBytes) {
        window.resize(qsizetype(wanted));
        while (got < wanted) {
            const qint64 n = readCounted(got, qMin(kBlockBytes, wanted - got), window.data() + got);
            got += n;
            if (n == 0)
                break;
        }
        if (got < wanted || wanted == windowBytes
            || ChunkedParser::holdsDetectionLines(window, ChunkedParser::Sample::Head))
            break;
    }
    if (!error.isEmpty()) {
        result.error = readError();
        return result;
    }
    qint64 readBytes = size;
    if (got < window.size() || got == size) {
        // Of a file that shrank (a short read), the last line read may be cut where the file now ends.
        readBytes = got;
        window.truncate(qsizetype(got));
        if (got < size && !window.endsWith('\n'))
            window.truncate(window.lastIndexOf('\n') + 1);
        result = parse(window, info.fileName(), path, options);
    } else {
        // Too large to hold: detection votes over the samples of the head, the middle and the
        // end, then each thread reads its range of the file in blocks.
        const QByteArray middle = readDetectionSample(fd, size, ChunkedParser::Sample::Middle, error);
        const QByteArray tail = readDetectionSample(fd, size, ChunkedParser::Sample::Tail, error);
        ChunkedParser parser(
            ChunkedParser::withDetectedFormat(options,
                                              ChunkedParser::detectFormat(window, middle, tail, options, path)),
            path, pieces, window, size,
            [&](qint64 offset, qint64 bytes, QByteArray &buffer) {
                buffer.resize(qsizetype(bytes));
                return QByteArrayView(buffer.constData(), readCounted(offset, bytes, buffer.data()));
            },
            kRangeBlockBytes);
        ParseResult parsed = parser.parse();
        if (!error.isEmpty()) {
            result.error = readError();
            return result;
        }
        readBytes = parser.bytesRead();
        result = finishParse(std::move(parsed), info.fileName(), path);
        if (readBytes >= size)
            return withOtherRank(std::move(result), options,
                                 [&](const ParseOptions &other) { return readFile(path, other, afterBlock); });
    }
    if (readBytes < size) {
        const QString shrank = QStringLiteral("%1 shrank while it was read (truncated or rewritten): only the "
                                              "lines in its first %2 of %3 bytes were read")
                                   .arg(path)
                                   .arg(readBytes)
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
    const MetricColumn &column = *run.column(loss);
    const qint64 count = column.valueCount();
    if (count < kMinPoints)
        return {};
    // Values that move show it within their first points: no need to read a long run to its end.
    double first = MetricColumn::missing();
    for (int p = 0; p < run.pointCount(); ++p) {
        const double v = column[size_t(p)];
        if (MetricColumn::isMissing(v))
            continue;
        if (MetricColumn::isMissing(first))
            first = v;
        else if (!(v == first))
            return {};
    }
    if (first > 0 && count < kMinPointsAnyValue)
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

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chunkedparser.h"

#include "core/base/exec/threadjobs.h"
#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/parsecontext.h"

#include <QSet>

#include <cstring>
#include <memory>
#include <vector>

namespace {

// How far past a cut to look for a line that can start a piece before giving up on that cut.
constexpr qsizetype kBoundarySearchBytes = 4 * 1024 * 1024;
// What is read at first around a cut.
constexpr qint64 kFirstProbeBytes = 64 * 1024;
// From this size on, the last kTailPercent of an input is cut into kTailRangesPerThread ranges a
// thread (0.5 % of the input each on two threads).
constexpr qint64 kTailSplitBytes = 64 * 1024 * 1024;
constexpr int kTailPercent = 8;
constexpr int kTailRangesPerThread = 8;
// The format is decided within its first 2000 lines; a log that needs more is read sequentially.
constexpr qsizetype kPrefixMaxBytes = 16 * 1024 * 1024;
// Detection reads this many lines at the head, and at the middle and the tail.
constexpr int kHeadLines = 400;
constexpr int kSliceLines = 200;

qsizetype nextLineStart(QByteArrayView data, qsizetype from)
{
    if (from <= 0)
        return 0;
    const char *nl
        = static_cast<const char *>(std::memchr(data.data() + from - 1, '\n', size_t(data.size() - from + 1)));
    return nl ? nl + 1 - data.data() : data.size();
}

// The start of the line `count` lines after `from` (a line start), or the end of data.
qsizetype linesAfter(QByteArrayView data, qsizetype from, int count)
{
    for (int i = 0; i < count && from < data.size(); ++i) {
        const char *nl = static_cast<const char *>(std::memchr(data.data() + from, '\n', size_t(data.size() - from)));
        from = nl ? nl + 1 - data.data() : data.size();
    }
    return from;
}

// The start of the line `count` lines before the end of data.
qsizetype linesBeforeEnd(QByteArrayView data, int count)
{
    qsizetype i = data.size() - 1; // a final '\n' ends the last line, it does not start one
    while (i > 0) {
        --i;
        if (data[i] == '\n' && --count == 0)
            return i + 1;
    }
    return 0;
}

} // namespace

QStringList ChunkedParser::detectLines(QByteArrayView head, QByteArrayView middle, QByteArrayView tail,
                                       const ParseOptions &options, const QString &sourceName)
{
    IncrementalParser probe(options, sourceName);
    probe.m_sampling = true;
    probe.feedLines(head);
    if (!middle.isEmpty())
        probe.feedLines(middle);
    probe.feedLines(tail);
    probe.finish();
    if (probe.format().isEmpty())
        return {};
    return {probe.format(), probe.secondaryFormat()};
}

QStringList ChunkedParser::detectFormat(QByteArrayView data, const ParseOptions &options, const QString &sourceName)
{
    // Head, middle and tail: a log whose first lines are another tool's (a launcher, a second
    // logger) is still read by the format that carries its metrics.
    const qsizetype headEnd = linesAfter(data, 0, kHeadLines);
    const qsizetype tailStart = qMax(headEnd, linesBeforeEnd(data, kSliceLines));
    const qsizetype middle = nextLineStart(data, data.size() / 2);
    QByteArrayView middleLines;
    if (middle > headEnd && middle < tailStart)
        middleLines = data.sliced(middle, qMin(linesAfter(data, middle, kSliceLines), tailStart) - middle);
    return detectLines(data.first(headEnd), middleLines, data.sliced(tailStart), options, sourceName);
}

QStringList ChunkedParser::detectFormat(QByteArrayView head, QByteArrayView middle, QByteArrayView tail,
                                        const ParseOptions &options, const QString &sourceName)
{
    const qsizetype middleStart = nextLineStart(middle, 1);
    middle = middle.sliced(middleStart, linesAfter(middle, middleStart, kSliceLines) - middleStart);
    tail = tail.sliced(qMax(nextLineStart(tail, 1), linesBeforeEnd(tail, kSliceLines)));
    return detectLines(head.first(linesAfter(head, 0, kHeadLines)), middle, tail, options, sourceName);
}

bool ChunkedParser::holdsDetectionLines(QByteArrayView bytes, Sample sample)
{
    // The head's first kHeadLines lines, whole; of the others the kSliceLines after the first
    // line start (middle) or before the last byte (tail), past a first line that may be cut.
    const qsizetype wanted = sample == Sample::Head ? kHeadLines : kSliceLines + 1;
    const char *p = bytes.data();
    const char *const end = p + bytes.size();
    for (qsizetype found = 0; found < wanted; ++found, ++p) {
        if (p >= end) // also no bytes at all (memchr wants a pointer even for none)
            return false;
        p = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (!p)
            return false;
    }
    return true;
}

ParseOptions ChunkedParser::withDetectedFormat(const ParseOptions &options, const QStringList &detected)
{
    ParseOptions chosen = options;
    if ((options.format.isEmpty() || options.format == QLatin1String("auto")) && !detected.isEmpty()) {
        chosen.format = detected.first();
        chosen.secondaryFormat = detected.last();
    }
    return chosen;
}

// The first line start at or after `from` where a piece can begin, or -1.
qsizetype ChunkedParser::findCut(const IncrementalParser &parser, QByteArrayView data, qsizetype from)
{
    qsizetype start = nextLineStart(data, from);
    const qsizetype limit = qMin(data.size(), from + kBoundarySearchBytes);
    while (start < limit) {
        const char *nl = static_cast<const char *>(std::memchr(data.data() + start, '\n', size_t(data.size() - start)));
        const qsizetype end = nl ? nl - data.data() : data.size();
        if (!nl)
            return -1; // the unterminated last line stays with the piece before it
        if (parser.startsIndependentPoint(data.sliced(start, end - start)))
            return start;
        start = end + 1;
    }
    return -1;
}

ChunkedParser::ChunkedParser(const ParseOptions &options, const QString &sourceName, int pieces, QByteArrayView head,
                             qint64 size, ReadAt readAt, qint64 blockBytes)
    : m_options(options)
    , m_sourceName(sourceName)
    , m_pieces(pieces)
    , m_head(head)
    , m_size(size)
    , m_readAt(std::move(readAt))
    , m_blockBytes(blockBytes > 0 ? blockBytes : size)
    , m_headParser(std::make_unique<IncrementalParser>(options, sourceName))
{
    // The first range's run receives the others: sized for the whole input, they are appended
    // without moving its columns.
    m_headParser->setExpectedSize(size);
}

ChunkedParser::~ChunkedParser() = default;

QByteArrayView ChunkedParser::read(qint64 offset, qint64 size, QByteArray &buffer) const
{
    if (offset + size <= m_head.size() || !m_readAt)
        return m_head.sliced(qMin(offset, qint64(m_head.size())), qMax<qint64>(0, qMin(size, m_head.size() - offset)));
    return m_readAt(offset, size, buffer);
}

qint64 ChunkedParser::readRange(IncrementalParser &reader, qint64 from, qint64 to) const
{
    QByteArray buffer;
    for (qint64 at = from; at < to;) {
        // Up to the head's end from the head, without reading those bytes again.
        const qint64 wanted = qMin(at < m_head.size() ? m_head.size() - at : m_blockBytes, to - at);
        QByteArrayView bytes = read(at, wanted, buffer);
        if (bytes.size() < wanted) {
            // Of a file that shrank while it was read, the last line may be cut where it now ends,
            // also one begun in an earlier block.
            const qint64 end = at + bytes.size();
            if (!bytes.endsWith('\n'))
                bytes.truncate(bytes.lastIndexOf('\n') + 1);
            reader.feed(bytes);
            reader.dropPartialLine();
            return end;
        }
        reader.feed(bytes);
        at += wanted;
    }
    return to;
}

std::vector<qint64> ChunkedParser::cutsAfter(qint64 from) const
{
    // One range a thread over most of a large input, then its last part in small ranges that the
    // threads take as they finish: threads that end their first range apart (by up to 30 ms of
    // a 1 GB log) then end together.
    const qint64 span = m_size - from;
    const bool tail = m_pieces > 1 && span >= kTailSplitBytes;
    const qint64 main = tail ? span - span / 100 * kTailPercent : span;
    std::vector<qint64> shares;
    for (int i = 1; i < m_pieces; ++i)
        shares.push_back(from + main / m_pieces * i);
    const int tailRanges = tail ? kTailRangesPerThread * m_pieces : 0;
    for (int i = 0; i < tailRanges; ++i)
        shares.push_back(from + main + (span - main) / tailRanges * i);
    std::vector<qint64> cuts;
    QByteArray buffer;
    qint64 previous = from;
    for (const qint64 share : shares) {
        if (share <= previous)
            continue;
        // From the byte before the share, so a line starting right at it is found; a few lines
        // are read first (a cut is usually among them), more only where there is none.
        qsizetype cut = -1;
        for (qint64 probe = kFirstProbeBytes; cut < 0; probe *= 8) {
            const qint64 bytes = qMin(qMin(probe, kBoundarySearchBytes) + 1, m_size - share + 1);
            cut = findCut(*m_headParser, read(share - 1, bytes, buffer), 1);
            if (probe >= kBoundarySearchBytes || bytes < probe + 1)
                break;
        }
        if (cut < 0 || share - 1 + cut >= m_size)
            continue;
        cuts.push_back(share - 1 + cut);
        previous = cuts.back();
    }
    return cuts;
}

/// One range of the input and the parser that reads it.
struct ChunkedParser::Range
{
    qint64 from = 0;
    qint64 to = 0;
    qint64 end = 0; ///< where the input ended while it was read: `to`, or less
    std::unique_ptr<IncrementalParser> parser;
    IncrementalParser *reader = nullptr; ///< its own parser, or the head's
};

ParseResult ChunkedParser::parse(int *piecesUsed)
{
    IncrementalParser &head = *m_headParser;
    QByteArray buffer;
    // The head that detection read, or, where the first lines need more, the whole prefix.
    QByteArrayView first = m_head.first(qMin(m_head.size(), kPrefixMaxBytes));
    const auto readPrefix = [&] {
        if (first.size() < qMin(m_size, kPrefixMaxBytes))
            first = read(0, qMin(m_size, kPrefixMaxBytes), buffer);
    };
    qsizetype fed = 0;
    // With the format known, the lines before its first independent point (an argument dump,
    // a header) still go to the head first: every range starts with the facts they state.
    if (!head.format().isEmpty() && !head.hasError()) {
        qsizetype cut = findCut(head, first, 0);
        if (cut < 0) {
            readPrefix();
            cut = findCut(head, first, 0);
        }
        fed = qMax<qsizetype>(0, cut);
        head.feedLines(first.first(fed));
    } else if (!head.hasError()) {
        readPrefix();
    }
    // Feed line by line until the format is known, so the ranges can start with it.
    while (fed < first.size() && head.format().isEmpty() && !head.hasError()) {
        const qsizetype next = nextLineStart(first, fed + 1);
        head.feedLines(first.sliced(fed, next - fed));
        fed = next;
    }
    buffer.clear(); // the prefix, where it was read: the ranges read their own bytes
    // (A file that shrank before these bytes were read: the first range finds where it ends.)
    const qint64 size = m_size;
    // Every range after the first starts with the facts the head knows before the first cut.
    const ParseContext &before = *head.m_context;
    const qint64 startSeqLength = before.logSeqLength();
    const qint64 startWorldSize = before.logWorldSize();

    std::vector<Range> ranges;
    ranges.push_back({fed, size, size, nullptr, &head});
    // A mixed log's second format may hold values for the main format's next point: sequential.
    const bool splittable = m_pieces > 1 && !head.format().isEmpty() && m_options.secondaryFormat.isEmpty()
        && head.secondaryFormat().isEmpty() && !head.hasError() && fed < size;
    if (splittable) {
        ParseOptions rangeOptions = m_options;
        rangeOptions.format = head.format();
        std::vector<qint64> cuts = cutsAfter(fed);
        cuts.push_back(size);
        ranges.front().to = cuts.front();
        for (size_t i = 0; i + 1 < cuts.size(); ++i) {
            Range range{cuts[i], cuts[i + 1], cuts[i + 1],
                        std::make_unique<IncrementalParser>(rangeOptions, m_sourceName), nullptr};
            range.reader = range.parser.get();
            range.reader->m_context->inheritLogFacts(before);
            range.reader->m_host = head.m_host; // the one host a log of several is read for
            range.reader->setExpectedSize(range.to - range.from);
            ranges.push_back(std::move(range));
        }
    }
    // One reader a thread: the first ranges at once, then the small ones at the end as threads
    // finish.
    ThreadJobs::takeInTurn(m_pieces, int(ranges.size()), [&](int i) {
        Range &range = ranges[size_t(i)];
        range.end = readRange(*range.reader, range.from, range.to);
    });

    // The input ends where a range found it shorter than it was: the ranges after it are dropped.
    size_t kept = 0;
    while (kept + 1 < ranges.size() && ranges[kept].end == ranges[kept].to)
        ++kept;
    ranges.resize(kept + 1);
    m_bytesRead = ranges.back().end;

    std::vector<IncrementalParser *> readers{&head};
    // The metric names so far: a range that would bring them to the limit on their number is read
    // by the reader before it, which refuses the lines over the limit in order.
    QSet<QString> names;
    const auto addNames = [&names](const IncrementalParser &reader) {
        for (const QString &name : reader.m_context->metricNames())
            names.insert(name);
    };
    addNames(head);
    for (size_t i = 1; i < ranges.size(); ++i) {
        IncrementalParser *previous = readers.back();
        const ParseContext &reached = *previous->m_context; // the facts where the reader before ended
        const QStringList rangeNames = ranges[i].parser->m_context->metricNames();
        qsizetype together = names.size();
        for (const QString &name : rangeNames)
            together += !names.contains(name);
        // A range that took another host than the reader before it (neither had one at the cut)
        // would read another host's lines.
        if (ranges[i].parser->m_context->startDependsOnEarlierLines() || startSeqLength != reached.logSeqLength()
            || startWorldSize != reached.logWorldSize() || ranges[i].parser->m_host != previous->m_host
            || together >= RunMetrics::maxMetricNames) {
            const qint64 end = readRange(*previous, ranges[i].from, ranges[i].end);
            addNames(*previous);
            if (end < ranges[i].end) { // the file shrank further meanwhile
                m_bytesRead = end;
                break;
            }
            continue;
        }
        for (const QString &name : rangeNames)
            names.insert(name);
        readers.push_back(ranges[i].parser.get());
    }
    if (piecesUsed)
        *piecesUsed = int(readers.size());
    // Where the input ended early, a line cut there is not a last line (a range read again by the
    // reader before it ends at the cut without a short read of its own).
    if (m_bytesRead < m_size)
        readers.back()->dropPartialLine();
    readers.back()->finish();
    for (IncrementalParser *reader : readers) {
        retire(*reader);
        if (reader != &head)
            head.addOtherStreams(*reader);
    }
    ParseResult result = std::move(m_result);
    result.format = head.format();
    result.secondaryFormat = head.secondaryFormat();
    result.run.readWarnings = m_notes.sentences() + head.otherStreamWarnings();
    result.otherMetricRank = head.otherMetricRank();
    // An input refused as a whole may be so because of a line cut at the limit: say so there too.
    if (!result.error.isEmpty() && m_notes.longLines > 0)
        result.error += QStringLiteral("; ") + m_notes.longLineSentence();
    if (m_notes.countedSteps > 0)
        result.run.meta.insert(QStringLiteral("inferred_steps"), m_notes.countedSteps);
    return result;
}

void ChunkedParser::retire(IncrementalParser &reader)
{
    ParseResult &result = m_result;
    if (result.error.isEmpty())
        result.error = reader.error();
    for (SkippedLine skipped : reader.firstSkipped()) {
        if (result.firstSkipped.size() >= ParseContext::maxReportedSkips)
            break;
        skipped.lineNumber += result.lineCount;
        result.firstSkipped.append(skipped);
    }
    for (SkippedLine unread : reader.firstUnread()) {
        if (result.firstUnread.size() >= ParseContext::maxReportedSkips)
            break;
        unread.lineNumber += result.lineCount;
        result.firstUnread.append(unread);
    }
    result.unreadCount += reader.unreadCount();
    m_notes.add(reader.notes(), result.lineCount);
    result.lineCount += reader.lineCount();
    result.skippedCount += reader.skippedCount();
    if (&reader == m_headParser.get()) {
        result.run = reader.takePoints();
        return;
    }
    // The ranges are read: their threads join the columns, each taking the next one.
    result.run.append(reader.takePoints(), [this](int count, const std::function<void(int)> &job) {
        ThreadJobs::takeInTurn(m_pieces, count, job);
    });
}

ParseResult ChunkedParser::parse(QByteArrayView data, const QString &sourceName, const ParseOptions &options,
                                 int pieces, int *piecesUsed)
{
    ChunkedParser parser(withDetectedFormat(options, detectFormat(data, options, sourceName)), sourceName, pieces, data,
                         data.size());
    return parser.parse(piecesUsed);
}

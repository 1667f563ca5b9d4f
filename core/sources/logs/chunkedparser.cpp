// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chunkedparser.h"

#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/parsecontext.h"

#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

#include <cstring>
#include <memory>
#include <vector>

namespace {

// How far past a cut to look for a line that can start a piece before giving up on that cut.
constexpr qsizetype kBoundarySearchBytes = 4 * 1024 * 1024;
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

struct Piece
{
    QByteArrayView bytes;
    std::unique_ptr<IncrementalParser> parser;
    IncrementalParser *reader = nullptr; ///< the parser that reads it (its own, or the head's)
    qint64 seqLength = 0; ///< the facts it starts with
    qint64 worldSize = 0;
};

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

ChunkedParser::ChunkedParser(const ParseOptions &options, const QString &sourceName, int pieces, qint64 expectedSize)
    : m_options(options)
    , m_sourceName(sourceName)
    , m_pieces(pieces)
    , m_head(std::make_unique<IncrementalParser>(options, sourceName))
    , m_last(m_head.get())
{
    // The head's run receives the other pieces: sized for the whole input, they are appended
    // without moving its columns.
    m_head->setExpectedSize(expectedSize);
}

ChunkedParser::~ChunkedParser() = default;

void ChunkedParser::feed(QByteArrayView window)
{
    IncrementalParser &head = *m_head;
    qsizetype fed = 0;
    if (m_offset == 0) {
        // With the format known, the lines before its first independent point (an argument dump,
        // a header) still go to the head first: every piece starts with the facts they state.
        if (!head.format().isEmpty() && !head.hasError()) {
            fed = qMax<qsizetype>(0, findCut(head, window, 0));
            head.feedLines(window.first(fed));
        }
    }
    // Feed line by line until the format is known, so the pieces can start with it.
    while (fed < window.size() && head.format().isEmpty() && !head.hasError() && m_offset + fed < kPrefixMaxBytes) {
        const qsizetype next = nextLineStart(window, fed + 1);
        head.feedLines(window.sliced(fed, next - fed));
        fed = next;
    }
    m_offset += window.size();
    std::vector<Piece> parts;
    parts.push_back({window.sliced(fed), nullptr, m_last});
    // A mixed log's second format may hold values for the main format's next point: sequential.
    const bool splittable = m_pieces > 1 && !head.format().isEmpty() && m_options.secondaryFormat.isEmpty()
        && !head.hasError() && fed < window.size();
    if (splittable) {
        const qsizetype rest = window.size() - fed;
        qsizetype previous = fed;
        std::vector<qsizetype> cuts;
        for (int i = 1; i < m_pieces; ++i) {
            const qsizetype cut = findCut(head, window, qMax(previous + 1, fed + rest / m_pieces * i));
            if (cut < 0 || cut >= window.size())
                break;
            cuts.push_back(cut);
            previous = cut;
        }
        ParseOptions pieceOptions = m_options;
        pieceOptions.format = head.format();
        cuts.push_back(window.size());
        parts.front().bytes = window.sliced(fed, cuts.front() - fed);
        // Each piece starts with the facts the reader before the window knows.
        const ParseContext &before = *m_last->m_context;
        for (size_t i = 0; i + 1 < cuts.size(); ++i) {
            Piece piece{window.sliced(cuts[i], cuts[i + 1] - cuts[i]),
                        std::make_unique<IncrementalParser>(pieceOptions, m_sourceName), nullptr, before.logSeqLength(),
                        before.logWorldSize()};
            piece.reader = piece.parser.get();
            piece.reader->m_context->inheritLogFacts(before);
            piece.reader->setExpectedSize(piece.bytes.size());
            parts.push_back(std::move(piece));
        }
    }
    // finish() waits: a piece whose start proves dependent is fed to the parser before it.
    if (parts.size() == 1)
        m_last->feed(parts.front().bytes);
    else
        QtConcurrent::blockingMap(parts, [](Piece &piece) { piece.reader->feed(piece.bytes); });

    std::vector<IncrementalParser *> readers{m_last};
    // The metric names of the window so far: a piece that would bring them to the limit on their
    // number is read by the reader before it, which refuses the lines over the limit in order.
    QSet<QString> names;
    const auto addNames = [&names](const IncrementalParser &reader) {
        for (const QString &name : reader.m_context->metricNames())
            names.insert(name);
    };
    if (parts.size() > 1)
        addNames(*m_last);
    for (size_t i = 1; i < parts.size(); ++i) {
        IncrementalParser *previous = readers.back();
        const ParseContext &before = *previous->m_context;
        const QStringList pieceNames = parts[i].parser->m_context->metricNames();
        qsizetype together = names.size();
        for (const QString &name : pieceNames)
            together += !names.contains(name);
        if (parts[i].parser->m_context->startDependsOnEarlierLines() || parts[i].seqLength != before.logSeqLength()
            || parts[i].worldSize != before.logWorldSize() || together >= RunMetrics::maxMetricNames) {
            previous->feed(parts[i].bytes);
            addNames(*previous);
            continue;
        }
        for (const QString &name : pieceNames)
            names.insert(name);
        readers.push_back(parts[i].parser.get());
    }
    // Only the last reader goes on: the others are done and their points join the result now,
    // so a long input holds one window and its points, never a parser per piece of it.
    m_piecesUsed += int(readers.size()) - 1;
    for (size_t i = 0; i + 1 < readers.size(); ++i)
        retire(*readers[i]);
    if (readers.back() != m_last) {
        m_last = readers.back();
        for (Piece &piece : parts) {
            if (piece.parser.get() == m_last)
                m_lastPiece = std::move(piece.parser);
        }
    }
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
    if (&reader == m_head.get())
        result.run = reader.takePoints();
    else
        result.run.append(reader.takePoints());
}

ParseResult ChunkedParser::finish(int *piecesUsed)
{
    m_last->finish();
    retire(*m_last);
    if (piecesUsed)
        *piecesUsed = m_piecesUsed;
    IncrementalParser &head = *m_head;
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

ParseResult ChunkedParser::parse(QByteArrayView data, const QString &sourceName, const ParseOptions &options,
                                 int pieces, int *piecesUsed)
{
    ChunkedParser parser(withDetectedFormat(options, detectFormat(data, options, sourceName)), sourceName, pieces,
                         data.size());
    parser.feed(data);
    return parser.finish(piecesUsed);
}

#include "chunkedparser.h"

#include "logs/incrementalparser.h"
#include "logs/parsecontext.h"

#include <QtConcurrent/QtConcurrentMap>

#include <cstring>
#include <memory>
#include <vector>

namespace {

// How far past a cut to look for a line that can start a piece before giving up on that cut.
constexpr qsizetype kBoundarySearchBytes = 4 * 1024 * 1024;
// The format is decided within its first 2000 lines; a log that needs more is read sequentially.
constexpr qsizetype kPrefixMaxBytes = 16 * 1024 * 1024;

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

QStringList ChunkedParser::detectFormat(QByteArrayView data, const ParseOptions &options, const QString &sourceName)
{
    // Head, middle and tail: a log whose first lines are another tool's (a launcher, a second
    // logger) is still read by the format that carries its metrics.
    constexpr int kHeadLines = 400;
    constexpr int kSliceLines = 200;
    IncrementalParser probe(options, sourceName);
    probe.m_sampling = true;
    const qsizetype headEnd = linesAfter(data, 0, kHeadLines);
    probe.feedLines(data.first(headEnd));
    const qsizetype tailStart = qMax(headEnd, linesBeforeEnd(data, kSliceLines));
    const qsizetype middle = nextLineStart(data, data.size() / 2);
    if (middle > headEnd && middle < tailStart)
        probe.feedLines(data.sliced(middle, qMin(linesAfter(data, middle, kSliceLines), tailStart) - middle));
    probe.feedLines(data.sliced(tailStart));
    probe.finish();
    if (probe.format().isEmpty())
        return {};
    return {probe.format(), probe.secondaryFormat()};
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

ParseResult ChunkedParser::parse(QByteArrayView data, const QString &sourceName, const ParseOptions &options,
                                 int pieces, int *piecesUsed)
{
    ParseOptions chosen = options;
    if (options.format.isEmpty() || options.format == QLatin1String("auto")) {
        const QStringList detected = detectFormat(data, options, sourceName);
        if (!detected.isEmpty()) {
            chosen.format = detected.first();
            chosen.secondaryFormat = detected.last();
        }
    }
    IncrementalParser head(chosen, sourceName);
    // The head's run receives the other pieces: sized for the whole file, they are appended
    // without moving its columns.
    head.setExpectedSize(data.size());
    // Feed line by line until the format is known, so the pieces can start with it.
    qsizetype fed = 0;
    // With the format known, the lines before its first independent point (an argument dump,
    // a header) still go to the head first: every piece starts with the facts they state.
    if (!head.format().isEmpty() && !head.hasError()) {
        fed = qMax<qsizetype>(0, findCut(head, data, 0));
        head.feedLines(data.first(fed));
    }
    while (fed < data.size() && head.format().isEmpty() && !head.hasError() && fed < kPrefixMaxBytes) {
        const qsizetype next = nextLineStart(data, fed + 1);
        head.feedLines(data.sliced(fed, next - fed));
        fed = next;
    }
    std::vector<Piece> parts;
    parts.push_back({data.sliced(fed), nullptr, &head});
    // A mixed log's second format may hold values for the main format's next point: sequential.
    const bool splittable = pieces > 1 && !head.format().isEmpty() && chosen.secondaryFormat.isEmpty()
        && !head.hasError() && fed < data.size();
    if (splittable) {
        const qsizetype rest = data.size() - fed;
        qsizetype previous = fed;
        std::vector<qsizetype> cuts;
        for (int i = 1; i < pieces; ++i) {
            const qsizetype cut = findCut(head, data, qMax(previous + 1, fed + rest / pieces * i));
            if (cut < 0 || cut >= data.size())
                break;
            cuts.push_back(cut);
            previous = cut;
        }
        ParseOptions pieceOptions = chosen;
        pieceOptions.format = head.format();
        cuts.push_back(data.size());
        parts.front().bytes = data.sliced(fed, cuts.front() - fed);
        for (size_t i = 0; i + 1 < cuts.size(); ++i) {
            Piece piece{data.sliced(cuts[i], cuts[i + 1] - cuts[i]),
                        std::make_unique<IncrementalParser>(pieceOptions, sourceName), nullptr,
                        head.m_context->logSeqLength(), head.m_context->logWorldSize()};
            piece.reader = piece.parser.get();
            piece.reader->m_context->inheritLogFacts(*head.m_context);
            piece.reader->setExpectedSize(piece.bytes.size());
            parts.push_back(std::move(piece));
        }
    }
    if (piecesUsed)
        *piecesUsed = int(parts.size());
    // finish() waits: a piece whose start proves dependent is fed to the parser before it.
    if (parts.size() == 1)
        head.feed(parts.front().bytes);
    else
        QtConcurrent::blockingMap(parts, [](Piece &piece) { piece.reader->feed(piece.bytes); });

    ParseResult result;
    std::vector<IncrementalParser *> readers{&head};
    ParseContext::Notes notes;
    for (size_t i = 1; i < parts.size(); ++i) {
        IncrementalParser *previous = readers.back();
        const ParseContext &before = *previous->m_context;
        if (parts[i].parser->m_context->startDependsOnEarlierLines() || parts[i].seqLength != before.logSeqLength()
            || parts[i].worldSize != before.logWorldSize()) {
            previous->feed(parts[i].bytes);
            if (piecesUsed)
                --*piecesUsed;
            continue;
        }
        readers.push_back(parts[i].parser.get());
    }
    readers.back()->finish();
    result.format = head.format();
    result.secondaryFormat = head.secondaryFormat();
    for (IncrementalParser *reader : readers) {
        if (result.error.isEmpty())
            result.error = reader->error();
        for (SkippedLine skipped : reader->firstSkipped()) {
            if (result.firstSkipped.size() >= ParseContext::maxReportedSkips)
                break;
            skipped.lineNumber += result.lineCount;
            result.firstSkipped.append(skipped);
        }
        for (SkippedLine unread : reader->firstUnread()) {
            if (result.firstUnread.size() >= ParseContext::maxReportedSkips)
                break;
            unread.lineNumber += result.lineCount;
            result.firstUnread.append(unread);
        }
        result.unreadCount += reader->unreadCount();
        notes.add(reader->notes(), result.lineCount);
        result.lineCount += reader->lineCount();
        result.skippedCount += reader->skippedCount();
        if (reader == &head)
            result.run = head.takePoints();
        else
            result.run.append(reader->takePoints());
    }
    result.run.readWarnings = notes.sentences() + head.otherStreamWarnings();
    result.otherMetricRank = head.otherMetricRank();
    // An input refused as a whole may be so because of a line cut at the limit: say so there too.
    if (!result.error.isEmpty() && notes.longLines > 0)
        result.error += QStringLiteral("; ") + notes.longLineSentence();
    if (notes.countedSteps > 0)
        result.run.meta.insert(QStringLiteral("inferred_steps"), notes.countedSteps);
    return result;
}

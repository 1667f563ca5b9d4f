// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "incrementalparser.h"

#include "core/base/io/inputfile.h"
#include "core/sources/logs/formatregistry.h"
#include "core/sources/logs/lineprefix.h"
#include "core/sources/logs/logformat.h"
#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace {

// "auto" decides once a format is this sure, or with whatever scores best after kDecideLines.
constexpr int kConfidentScore = 50;
constexpr size_t kDecideLines = 2000;
// Input with no recognisable line this far in is not a training log.
constexpr size_t kGiveUpLines = 20000;
constexpr qint64 kGiveUpBytes = 64 * 1024 * 1024;

bool isDetectCheckpoint(size_t held)
{
    return held == 8 || held == 64 || held == 256 || held % 1000 == 0;
}

// Removes ANSI escape sequences (CSI `ESC [ ... final`, and lone two-byte escapes).
QByteArrayView stripAnsi(QByteArrayView line, QByteArray &scratch)
{
    scratch.resize(line.size());
    char *out = scratch.data();
    const char *p = line.data();
    const char *end = p + line.size();
    while (p < end) {
        const char *esc = static_cast<const char *>(std::memchr(p, '\x1b', size_t(end - p)));
        const char *stop = esc ? esc : end;
        std::memcpy(out, p, size_t(stop - p));
        out += stop - p;
        if (!esc)
            break;
        p = esc + 1;
        if (p < end && *p == '[') {
            ++p;
            while (p < end && !(*p >= 0x40 && *p <= 0x7e))
                ++p;
            if (p < end)
                ++p;
        } else if (p < end) {
            ++p;
        }
    }
    return QByteArrayView(scratch.constData(), out - scratch.constData());
}

// Recognises the prefixes launchers put before each rank's output and returns where the text
// starts, setting rank; returns 0 with rank -1 when there is none.
//   torchrun --tee / local_ranks_filter: "[rank3]:", "[default3]:"
//   srun -l, pdsh-style:                 "3: ", "  3: "
//   mpirun --tag-output:                 "[1,3]<stdout>:"
qsizetype rankPrefix(QByteArrayView line, int &rank)
{
    rank = -1;
    const char *s = line.data();
    const qsizetype n = line.size();
    qsizetype i = 0;
    while (i < n && s[i] == ' ')
        ++i;
    if (i >= n)
        return 0;
    auto number = [&](qsizetype &j) {
        const qsizetype start = j;
        int v = 0;
        while (j < n && LogText::isDigit(s[j]) && j - start < 6)
            v = v * 10 + (s[j++] - '0');
        return j > start ? v : -1;
    };
    if (LogText::isDigit(s[i])) {
        qsizetype j = i;
        const int r = number(j);
        if (r >= 0 && j + 1 < n && s[j] == ':' && s[j + 1] == ' ') {
            rank = r;
            return j + 2;
        }
        return 0;
    }
    if (s[i] != '[')
        return 0;
    qsizetype j = i + 1;
    if (LogText::startsWith(line.sliced(j), "rank"))
        j += 4;
    else if (LogText::startsWith(line.sliced(j), "default"))
        j += 7;
    int r = number(j);
    if (r >= 0 && j < n && s[j] == ',') { // mpirun: [jobid,rank]
        ++j;
        r = number(j);
    }
    if (r < 0 || j >= n || s[j] != ']')
        return 0;
    ++j;
    if (LogText::startsWith(line.sliced(j), "<stdout>") || LogText::startsWith(line.sliced(j), "<stderr>"))
        j += 8;
    if (j >= n || s[j] != ':')
        return 0;
    ++j;
    rank = r;
    return j;
}

// QByteArrayView::contains(char) without Qt's out-of-line search around memchr: every line is
// scanned for '\r' and ESC.
bool holdsByte(QByteArrayView line, char c)
{
    return !line.isEmpty() && std::memchr(line.data(), c, size_t(line.size())) != nullptr;
}

bool isBlank(QByteArrayView line)
{
    for (char c : line) {
        if (!LogText::isSpace(c))
            return false;
    }
    return true;
}

} // namespace

IncrementalParser::IncrementalParser(const ParseOptions &options, const QString &sourceName)
    : m_options(options)
    , m_sourceName(sourceName)
    , m_registry(std::make_unique<FormatRegistry>(options.userFormats))
{
    reset();
}

IncrementalParser::~IncrementalParser() = default;

void IncrementalParser::reset()
{
    m_context = std::make_unique<ParseContext>(m_options);
    m_format.reset();
    m_secondary.reset();
    m_error.clear();
    m_partial.clear();
    m_partialLength = 0;
    m_consumed = 0;
    m_lineCount = 0;
    m_startOffset = 0;
    m_notes.clear();
    m_finished = false;
    m_held.clear();
    m_heldBytes = 0;
    m_feedDetectHeld = 0;
    m_document.clear();
    m_keepDocument = true;
    m_documentDroppedAt = 0;
    m_host.clear();
    m_otherHostLines = 0;
    m_otherRankLines = 0;
    m_otherRankHasMetrics = false;
    m_otherMetricRank = -1;
    m_otherRankLine.clear();
    const QString forced = m_options.format.isEmpty() ? QStringLiteral("auto") : m_options.format;
    if (forced != QLatin1String("auto")) {
        std::unique_ptr<LogFormat> format = m_registry->create(forced);
        if (!format) {
            m_error = QStringLiteral("%1: unknown log format '%2' (known: %3)")
                          .arg(m_sourceName, forced, m_registry->names().join(QStringLiteral(", ")));
            return;
        }
        if (!m_options.secondaryFormat.isEmpty())
            m_secondary = m_registry->create(m_options.secondaryFormat);
        useFormat(std::move(format));
    }
}

QString IncrementalParser::format() const
{
    return m_format ? m_format->name() : QString();
}

QString IncrementalParser::secondaryFormat() const
{
    return m_secondary ? m_secondary->name() : QString();
}

QString IncrementalParser::error() const
{
    return m_error.isEmpty() ? m_context->error() : m_error;
}

qint64 IncrementalParser::skippedCount() const
{
    return m_context->skippedCount();
}

QList<SkippedLine> IncrementalParser::firstSkipped() const
{
    return m_context->firstSkipped();
}

qint64 IncrementalParser::unreadCount() const
{
    return m_context->unreadCount();
}

QList<SkippedLine> IncrementalParser::firstUnread() const
{
    return m_context->firstUnread();
}

const ParseContext::Notes &IncrementalParser::notes() const
{
    return m_context->notes();
}

void IncrementalParser::addOtherStreams(const IncrementalParser &later)
{
    if (m_host.isEmpty()) // the host read is the first one met, maybe by a later part
        m_host = later.m_host;
    m_otherHostLines += later.m_otherHostLines;
    m_otherRankLines += later.m_otherRankLines;
    if (!m_otherRankHasMetrics && later.m_otherRankHasMetrics) {
        m_otherRankHasMetrics = true;
        m_otherMetricRank = later.m_otherMetricRank;
    }
}

QStringList IncrementalParser::otherStreamWarnings() const
{
    QStringList w;
    if (m_otherHostLines > 0)
        w << QStringLiteral("%1 lines of hosts other than %2 were not read (each host prints the same records)")
                 .arg(m_otherHostLines)
                 .arg(QString::fromUtf8(m_host));
    if (m_otherRankHasMetrics)
        w << QStringLiteral(
                 "%1 lines of ranks other than %2 were not read, some with metrics (--rank chooses the rank)")
                 .arg(m_otherRankLines)
                 .arg(m_options.rank);
    return w;
}

void IncrementalParser::useFormat(std::unique_ptr<LogFormat> format)
{
    m_format = std::move(format);
    if (!m_format->isDocument()) {
        m_keepDocument = false;
        m_document = QByteArray();
    }
    std::vector<HeldLine> held;
    held.swap(m_held);
    m_heldBytes = 0;
    if (m_format->isDocument())
        return;
    for (const HeldLine &line : held)
        parseLine(line.number, line.text, line.unterminated, line.payload, line.time);
}

void IncrementalParser::parseLine(qint64 number, QByteArrayView line, bool unterminated, qsizetype payload, double time)
{
    m_context->beginLine(number, line, unterminated, m_format->readsPayload() ? time : RunMetrics::noWallTime);
    const QByteArrayView text = m_format->readsPayload() ? line.sliced(payload) : line;
    m_format->parseLine(text, *m_context);
    if (m_secondary && !m_context->lineWasRead()) {
        m_context->setSecondary(true);
        m_secondary->parseLine(m_secondary->readsPayload() ? line.sliced(payload) : line, *m_context);
        m_context->setSecondary(false);
    }
    // The honesty check: a line that looks like metrics but that the format did not use.
    QString what;
    if (!m_context->lineWasRead() && LogText::looksLikeMetricLine(text, what))
        m_context->reportUnread(what);
}

void IncrementalParser::tryDetect(bool final)
{
    if (m_format || !m_error.isEmpty())
        return;
    QList<QByteArrayView> lines, payloads;
    const size_t n = std::min(m_held.size(), kDecideLines);
    lines.reserve(qsizetype(n));
    payloads.reserve(qsizetype(n));
    for (size_t i = 0; i < n; ++i) {
        lines.append(m_held[i].text);
        payloads.append(lines.back().sliced(m_held[i].payload));
    }
    const FormatRegistry::Detection best = m_registry->detect(lines, payloads, m_sourceName);
    if (best.score >= kConfidentScore || (best.score > 0 && (final || m_sampling || m_held.size() >= kDecideLines))) {
        if (!best.secondary.isEmpty())
            m_secondary = m_registry->create(best.secondary);
        useFormat(m_registry->create(best.name));
        return;
    }
    if (final || m_held.size() >= kGiveUpLines || m_heldBytes >= kGiveUpBytes) {
        m_error = m_lineCount == 0 ? QStringLiteral("%1: the log is empty").arg(m_sourceName)
                                   : QStringLiteral("%1: no known training-log format recognised in its first %2 lines "
                                                    "(formats tried: %3); choose one with --format")
                                         .arg(m_sourceName)
                                         .arg(m_lineCount)
                                         .arg(m_registry->names().join(QStringLiteral(", ")));
        m_held.clear();
        m_document.clear();
        m_keepDocument = false;
    }
}

bool IncrementalParser::startsIndependentPoint(QByteArrayView line) const
{
    if (!m_format || holdsByte(line, '\r') || holdsByte(line, '\x1b'))
        return false;
    int rank = -1;
    rankPrefix(line, rank);
    if (rank >= 0)
        return false;
    if (!m_format->readsPayload())
        return m_format->startsIndependentPoint(line);
    const LinePrefix::Parts parts = LinePrefix::split(line);
    return parts.host.isEmpty() && m_format->startsIndependentPoint(line.sliced(parts.payload));
}

void IncrementalParser::processPiece(QByteArrayView piece, bool plain)
{
    if (!plain && holdsByte(piece, '\x1b'))
        piece = stripAnsi(piece, m_scratch);
    int rank = -1;
    const qsizetype start = rankPrefix(piece, rank);
    if (rank >= 0) {
        if (rank != m_options.rank) {
            ++m_otherRankLines;
            // Ranks print the same warning on every step: a line like the last one is not scanned again.
            const QByteArrayView rest = piece.sliced(start);
            QString what;
            if (!m_otherRankHasMetrics && rest != m_otherRankLine) {
                m_otherRankHasMetrics = LogText::looksLikeMetricLine(rest, what);
                if (m_otherRankHasMetrics)
                    m_otherMetricRank = rank;
                else
                    m_otherRankLine = rest.toByteArray();
            }
            return;
        }
        piece = piece.sliced(start);
    }
    if (isBlank(piece))
        return;
    LinePrefix::Parts parts{0, RunMetrics::noWallTime, {}};
    if (!m_format || m_format->readsPayload())
        parts = LinePrefix::split(piece);
    // pdsh and similar prefix every line with its host; like ranks, one host's lines are read.
    if (!parts.host.isEmpty()) {
        if (m_host.isEmpty()) {
            m_host = parts.host.toByteArray();
        } else if (parts.host != m_host) {
            ++m_otherHostLines;
            return;
        }
    }
    if (m_format) {
        if (m_format->isDocument())
            return;
        parseLine(m_lineCount, piece, m_flushing, parts.payload, parts.time);
        if (!m_reserved && m_expectedSize > 0 && m_context->pendingPoints() == 4096) {
            m_reserved = true;
            const double share = double(m_consumed) / double(m_expectedSize);
            if (share > 0 && share < 0.5)
                m_context->reserve(int(qMin(double(INT_MAX / 2), 4096 / share * 1.05)));
        }
        return;
    }
    if (!m_error.isEmpty())
        return;
    m_held.push_back({m_lineCount, piece.toByteArray(), m_flushing, parts.payload, parts.time});
    m_heldBytes += piece.size();
    // Long lines fill the held bytes long before a checkpoint's line count: decide (or give up)
    // at kGiveUpBytes whatever the count, so what is held stays bounded.
    if ((!m_sampling && isDetectCheckpoint(m_held.size())) || m_heldBytes >= kGiveUpBytes)
        tryDetect(false);
}

void IncrementalParser::consumeLine(QByteArrayView line, qint64 length, bool plain)
{
    ++m_lineCount;
    if (length > maxLineBytes) {
        line.truncate(maxLineBytes);
        m_context->reportLongLine(m_lineCount, length, maxLineBytes);
        // m_consumed is still where this line starts. Read from mid-file, lines are counted from
        // there, so only the byte offset names it.
        const qint64 byte = m_startOffset + m_consumed;
        const QString where = m_startOffset == 0 ? QStringLiteral("line %1 (byte %2)").arg(m_lineCount).arg(byte)
                                                 : QStringLiteral("the line at byte %1").arg(byte);
        m_notes << QStringLiteral("%1: %2 is %3 bytes, longer than the %4 line limit: only its first %4 were read")
                       .arg(m_sourceName, where)
                       .arg(length)
                       .arg(InputFile::formatLimit(maxLineBytes));
        dropDocument(m_lineCount);
    }
    // tqdm redraws with '\r'; a metric line may share a '\n'-line with several progress frames.
    if (plain || !holdsByte(line, '\r')) {
        processPiece(line, plain);
        return;
    }
    qsizetype from = 0;
    while (from <= line.size()) {
        qsizetype cr = line.indexOf('\r', from);
        if (cr < 0)
            cr = line.size();
        if (cr > from)
            processPiece(line.sliced(from, cr - from));
        from = cr + 1;
    }
}

void IncrementalParser::feed(QByteArrayView bytes)
{
    if (m_finished || bytes.isEmpty())
        return;
    consumeBytes(bytes);
    // Detection votes over every held line. A follower feeds small pieces: trying after each one
    // cost a detection per piece (a followed 90 KB binary file took 1.8 s); trying again only
    // once the held lines have doubled keeps the early decision and makes the total linear.
    if (!m_format && !m_held.empty() && m_held.size() >= 2 * m_feedDetectHeld) {
        m_feedDetectHeld = m_held.size();
        tryDetect(false);
    }
    // Appended after the lines were read, so a line format chosen on the way (the usual case)
    // never copies the input.
    if (m_keepDocument)
        m_document.append(bytes);
}

void IncrementalParser::feedLines(QByteArrayView bytes)
{
    if (m_finished || bytes.isEmpty())
        return;
    consumeBytes(bytes);
    if (m_keepDocument)
        m_document.append(bytes);
}

void IncrementalParser::consumeBytes(QByteArrayView bytes)
{
    const char *p = bytes.data();
    const char *end = p + bytes.size();
    // The bytes before plainUntil hold no '\r' or ESC when `plain`: two memchr over a window of
    // lines cost less than two per line (most logs have neither).
    constexpr qsizetype plainWindow = 64 * 1024;
    const char *plainUntil = p;
    bool plain = false;
    while (p < end) {
        const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (nl && m_partialLength == 0) {
            if (nl >= plainUntil) {
                plainUntil = std::max(nl + 1, p + std::min<qsizetype>(end - p, plainWindow));
                const size_t n = size_t(plainUntil - p);
                plain = !std::memchr(p, '\r', n) && !std::memchr(p, '\x1b', n);
            }
            consumeLine(QByteArrayView(p, nl - p), nl - p, plain);
            m_consumed += nl + 1 - p;
            p = nl + 1;
            continue;
        }
        // A line that continues in a later slice: keep at most maxLineBytes of it.
        const char *stop = nl ? nl : end;
        m_partial.append(p, qMin<qsizetype>(stop - p, qMax<qsizetype>(0, maxLineBytes - m_partial.size())));
        m_partialLength += stop - p;
        if (m_partialLength > maxLineBytes)
            dropDocument(m_lineCount + 1);
        if (!nl)
            break;
        consumeLine(m_partial, m_partialLength);
        m_consumed += m_partialLength + 1;
        m_partial.clear();
        m_partialLength = 0;
        p = nl + 1;
    }
}

void IncrementalParser::dropDocument(qint64 number)
{
    if (!m_keepDocument)
        return;
    m_keepDocument = false;
    m_document = QByteArray();
    m_documentDroppedAt = number;
}

void IncrementalParser::finish()
{
    if (m_finished)
        return;
    if (m_partialLength > 0) {
        m_flushing = true;
        consumeLine(m_partial, m_partialLength);
        m_flushing = false;
        m_consumed += m_partialLength;
        m_partial.clear();
        m_partialLength = 0;
    }
    m_finished = true;
    tryDetect(true);
    if (m_format && !m_format->isDocument() && m_error.isEmpty())
        m_format->finish(*m_context);
    if (m_format && m_format->isDocument() && m_error.isEmpty() && m_documentDroppedAt > 0) {
        m_error
            = QStringLiteral("%1: line %2 is longer than the %3 line limit, so the input is not read as a %4 document")
                  .arg(m_sourceName)
                  .arg(m_documentDroppedAt)
                  .arg(InputFile::formatLimit(maxLineBytes), m_format->name());
    } else if (m_format && m_format->isDocument() && m_error.isEmpty()) {
        m_context->beginLine(0, {});
        m_format->parseDocument(m_document, *m_context);
        m_document = QByteArray();
    }
}

RunMetrics IncrementalParser::takePoints()
{
    RunMetrics chunk = m_context->takeChunk();
    chunk.format = format();
    return chunk;
}

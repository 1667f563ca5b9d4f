// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "megatronformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

#include <QHash>

#include <cmath>
#include <cstring>

namespace {

// Segment keys with a Megatron-specific spelling; everything else goes through
// MetricNames::canonicalName ("lm loss" → lm_loss, "load_balancing_loss" stays).
QString iterationMetric(QByteArrayView key)
{
    static const QHash<QByteArray, QString> names = {
        {"consumed samples", MetricNames::consumedSamples},
        {"consumed tokens", MetricNames::consumedTokens},
        {"elapsed time per iteration (ms)", MetricNames::elapsedMs},
        {"throughput per gpu (tflop/s/gpu)", MetricNames::tflopsPerDevice},
        {"throughput (tflop/s/gpu)", MetricNames::tflopsPerDevice},
        {"tflops", MetricNames::tflopsPerDevice},
        {"number of skipped iterations", MetricNames::skippedIterations},
        {"number of nan iterations", MetricNames::nanIterations},
        {"tokens per gpu (tokens/s/gpu)", MetricNames::tokensPerSecondPerDevice},
        {"throughput per gpu (tokens/s/gpu)", MetricNames::tokensPerSecondPerDevice},
        {"tokens/s/gpu", MetricNames::tokensPerSecondPerDevice},
        {"tokens/s/npu", MetricNames::tokensPerSecondPerDevice},
        {"throughput (tokens/s)", MetricNames::tokensPerSecond},
        {"mfu (%)", MetricNames::mfu},
        {"memory (gb)", MetricNames::memoryGb},
        {"max memory (gb)", MetricNames::memoryGb},
        {"max allocated memory (gb)", MetricNames::memoryGb},
        {"memory usage (gb)", MetricNames::memoryGb},
    };
    const QByteArray lower = key.toByteArray().toLower();
    const auto it = names.constFind(lower);
    if (it != names.constEnd())
        return *it;
    if (lower == "iteration")
        return {};
    return MetricNames::canonicalName(QString::fromUtf8(key));
}

// "lm loss value" → eval_loss, "lm loss PPL" → eval_ppl, "<name> value" → eval_<name>.
QString megatronValidationMetric(QByteArrayView key)
{
    QString k = QString::fromUtf8(key).trimmed().toLower();
    if (k == QLatin1String("lm loss value") || k == QLatin1String("loss value"))
        return MetricNames::evalLoss;
    if (k == QLatin1String("lm loss ppl") || k == QLatin1String("ppl"))
        return QStringLiteral("eval_ppl");
    if (k.endsWith(QLatin1String(" value")))
        k.chop(6);
    return QStringLiteral("eval_") + MetricNames::normalise(k);
}

// Splits "key: value" at the last ':' (keys like "throughput per GPU (TFLOP/s/GPU)" have none,
// values never do). Older Megatron prints "key value" without the colon: the value is then the
// last word.
bool splitSegment(QByteArrayView segment, QByteArrayView &key, QByteArrayView &value)
{
    qsizetype colon = segment.size() - 1;
    while (colon >= 0 && segment[colon] != ':')
        --colon;
    if (colon <= 0) {
        const QByteArrayView t = segment.trimmed();
        const qsizetype space = t.lastIndexOf(' ');
        if (space <= 0)
            return false;
        colon = space + (t.data() - segment.data());
    }
    key = segment.first(colon).trimmed();
    value = segment.sliced(colon + 1);
    return !key.isEmpty();
}

// Where "iteration N" starts: the line's start, or (gpt-neox prints "samples/sec: ... |" first)
// just after a '|'. -1 when the line holds no iteration segment with '|' segments after it.
qsizetype iterationStart(QByteArrayView rest)
{
    qsizetype at = 0;
    if (!LogText::startsWith(rest, "iteration ")) {
        at = rest.indexOf("| iteration ");
        if (at < 0)
            return -1;
        at += 2;
    }
    qsizetype i = at + 10;
    while (i < rest.size() && rest[i] == ' ')
        ++i;
    if (i >= rest.size() || !LogText::isDigit(rest[i]) || rest.indexOf('|', i) < 0)
        return -1;
    return at;
}

// Reads the `key: value |` segments of text through a key cache, from `position` on; place()
// gets each metric's column and value.
template<typename Place>
void readSegments(QByteArrayView text, KeyColumnCache &keys, int &position, ParseContext &context, Place place)
{
    for (QByteArrayView segment : LogText::split(text, '|')) {
        QByteArrayView key, value;
        double v;
        if (!splitSegment(segment, key, value))
            continue;
        const int column = keys.column(position++, key, context);
        if (column >= 0 && LogText::toDoubleLenient(value, v))
            place(column, v);
    }
}

qsizetype skipSpaces(QByteArrayView s, qsizetype i)
{
    while (i < s.size() && s[i] == ' ')
        ++i;
    return i;
}

// Reads "  123" (optionally followed by "/ total") at i; returns false without digits.
bool readStep(QByteArrayView s, qsizetype &i, qint64 &step)
{
    i = skipSpaces(s, i);
    qint64 v = 0;
    const qsizetype start = i;
    while (i < s.size() && LogText::isDigit(s[i]) && i - start < 18)
        v = v * 10 + (s[i++] - '0');
    if (i == start)
        return false;
    step = v;
    return true;
}

} // namespace

MegatronFormat::MegatronFormat()
    : m_keys(iterationMetric)
    , m_validationKeys(megatronValidationMetric)
{ }

int MegatronFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    int arguments = 0;
    for (QByteArrayView line : lines) {
        double t;
        QByteArrayView rest = line.sliced(LogText::leadingBracketTime(line, t)).trimmed();
        if (iterationStart(rest) >= 0)
            return 100;
        if (rest.startsWith("validation loss at iteration") || rest.contains("arguments --------"))
            return 60;
        if (rest.contains(" ........") || rest.startsWith("using world size:"))
            ++arguments;
    }
    return arguments >= 3 ? 60 : 0;
}

void MegatronFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    double wallTime = RunMetrics::noWallTime;
    const qsizetype afterTime = LogText::leadingBracketTime(line, wallTime);
    const qsizetype start = skipSpaces(line, afterTime);
    const QByteArrayView rest = line.sliced(start);
    if (LogText::startsWith(rest, "iteration ")) {
        parseIteration(rest, {}, wallTime, context);
        return;
    }
    if (const qsizetype at = iterationStart(rest); at > 0) {
        parseIteration(rest.sliced(at), rest.first(at), wallTime, context);
        return;
    }
    if (LogText::startsWith(rest, "validation loss at")) {
        parseValidation(rest, context);
        return;
    }
    // "[Rank 0] (after 10 iterations) memory (MB) | allocated: ... | max allocated: ..."
    const qsizetype memory = rest.indexOf(" memory (MB) |");
    if (memory >= 0 && rest.indexOf("(after ") >= 0) {
        parseMemoryReport(rest, context);
        return;
    }
    parseArgument(rest, context);
}

// An iteration line is always a new point (Placement::NewPoint) and reads nothing from earlier
// lines but seq_length/world_size, which ChunkedParser hands to every piece and checks.
bool MegatronFormat::startsIndependentPoint(QByteArrayView line) const
{
    double wallTime;
    const qsizetype start = skipSpaces(line, LogText::leadingBracketTime(line, wallTime));
    return iterationStart(line.sliced(start)) == 0;
}

MegatronFormat::Role MegatronFormat::addRoles(int column, ParseContext &context)
{
    const size_t old = m_roles.size();
    m_roles.resize(size_t(column) + 1);
    for (size_t c = old; c < m_roles.size(); ++c) {
        const QString name = context.columnName(int(c));
        m_roles[c] = name == MetricNames::globalBatchSize   ? Role::GlobalBatchSize
            : name == MetricNames::elapsedMs                ? Role::ElapsedMs
            : name == MetricNames::tokensPerSecond          ? Role::Tokens
            : name == MetricNames::tokensPerSecondPerDevice ? Role::TokensPerDevice
                                                            : Role::Other;
    }
    return m_roles[size_t(column)];
}

void MegatronFormat::parseIteration(QByteArrayView rest, QByteArrayView leading, double wallTime, ParseContext &context)
{
    qsizetype i = 10;
    qint64 step = 0;
    if (!readStep(rest, i, step)) {
        context.skip(QStringLiteral("iteration line without an iteration number"));
        return;
    }
    // Skip "/ total" and the first '|'.
    const qsizetype bar = rest.indexOf('|', i);
    if (bar < 0) {
        context.skip(QStringLiteral("iteration line without '|' segments"));
        return;
    }
    const char *p = rest.data() + bar + 1;
    const char *end = rest.data() + rest.size();
    int position = 0;
    bool hasTokens = false;
    bool hasTokensPerDevice = false;
    bool reported = false;
    double gbs = std::nan(""), elapsedMs = std::nan(""), tokens = std::nan("");
    // What the tokens/s derivation needs from a value of the line.
    auto note = [&](int column, double v) {
        switch (roleOf(column, context)) {
        case Role::GlobalBatchSize: gbs = v; break;
        case Role::ElapsedMs: elapsedMs = v; break;
        case Role::Tokens:
            hasTokens = true;
            tokens = v;
            break;
        case Role::TokensPerDevice: hasTokensPerDevice = true; break;
        case Role::Other: break;
        }
    };
    auto place = [&](int column, double v) {
        context.add(column, v);
        note(column, v);
    };
    // Segments before "iteration" (gpt-neox) read like the others; their keys take the first
    // positions of the key cache.
    readSegments(leading, m_keys, position, context, place);
    while (p < end) {
        // Fast path, taken for nearly every segment of a long log: the same key as on the last
        // line, a plain number, then '|'. Anything else goes the general way below, which reads
        // exactly the same from such a segment.
        {
            const char *q = p;
            while (q < end && *q == ' ')
                ++q;
            int column;
            if (m_keys.matchAt(position, q, end, column) && column >= 0) {
                while (q < end && *q == ' ')
                    ++q;
                const bool negative = q < end && *q == '-';
                if (q < end && (*q == '-' || *q == '+'))
                    ++q;
                quint64 digits;
                int exponent;
                const char *after = LogText::readDecimal(q, end, digits, exponent);
                while (after && after < end && *after == ' ')
                    ++after;
                if (after && after < end && *after == '|') {
                    ++position;
                    // The digits are the value's code: stored as they are, converted only for
                    // the few columns the tokens/s derivation reads ("-0" has no code: digits of
                    // 0 are +0).
                    const quint32 code = negative && digits == 0
                        ? MetricColumn::noCode
                        : MetricColumn::codeOfDecimal(negative ? -qint64(digits) : qint64(digits), -exponent);
                    if (code != MetricColumn::noCode)
                        context.addCode(column, code);
                    if (code == MetricColumn::noCode || roleOf(column, context) != Role::Other) {
                        const double magnitude = LogText::decimalValue(digits, exponent);
                        const double v = negative ? -magnitude : magnitude;
                        if (code == MetricColumn::noCode)
                            context.add(column, v);
                        note(column, v);
                    }
                    p = after + 1;
                    continue;
                }
            }
        }
        const char *next = static_cast<const char *>(std::memchr(p, '|', size_t(end - p)));
        // A segment without its closing '|' is the tail of a line cut short by a crash or by
        // a reader that caught the writer mid-line: its value may be cut too.
        if (!next && context.lineIsUnterminated())
            break;
        const QByteArrayView segment(p, (next ? next : end) - p);
        p = next ? next + 1 : end;
        QByteArrayView key, value;
        if (!splitSegment(segment, key, value))
            continue;
        const int column = m_keys.column(position++, key, context);
        if (column < 0)
            continue;
        double v;
        if (!LogText::toDoubleLenient(value, v)) {
            context.skip(QStringLiteral("'%1' is not a number: '%2' (the line's other values are kept)")
                             .arg(QString::fromUtf8(key), LogText::displayText(value.trimmed(), 40)));
            reported = true;
            continue;
        }
        place(column, v);
    }
    if (!context.hasPending()) {
        if (reported)
            return;
        context.skip(QStringLiteral("iteration %1 has no readable 'key: value' segment").arg(step));
        return;
    }
    const qint64 seqLength = context.sequenceLength();
    if (!hasTokens && seqLength > 0 && std::isfinite(gbs) && elapsedMs > 0) {
        tokens = gbs * double(seqLength) / (elapsedMs / 1000.0);
        if (m_tokensColumn < 0)
            m_tokensColumn = context.column(MetricNames::tokensPerSecond);
        context.add(m_tokensColumn, tokens);
        hasTokens = true;
    }
    const qint64 worldSize = context.worldSize();
    if (hasTokens && !hasTokensPerDevice && worldSize > 0) {
        if (m_tokensPerDeviceColumn < 0)
            m_tokensPerDeviceColumn = context.column(MetricNames::tokensPerSecondPerDevice);
        context.add(m_tokensPerDeviceColumn, tokens / double(worldSize));
    }
    context.commit(step, wallTime, ParseContext::Placement::NewPoint);
}

void MegatronFormat::parseValidation(QByteArrayView rest, ParseContext &context)
{
    // " validation loss at iteration 100 | lm loss value: 2.3E+00 | lm loss PPL: 9.9E+00 |"
    // or "validation loss at the end of training for val data | ..."
    qint64 step = 0;
    qsizetype i = rest.indexOf("iteration");
    const bool hasStep = i >= 0 && (i += 9, readStep(rest, i, step));
    const qsizetype bar = rest.indexOf('|');
    if (bar < 0)
        return;
    int position = 0;
    readSegments(rest.sliced(bar + 1), m_validationKeys, position, context,
                 [&context](int column, double v) { context.add(column, v); });
    if (hasStep)
        context.commit(step, RunMetrics::noWallTime, ParseContext::Placement::SameStep);
    else
        context.commitWithoutStep();
}

void MegatronFormat::parseMemoryReport(QByteArrayView rest, ParseContext &context)
{
    // Megatron reports MB; the canonical column is GB of the peak ("max allocated").
    qsizetype i = rest.indexOf("(after ") + 7;
    qint64 step = 0;
    if (!readStep(rest, i, step))
        return;
    for (QByteArrayView segment : LogText::split(rest.sliced(rest.indexOf('|') + 1), '|')) {
        QByteArrayView key, value;
        double mb;
        if (splitSegment(segment, key, value) && key == "max allocated" && LogText::toDouble(value, mb)) {
            if (m_memoryColumn < 0)
                m_memoryColumn = context.column(MetricNames::memoryGb);
            context.add(m_memoryColumn, mb / 1024.0);
        }
    }
    context.commit(step, RunMetrics::noWallTime, ParseContext::Placement::SameStep);
}

bool MegatronFormat::parseArgument(QByteArrayView rest, ParseContext &context)
{
    // "  seq_length ...................................... 4096"
    const qsizetype dots = rest.indexOf(" ...");
    if (dots > 0) {
        const QByteArrayView key = rest.first(dots).trimmed();
        qsizetype v = dots + 1;
        while (v < rest.size() && rest[v] == '.')
            ++v;
        const QByteArrayView value = rest.sliced(v).trimmed();
        if (key.isEmpty() || key.contains(' ') || value.isEmpty())
            return false;
        qint64 n;
        const QString k = QString::fromUtf8(key);
        if (LogText::toInt64(value, n))
            context.setMeta(k, n);
        else
            context.setMeta(k, QString::fromUtf8(value));
        return true;
    }
    // "using world size: 8, data-parallel size: 4, ..." (older Megatron prints no argument dump)
    if (rest.startsWith("using world size:")) {
        qsizetype i = 17;
        qint64 n;
        if (readStep(rest, i, n))
            context.setMeta(QStringLiteral("world_size"), n);
        return true;
    }
    return false;
}

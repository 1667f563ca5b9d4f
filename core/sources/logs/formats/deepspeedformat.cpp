// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "deepspeedformat.h"

#include "core/sources/logs/logtext.h"
#include "core/sources/logs/parsecontext.h"
#include "core/base/model/metricnames.h"

#include <cctype>
#include <cmath>

namespace {

// "fwd_microstep" and the pre-2023 "forward_microstep" are the same timer.
QString timerMetric(QByteArrayView key)
{
    QString k = QString::fromUtf8(key.trimmed());
    if (k.startsWith(QLatin1String("forward")))
        k.replace(0, 7, QStringLiteral("fwd"));
    else if (k.startsWith(QLatin1String("backward")))
        k.replace(0, 8, QStringLiteral("bwd"));
    return QStringLiteral("time_") + MetricNames::normalise(k) + QStringLiteral("_ms");
}

// Value of `name=` up to the next ',' (or the matching ']' for a list), or an empty view.
QByteArrayView field(QByteArrayView text, QByteArrayView name)
{
    qsizetype at = 0;
    for (;;) {
        at = text.indexOf(name, at);
        if (at < 0)
            return {};
        // Whole key only: "step=" must not match inside "global_step=".
        if (at == 0 || !(std::isalnum(uchar(text[at - 1])) || text[at - 1] == '_'))
            break;
        at += name.size();
    }
    const qsizetype start = at + name.size();
    qsizetype end = start;
    if (end < text.size() && text[end] == '[') {
        end = text.indexOf(']', start);
        return end < 0 ? QByteArrayView() : text.sliced(start, end + 1 - start);
    }
    while (end < text.size() && text[end] != ',' && text[end] != '/' && text[end] != ' ')
        ++end;
    return text.sliced(start, end - start);
}

// "[2023-11-07 01:55:23,711] [INFO] [logging.py:96:log_dist] [Rank 0] " → the text after it.
QByteArrayView message(QByteArrayView line, double &wallTime)
{
    wallTime = RunMetrics::noWallTime;
    qsizetype i = LogText::leadingBracketTime(line, wallTime);
    for (;;) {
        while (i < line.size() && line[i] == ' ')
            ++i;
        if (i >= line.size() || line[i] != '[')
            break;
        const qsizetype close = line.indexOf(']', i);
        if (close < 0)
            break;
        i = close + 1;
    }
    return line.sliced(i);
}

bool readNumber(QByteArrayView text, double &v)
{
    return LogText::toDoubleLenient(text, v);
}

} // namespace

DeepSpeedFormat::DeepSpeedFormat()
    : m_timerKeys(timerMetric)
    , m_pendingLossScale(std::nan(""))
{ }

int DeepSpeedFormat::detect(const QList<QByteArrayView> &lines, const QString &sourceName) const
{
    Q_UNUSED(sourceName)
    int score = 0;
    for (QByteArrayView line : lines) {
        if (line.contains("step=") && line.contains(", skipped=") && line.contains("lr=["))
            return 100;
        if (line.contains("RunningAvgSamplesPerSec=") || line.contains("SamplesPerSec="))
            return 100;
        if (line.contains("time (ms) | "))
            score = qMax(score, 80);
        if (line.startsWith("steps: ") && line.contains(" loss: ") && line.contains("iter time (s):"))
            score = qMax(score, 90);
        if (line.contains("[deepspeed]") || line.contains(":log_dist]"))
            score = qMax(score, 30);
    }
    return score;
}

void DeepSpeedFormat::parseLine(QByteArrayView line, ParseContext &context)
{
    double wallTime;
    const QByteArrayView text = message(line, wallTime);
    if (text.startsWith("step=")) {
        parseProgress(text, wallTime, context);
    } else if (text.contains("SamplesPerSec=")) {
        parseThroughput(text, wallTime, context);
    } else if (const qsizetype t = text.indexOf("time (ms) |"); t >= 0) {
        parseBreakdown(text.sliced(t + 11), context);
    } else if (text.startsWith("steps: ")) {
        parsePipe(text, wallTime, context);
    } else if (const qsizetype r = text.indexOf("reducing to"); r >= 0 && text.contains("loss scale")) {
        // The overflow notice comes before the step line of the step it skipped.
        double scale;
        if (readNumber(text.sliced(r + 11), scale))
            m_pendingLossScale = scale;
    }
}

void DeepSpeedFormat::parseProgress(QByteArrayView text, double wallTime, ParseContext &context)
{
    qint64 step;
    if (!LogText::toInt64(field(text, "step="), step)) {
        context.skip(QStringLiteral("DeepSpeed progress line without a readable step"));
        return;
    }
    double v;
    if (readNumber(field(text, "skipped="), v))
        context.add(MetricNames::skippedIterations, v);
    // lr=[a, b]: one value per parameter group; the first is the model's learning rate.
    QByteArrayView lr = field(text, "lr=");
    if (lr.size() > 2) {
        lr = lr.sliced(1, lr.size() - 2);
        const qsizetype comma = lr.indexOf(',');
        if (readNumber(comma < 0 ? lr : lr.first(comma), v))
            context.add(MetricNames::learningRate, v);
    }
    if (!std::isnan(m_pendingLossScale)) {
        context.add(MetricNames::lossScale, m_pendingLossScale);
        m_pendingLossScale = std::nan("");
    }
    context.commit(step, wallTime, ParseContext::Placement::SameStep);
}

void DeepSpeedFormat::parseThroughput(QByteArrayView text, double wallTime, ParseContext &context)
{
    double v;
    if (readNumber(field(text, "CurrSamplesPerSec="), v))
        context.add(MetricNames::samplesPerSecond, v);
    if (readNumber(field(text, "RunningAvgSamplesPerSec="), v))
        context.add(QStringLiteral("samples_per_s_running_avg"), v);
    if (readNumber(field(text, "MaxMemAllocated="), v))
        context.add(MetricNames::memoryGb, v);
    if (readNumber(field(text, "MemAllocated="), v))
        context.add(QStringLiteral("memory_allocated_gb"), v);
    if (readNumber(field(text, "epoch="), v))
        context.add(MetricNames::epoch, v);
    qint64 step;
    if (LogText::toInt64(field(text, "global_step="), step)) {
        context.commit(step, wallTime, ParseContext::Placement::SameStep);
        return;
    }
    // Old form "0/2000, SamplesPerSec=9.13": epoch/step.
    if (readNumber(field(text, "SamplesPerSec="), v))
        context.add(MetricNames::samplesPerSecond, v);
    const qsizetype slash = text.indexOf('/');
    const qsizetype comma = text.indexOf(',');
    qint64 epoch;
    if (slash > 0 && comma > slash && LogText::toInt64(text.first(slash), epoch)
        && LogText::toInt64(text.sliced(slash + 1, comma - slash - 1), step)) {
        context.add(MetricNames::epoch, double(epoch));
        context.commit(step, wallTime, ParseContext::Placement::SameStep);
        return;
    }
    context.commitWithoutStep(wallTime);
}

void DeepSpeedFormat::parseBreakdown(QByteArrayView text, ParseContext &context)
{
    int position = 0;
    for (QByteArrayView segment : LogText::split(text, '|')) {
        const qsizetype colon = segment.lastIndexOf(':');
        double v;
        if (colon <= 0 || !readNumber(segment.sliced(colon + 1), v))
            continue;
        const int column = m_timerKeys.column(position++, segment.first(colon), context);
        if (column >= 0)
            context.add(column, v);
    }
    // Timers carry no step: they belong to the step logged last.
    context.commitWithoutStep();
}

void DeepSpeedFormat::parsePipe(QByteArrayView text, double wallTime, ParseContext &context)
{
    // "steps: 10 loss: 7.8123 iter time (s): 1.532 samples/sec: 167.102"
    auto after = [&](QByteArrayView key, double &v) {
        const qsizetype at = text.indexOf(key);
        if (at < 0)
            return false;
        QByteArrayView rest = text.sliced(at + key.size()).trimmed();
        const qsizetype space = rest.indexOf(' ');
        return readNumber(space < 0 ? rest : rest.first(space), v);
    };
    double stepValue, v;
    qint64 step;
    if (!after("steps:", stepValue)) {
        context.skip(QStringLiteral("pipeline step line without a readable step"));
        return;
    }
    if (!LogText::wholeStep(stepValue, step)) {
        context.skip(QStringLiteral("pipeline step line whose step is not a whole number within ±2^53"));
        return;
    }
    if (after(" loss:", v))
        context.add(MetricNames::loss, v);
    if (after("iter time (s):", v))
        context.add(MetricNames::elapsedMs, v * 1000.0);
    if (after("samples/sec:", v))
        context.add(MetricNames::samplesPerSecond, v);
    context.commit(step, wallTime, ParseContext::Placement::SameStep);
}

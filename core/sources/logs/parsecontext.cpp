// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parsecontext.h"

#include "core/base/io/inputfile.h"
#include "core/sources/logs/logtext.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/steplimits.h"

#include <cmath>
#include <cstring>

ParseContext::ParseContext(const ParseOptions &options)
    : m_options(options)
{ }

namespace {
// The same value logged twice for a step (HF logs "epoch" in both the training and the
// evaluation entry) is no conflict; NaN equals NaN here.
bool sameValue(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0 || a == b;
}
}

double ParseContext::lastValue(int column) const
{
    const int last = m_run.pointCount() - 1;
    if (last >= 0) {
        const double existing = m_run.columnAt(column)[size_t(last)];
        if (!RunMetrics::isMissing(existing))
            return existing;
    }
    // The last point was handed over earlier (and maybe re-opened as this chunk's first point).
    if (last < 0 || (last == 0 && m_run.firstPointContinues)) {
        for (const auto &[takenColumn, takenValue] : m_takenLast) {
            if (takenColumn == column)
                return takenValue;
        }
    }
    return RunMetrics::missing();
}

bool ParseContext::conflictsWithLast() const
{
    for (const auto &[column, value] : m_pending) {
        const double existing = lastValue(column);
        if (!RunMetrics::isMissing(existing) && !sameValue(existing, value))
            return true;
    }
    return false;
}

bool ParseContext::repeatsLast() const
{
    // Only a whole metric record (one with a loss) repeated is suspicious; a partial one (an
    // epoch after a dict whose loss was unreadable) completes the point before it.
    bool hasLoss = false;
    for (const auto &[column, value] : m_pending)
        hasLoss = hasLoss || m_run.metricNames().at(column).contains(QLatin1String("loss"));
    if (!hasLoss)
        return false;
    for (const auto &[column, value] : m_pending) {
        const double existing = lastValue(column);
        if (RunMetrics::isMissing(existing) || !sameValue(existing, value))
            return false;
    }
    return true;
}

bool ParseContext::carriesEvaluation() const
{
    for (const auto &[column, value] : m_pending) {
        const QString &name = m_run.metricNames().at(column);
        if (name.startsWith(QLatin1String("eval")) || name.startsWith(QLatin1String("val_"))
            || name.startsWith(QLatin1String("val/")))
            return true;
    }
    return false;
}

bool ParseContext::isSecondWriterRecord(qint64 step, double wallTime) const
{
    // Two processes appending to one log (LLaMA-Factory's trainer_log.jsonl written by two
    // ranks): each step twice, the copies' losses equal or a digit apart, the order drifting, each
    // writer's time going on. A restart goes back further, or its time starts again; a second
    // run appended to the file has another schedule (learning rate, epoch).
    constexpr int kRecentPoints = 16; // the writers drift apart by a few records
    if (!m_hasLast || step > m_lastStep || !carriesTrainingLoss())
        return false;
    const int n = m_run.pointCount();
    int match = -1;
    for (int p = n - 1; p >= 0 && p >= n - kRecentPoints && match < 0; --p) {
        if (m_run.step(p) == step)
            match = p;
    }
    if (match < 0)
        return false;
    // The two writers stamp the same step a second or so apart, either one first; a restart's
    // clock starts again, far back.
    constexpr double kJitterSeconds = 60;
    bool timeGoesOn = false;
    if (const int elapsed = m_run.columnIndex(QStringLiteral("elapsed_s")); elapsed >= 0) {
        const double then = m_run.columnAt(elapsed)[size_t(match)];
        for (const auto &[column, value] : m_pending) {
            if (column == elapsed && !RunMetrics::isMissing(then))
                timeGoesOn = value >= then - kJitterSeconds;
        }
    } else if (!std::isnan(wallTime) && !std::isnan(m_run.wallTime(match))) {
        timeGoesOn = wallTime >= m_run.wallTime(match) - kJitterSeconds;
    }
    if (!timeGoesOn)
        return false;
    if (m_notes.interleavedRecords > 0)
        return true; // once a second writer is seen, its equal copies are its records too
    // The first one must be a copy of the record it repeats with the loss a digit off: equal
    // copies are another rank's (collapsed), other values are another run's.
    bool lossDiffers = false;
    for (const auto &[column, value] : m_pending) {
        const double then = m_run.columnAt(column)[size_t(match)];
        if (RunMetrics::isMissing(then) || sameValue(then, value))
            continue;
        const QString &name = m_run.metricNames().at(column);
        if (name == MetricNames::loss || name == MetricNames::lmLoss) {
            if (std::abs(value - then) > 0.01 * std::abs(then))
                return false;
            lossDiffers = true;
        } else if (!name.contains(QLatin1String("time")) && !name.startsWith(QLatin1String("elapsed"))) {
            return false;
        }
    }
    return lossDiffers;
}

bool ParseContext::carriesTrainingLoss() const
{
    for (const auto &[column, value] : m_pending) {
        const QString &name = m_run.metricNames().at(column);
        if (name == MetricNames::loss || name == MetricNames::lmLoss)
            return true;
    }
    return false;
}

bool ParseContext::duplicatesLast() const
{
    int losses = 0, equalLosses = 0, shared = 0, equal = 0;
    for (const auto &[column, value] : m_pending) {
        const double existing = lastValue(column);
        if (RunMetrics::isMissing(existing))
            continue;
        ++shared;
        const bool same = sameValue(existing, value);
        equal += same;
        if (m_run.metricNames().at(column).contains(QLatin1String("loss"))) {
            ++losses;
            equalLosses += same;
        }
    }
    if (losses > 0)
        return equalLosses == losses;
    return shared > 0 && equal * 2 >= shared;
}

void ParseContext::commitSecondary(qint64 step, Placement placement)
{
    const bool hasStep
        = placement == Placement::SameStep || placement == Placement::NewPoint || placement == Placement::Redraw;
    if (hasStep && (!m_hasLast || step > m_lastStep)) {
        // Ahead of the main format: kept for the point it prints next (DeepSpeed prints its
        // step line before gpt-neox prints the iteration's).
        if (m_secondaryStep != step)
            m_secondaryValues.clear();
        m_secondaryStep = step;
        for (const auto &columnValue : m_pending)
            m_secondaryValues.push_back(columnValue);
    } else if (!hasStep && m_secondaryStep >= 0) {
        for (const auto &columnValue : m_pending)
            m_secondaryValues.push_back(columnValue);
    } else if (m_hasLast && (!hasStep || step == m_lastStep) && m_run.pointCount() > 0 && !conflictsWithLast()) {
        const int point = m_run.pointCount() - 1;
        for (const auto &[column, value] : m_pending)
            m_run.setValueAt(point, column, value);
    } else {
        ++m_notes.droppedSecondary;
    }
    m_pending.clear();
}

void ParseContext::commit(qint64 step, double wallTime, Placement placement)
{
    if (m_lineOverNameLimit) {
        m_lineOverNameLimit = false;
        m_pending.clear();
        if (m_notes.overNameLimit++ == 0)
            m_notes.firstOverNameLimitLine = m_lineNumber;
        skip(QStringLiteral("a metric name over the limit of %1 names per run (see docs/limits.md)")
                 .arg(RunMetrics::maxMetricNames));
        return;
    }
    if (m_pending.empty())
        return;
    if (m_secondary) {
        commitSecondary(step, placement);
        return;
    }
    if (std::isnan(wallTime))
        wallTime = m_lineTime;
    // A step the second format printed for the point the main format prints now without one.
    const bool stepless = placement == Placement::NextStep || placement == Placement::LastPoint;
    if (m_secondaryStep >= 0 && m_hasLast && m_secondaryStep <= m_lastStep) {
        m_secondaryStep = -1;
        m_secondaryValues.clear();
    }
    if (stepless && m_secondaryStep >= 0
        && (placement == Placement::NextStep || repeatsLast() || conflictsWithLast())) {
        step = m_secondaryStep;
        placement = Placement::SameStep;
    }
    if (m_firstPlacement == FirstPlacement::None)
        m_firstPlacement = placement == Placement::NewPoint ? FirstPlacement::Independent : FirstPlacement::Dependent;
    bool merge = false;
    bool mergeMissing = false;
    const bool echo = placement != Placement::Redraw && !stepless && isSecondWriterRecord(step, wallTime);
    if (echo && m_notes.interleavedRecords++ == 0)
        m_notes.firstInterleavedLine = m_lineNumber;
    if (echo) {
        // kept as a point of its own, in file order
    } else if (placement == Placement::NextStep) {
        step = m_hasLast ? m_lastStep + 1 : 1;
        ++m_notes.countedSteps;
    } else if (placement == Placement::LastPoint) {
        if (m_hasLast) {
            // The same record again is kept as its own point: two steps may log equal values.
            const bool repeated = repeatsLast();
            merge = !repeated && !conflictsWithLast();
            if (repeated && m_notes.repeatedRecords++ == 0)
                m_notes.firstRepeatedLine = m_lineNumber;
            step = merge ? m_lastStep : m_lastStep + 1;
        } else {
            step = 1;
        }
        if (!merge)
            ++m_notes.countedSteps;
    } else if (m_hasLast && step == m_lastStep) {
        // A step printed again: a validation or epoch row adding values, a progress bar
        // redrawn, or another rank's copy of the line. Only a step that goes back is a restart.
        if (placement == Placement::Redraw) {
            merge = true; // the later frame's values replace the earlier ones
        } else if (!conflictsWithLast()) {
            merge = true;
        } else if (!carriesTrainingLoss() && carriesEvaluation()) {
            // An evaluation record of the step (HF's eval dict, torchtitan's "validate step"):
            // it completes the point; its own epoch, memory or timing do not replace the
            // training record's.
            mergeMissing = true;
            merge = true;
        } else if (duplicatesLast()) {
            if (m_notes.duplicateRecords++ == 0)
                m_notes.firstDuplicateLine = m_lineNumber;
            m_pending.clear();
            return;
        }
    }
    if (step > StepLimits::maxStep || step < -StepLimits::maxStep) {
        m_pending.clear();
        skip(QStringLiteral("step out of range (steps up to ±10^15 are read; see docs/limits.md)"));
        return;
    }
    int point;
    if (merge && m_run.pointCount() > 0) {
        point = m_run.pointCount() - 1;
    } else {
        if (merge) {
            // The previous point already went out in an earlier chunk: reopen it here and let
            // RunMetrics::append fold it back in.
            m_run.firstPointContinues = true;
        }
        point = m_run.appendPoint(step, merge ? RunMetrics::noWallTime : wallTime, echo);
        if (!merge)
            m_takenLast.clear();
    }
    for (size_t i = 0; i < m_pending.size(); ++i) {
        const PendingValue &pending = m_pending.entries()[i];
        if (mergeMissing && !RunMetrics::isMissing(lastValue(pending.column)))
            continue;
        if (pending.code != MetricColumn::noCode)
            m_run.setCodeAt(point, pending.column, pending.code);
        else
            m_run.setValueAt(point, pending.column, pending.number);
    }
    m_pending.clear();
    m_hasLast = true;
    m_lastStep = step;
    if (m_secondaryStep == step) {
        // The main format's values stand where both formats give one.
        for (const auto &[column, value] : m_secondaryValues) {
            if (RunMetrics::isMissing(m_run.columnAt(column)[size_t(point)]))
                m_run.setValueAt(point, column, value);
        }
        m_secondaryStep = -1;
        m_secondaryValues.clear();
    }
}

void ParseContext::Notes::add(const Notes &later, qint64 lineOffset)
{
    if (duplicateRecords == 0 && later.duplicateRecords > 0)
        firstDuplicateLine = later.firstDuplicateLine + lineOffset;
    if (repeatedRecords == 0 && later.repeatedRecords > 0)
        firstRepeatedLine = later.firstRepeatedLine + lineOffset;
    if (interleavedRecords == 0 && later.interleavedRecords > 0)
        firstInterleavedLine = later.firstInterleavedLine + lineOffset;
    interleavedRecords += later.interleavedRecords;
    duplicateRecords += later.duplicateRecords;
    droppedSecondary += later.droppedSecondary;
    repeatedRecords += later.repeatedRecords;
    countedSteps += later.countedSteps;
    if (longLines == 0 && later.longLines > 0) {
        firstLongLine = later.firstLongLine + lineOffset;
        firstLongLineBytes = later.firstLongLineBytes;
        lineLimit = later.lineLimit;
    }
    longLines += later.longLines;
    if (overNameLimit == 0 && later.overNameLimit > 0)
        firstOverNameLimitLine = later.firstOverNameLimitLine + lineOffset;
    overNameLimit += later.overNameLimit;
}

QString ParseContext::Notes::longLineSentence() const
{
    if (longLines == 0)
        return {};
    return QStringLiteral("%1 %2 longer than the %3 line limit (first: line %4, %5 bytes); %6 was read")
        .arg(longLines)
        .arg(longLines == 1 ? QStringLiteral("line is") : QStringLiteral("lines are"))
        .arg(InputFile::formatLimit(lineLimit))
        .arg(firstLongLine)
        .arg(firstLongLineBytes)
        .arg(longLines == 1 ? QString(QStringLiteral("only its first ") + InputFile::formatLimit(lineLimit))
                            : QString(QStringLiteral("only the first ") + InputFile::formatLimit(lineLimit)
                                      + QStringLiteral(" of each")));
}

void ParseContext::reportLongLine(qint64 lineNumber, qint64 bytes, qint64 limit)
{
    if (m_notes.longLines++ == 0) {
        m_notes.firstLongLine = lineNumber;
        m_notes.firstLongLineBytes = bytes;
        m_notes.lineLimit = limit;
    }
}

QStringList ParseContext::Notes::sentences() const
{
    QStringList w;
    if (longLines > 0)
        w << longLineSentence();
    if (duplicateRecords > 0)
        w << QStringLiteral(
                 "%1 repeated records of a step already read (another rank's or node's copy; first at line %2) "
                 "were collapsed into that step's point")
                 .arg(duplicateRecords)
                 .arg(firstDuplicateLine);
    if (interleavedRecords > 0)
        w << QStringLiteral("two writers interleaved in this log: %1 records repeat a step just logged with time going "
                            "on (first at line %2), as when two processes write the same file; all are kept in file "
                            "order, not counted as restarts — check that one process writes it")
                 .arg(interleavedRecords)
                 .arg(firstInterleavedLine);
    if (repeatedRecords > 0)
        w << QStringLiteral("%1 records without a step repeat the record before them exactly (first at line %2); kept "
                            "as separate points, but they may be duplicates")
                 .arg(repeatedRecords)
                 .arg(firstRepeatedLine);
    if (droppedSecondary > 0)
        w << QStringLiteral(
                 "%1 lines of the log's second format were left out: no point of the main format at their step, "
                 "or another value for a metric that point has")
                 .arg(droppedSecondary);
    if (overNameLimit > 0)
        w << QStringLiteral("%1 %2 skipped: %3 a metric name beyond the limit of %4 names per run (first: line %5)")
                 .arg(overNameLimit)
                 .arg(overNameLimit == 1 ? QStringLiteral("line was") : QStringLiteral("lines were"))
                 .arg(overNameLimit == 1 ? QStringLiteral("it adds") : QStringLiteral("each adds"))
                 .arg(RunMetrics::maxMetricNames)
                 .arg(firstOverNameLimitLine);
    return w;
}

void ParseContext::reportUnread(const QString &what)
{
    ++m_unreadCount;
    if (m_firstUnread.size() < maxReportedSkips)
        m_firstUnread.append({m_lineNumber, what, LogText::displayText(m_lineText)});
}

void ParseContext::setMeta(const QString &key, const QVariant &value)
{
    m_lineRead = true;
    m_meta.insert(key, value);
    // Formats ask for these on every line; keep them out of the map lookups.
    if (key == QLatin1String("seq_length"))
        m_logSeqLength = value.toLongLong();
    else if (key == QLatin1String("world_size"))
        m_logWorldSize = value.toLongLong();
}

void ParseContext::skip(const QString &reason)
{
    m_lineRead = true;
    ++m_skippedCount;
    if (m_firstSkipped.size() < maxReportedSkips)
        m_firstSkipped.append({m_lineNumber, reason, LogText::displayText(m_lineText)});
}

void ParseContext::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
}

RunMetrics ParseContext::takeChunk()
{
    RunMetrics chunk;
    const int last = m_run.pointCount() - 1;
    if (last >= 0) {
        // Remember what the last point holds so a later line can still complete it.
        std::vector<std::pair<int, double>> values;
        if (last == 0 && m_run.firstPointContinues)
            values = m_takenLast;
        for (int c = 0; c < m_run.columnCount(); ++c) {
            const double v = m_run.columnAt(c)[size_t(last)];
            if (!RunMetrics::isMissing(v))
                values.emplace_back(c, v);
        }
        m_takenLast = std::move(values);
    }
    // Keep the column layout so column indexes handed to formats stay valid.
    for (const QString &name : m_run.metricNames())
        chunk.ensureColumn(name);
    std::swap(chunk, m_run);
    chunk.meta = m_meta;
    return chunk;
}

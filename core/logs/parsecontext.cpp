#include "parsecontext.h"

#include "logs/logtext.h"
#include "model/steplimits.h"

#include <cstring>

ParseContext::ParseContext(const ParseOptions &options)
    : m_options(options)
{
    m_pending.reserve(64);
}

namespace {
// The same value logged twice for a step (HF logs "epoch" in both the training and the
// evaluation entry) is no conflict; NaN equals NaN here.
bool sameValue(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0 || a == b;
}
}

bool ParseContext::conflictsWithLast() const
{
    const int last = m_run.pointCount() - 1;
    // The last point was handed over earlier (and maybe re-opened as this chunk's first point).
    const bool taken = last < 0 || (last == 0 && m_run.firstPointContinues);
    for (const auto &[column, value] : m_pending) {
        if (last >= 0) {
            const double existing = m_run.columnAt(column)[size_t(last)];
            if (!Run::isMissing(existing) && !sameValue(existing, value))
                return true;
        }
        if (taken) {
            for (const auto &[takenColumn, takenValue] : m_takenLast) {
                if (takenColumn == column && !sameValue(takenValue, value))
                    return true;
            }
        }
    }
    return false;
}

void ParseContext::commit(qint64 step, double wallTime, Placement placement)
{
    if (m_pending.empty())
        return;
    if (m_firstPlacement == FirstPlacement::None)
        m_firstPlacement = placement == Placement::NewPoint ? FirstPlacement::Independent : FirstPlacement::Dependent;
    bool merge = false;
    if (placement == Placement::NextStep) {
        step = m_hasLast ? m_lastStep + 1 : 1;
    } else if (placement != Placement::NewPoint && m_hasLast) {
        merge = (placement == Placement::LastPoint || step == m_lastStep) && !conflictsWithLast();
        if (placement == Placement::LastPoint)
            step = merge ? m_lastStep : m_lastStep + 1;
    } else if (placement == Placement::LastPoint) {
        step = 1;
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
            // Run::append fold it back in.
            m_run.firstPointContinues = true;
        }
        point = m_run.appendPoint(step, merge ? Run::noWallTime : wallTime);
        if (!merge)
            m_takenLast.clear();
    }
    for (const auto &[column, value] : m_pending)
        m_run.setValueAt(point, column, value);
    m_pending.clear();
    m_hasLast = true;
    m_lastStep = step;
}

void ParseContext::setMeta(const QString &key, const QVariant &value)
{
    m_meta.insert(key, value);
    // Formats ask for these on every line; keep them out of the map lookups.
    if (key == QLatin1String("seq_length"))
        m_logSeqLength = value.toLongLong();
    else if (key == QLatin1String("world_size"))
        m_logWorldSize = value.toLongLong();
}

qint64 ParseContext::sequenceLength() const
{
    return m_options.seqLength > 0 ? m_options.seqLength : m_logSeqLength;
}

qint64 ParseContext::worldSize() const
{
    return m_options.worldSize > 0 ? m_options.worldSize : m_logWorldSize;
}

void ParseContext::skip(const QString &reason)
{
    ++m_skippedCount;
    if (m_firstSkipped.size() < maxReportedSkips)
        m_firstSkipped.append({m_lineNumber, reason, LogText::displayText(m_lineText)});
}

void ParseContext::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
}

Run ParseContext::takeChunk()
{
    Run chunk;
    const int last = m_run.pointCount() - 1;
    if (last >= 0) {
        // Remember what the last point holds so a later line can still complete it.
        std::vector<std::pair<int, double>> values;
        if (last == 0 && m_run.firstPointContinues)
            values = m_takenLast;
        for (int c = 0; c < m_run.columnCount(); ++c) {
            const double v = m_run.columnAt(c)[size_t(last)];
            if (!Run::isMissing(v))
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

#pragma once

#include "logs/logreader.h"
#include "model/run.h"

#include <QByteArrayView>
#include <QVariant>

#include <utility>
#include <vector>

/// Where a format puts what it reads: the points of the chunk being built, the run's header
/// facts, skipped-line reports. A format collects one line's values with add() and then places
/// them with one of the commit calls, which decide whether they form a new point or complete the
/// previous one. Column indexes from column() stay valid for the whole parse, across chunks.
class ParseContext
{
public:
    /// Where a line's values go relative to the previous point.
    enum class Placement {
        NewPoint, ///< always a new point (a Megatron iteration line; the same step again is a restart)
        SameStep, ///< into the previous point if it has the same step and lacks these metrics
        LastPoint, ///< the line has no step: into the previous point if it lacks these metrics,
                   ///< else a new point one step further (HF console dicts, timer lines)
        NextStep, ///< the line has no step and is a point of its own: one step after the previous
    };

    explicit ParseContext(const ParseOptions &options);

    const ParseOptions &options() const { return m_options; }

    /// Column of a metric (created on first use).
    int column(const QString &metric) { return m_run.ensureColumn(metric); }
    QString columnName(int column) const { return m_run.metricNames().at(column); }
    /// Adds a value to the line being parsed.
    void add(int column, double value) { m_pending.emplace_back(column, value); }
    void add(const QString &metric, double value) { add(column(metric), value); }
    bool hasPending() const { return !m_pending.empty(); }
    /// Drops the values collected for a line that turned out to be unusable.
    void discardPending() { m_pending.clear(); }

    /// Places the collected values; does nothing when none were collected.
    void commit(qint64 step, double wallTime, Placement placement);
    void commitWithoutStep(double wallTime = Run::noWallTime) { commit(0, wallTime, Placement::LastPoint); }

    /// A fact about the whole run (argument dump, summary line); copied to Run::meta.
    void setMeta(const QString &key, const QVariant &value);
    QVariant meta(const QString &key) const { return m_meta.value(key); }
    /// A positive integer fact, preferring the user's option over the log: seq_length, world_size.
    qint64 sequenceLength() const;
    qint64 worldSize() const;
    /// seq_length / world_size as read from the log so far (0 when not), without the options.
    qint64 logSeqLength() const { return m_logSeqLength; }
    qint64 logWorldSize() const { return m_logWorldSize; }
    /// Starts a parse of a later piece of a log with the facts read before it (ChunkedParser).
    void inheritLogFacts(const ParseContext &earlier)
    {
        m_logSeqLength = earlier.m_logSeqLength;
        m_logWorldSize = earlier.m_logWorldSize;
    }
    /// True when the first values placed went somewhere that depends on earlier lines (into
    /// the previous point, or a step counted from it): such a piece cannot be parsed on its own.
    bool startDependsOnEarlierLines() const { return m_firstPlacement == FirstPlacement::Dependent; }

    /// Reports the current line as skipped (it looked like a metric line but could not be read).
    void skip(const QString &reason);
    /// Stops the parse with an error that names the source (a document that cannot be read).
    void fail(const QString &message);

    // Book-keeping used by IncrementalParser.
    void beginLine(qint64 lineNumber, QByteArrayView text, bool unterminated = false)
    {
        m_lineNumber = lineNumber;
        m_lineText = text;
        m_unterminated = unterminated;
    }
    /// The line is the input's last and had no '\n': its writer may have been cut off mid-line.
    bool lineIsUnterminated() const { return m_unterminated; }
    qint64 lineNumber() const { return m_lineNumber; }
    qint64 skippedCount() const { return m_skippedCount; }
    const QList<SkippedLine> &firstSkipped() const { return m_firstSkipped; }
    const QString &error() const { return m_error; }
    /// The points completed since the last call, with the run's facts.
    Run takeChunk();
    void reserve(int points) { m_run.reserve(points); }
    /// Points in the chunk not yet taken.
    int pendingPoints() const { return m_run.pointCount(); }

    static constexpr int maxReportedSkips = 20;

private:
    bool conflictsWithLast() const;

    enum class FirstPlacement : quint8 { None, Independent, Dependent };
    FirstPlacement m_firstPlacement = FirstPlacement::None;

    ParseOptions m_options;
    Run m_run;
    QVariantMap m_meta;
    qint64 m_logSeqLength = 0;
    qint64 m_logWorldSize = 0;
    std::vector<std::pair<int, double>> m_pending;
    bool m_hasLast = false;
    qint64 m_lastStep = 0;
    /// Values of the last point when it was handed over in an earlier chunk.
    std::vector<std::pair<int, double>> m_takenLast;
    qint64 m_lineNumber = 0;
    QByteArrayView m_lineText;
    bool m_unterminated = false;
    qint64 m_skippedCount = 0;
    QList<SkippedLine> m_firstSkipped;
    QString m_error;
};

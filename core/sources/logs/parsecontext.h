// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

#include <QByteArrayView>
#include <QStringList>
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
        Redraw, ///< a progress bar frame: the same step again replaces the previous frame's values
    };

    explicit ParseContext(const ParseOptions &options);

    const ParseOptions &options() const { return m_options; }

    /// Column of a metric (created on first use); -1 when the run already has RunMetrics::maxMetricNames
    /// metrics: the line being parsed is then skipped at its commit, with a warning.
    /// The user's --metric-map renames apply here, so every format honours them.
    int column(const QString &metric)
    {
        int c;
        if (m_options.metricMap.isEmpty()) {
            c = m_run.ensureColumn(metric);
        } else {
            const QString renamed = m_options.metricMap.rename(metric);
            c = m_run.ensureColumn(renamed.isEmpty() ? metric : MetricNames::canonicalName(renamed));
        }
        if (c < 0)
            m_lineOverNameLimit = true;
        return c;
    }
    QString columnName(int column) const { return m_run.metricNames().at(column); }
    /// Every metric name seen so far, in order.
    QStringList metricNames() const { return m_run.metricNames(); }
    /// Adds a value to the line being parsed (a column of -1, over the name limit, adds none).
    void add(int column, double value)
    {
        m_lineRead = true;
        if (column >= 0)
            m_pending.push(column, MetricColumn::noCode, value);
    }
    /// add() of a value by its MetricColumn::codeOfDecimal() code, from the digits the format
    /// read: stored as it is, the value computed only where a commit compares it.
    void addCode(int column, quint32 code)
    {
        m_lineRead = true;
        if (column >= 0)
            m_pending.push(column, code, 0);
    }
    void add(const QString &metric, double value) { add(column(metric), value); }
    bool hasPending() const { return !m_pending.empty(); }
    /// Drops the values collected for a line that turned out to be unusable.
    void discardPending() { m_pending.clear(); }

    /// Places the collected values; does nothing when none were collected.
    void commit(qint64 step, double wallTime, Placement placement);
    void commitWithoutStep(double wallTime = RunMetrics::noWallTime) { commit(0, wallTime, Placement::LastPoint); }

    /// A fact about the whole run (argument dump, summary line); copied to RunMetrics::meta.
    void setMeta(const QString &key, const QVariant &value);
    QVariant meta(const QString &key) const { return m_meta.value(key); }
    /// A positive integer fact, preferring the user's option over the log: seq_length, world_size.
    qint64 sequenceLength() const { return m_options.seqLength > 0 ? m_options.seqLength : m_logSeqLength; }
    qint64 worldSize() const { return m_options.worldSize > 0 ? m_options.worldSize : m_logWorldSize; }
    /// seq_length / world_size as read from the log so far (0 when not), without the options.
    qint64 logSeqLength() const { return m_logSeqLength; }
    qint64 logWorldSize() const { return m_logWorldSize; }
    /// Starts a parse of a later piece of a log with the facts read before it (ChunkedParser).
    void inheritLogFacts(const ParseContext &earlier)
    {
        m_logSeqLength = earlier.m_logSeqLength;
        m_logWorldSize = earlier.m_logWorldSize;
        // The metric names too: the limit on their number counts those of the earlier lines.
        for (const QString &name : earlier.m_run.metricNames())
            m_run.ensureColumn(name);
    }
    /// True when the first values placed went somewhere that depends on earlier lines (into
    /// the previous point, or a step counted from it): such a piece cannot be parsed on its own.
    bool startDependsOnEarlierLines() const { return m_firstPlacement == FirstPlacement::Dependent; }

    /// While set, commits come from a mixed log's second format (LogFormat lines the main format
    /// did not read): their values join the main format's point of the same step (the next one
    /// when the second format is ahead; then its step also replaces a counted one), never make
    /// points of their own.
    void setSecondary(bool secondary) { m_secondary = secondary; }

    /// Reports the current line as skipped (it looked like a metric line but could not be read).
    void skip(const QString &reason);
    /// Stops the parse with an error that names the source (a document that cannot be read).
    void fail(const QString &message);

    // Book-keeping used by IncrementalParser.
    void beginLine(qint64 lineNumber, QByteArrayView text, bool unterminated = false,
                   double prefixTime = RunMetrics::noWallTime)
    {
        m_lineNumber = lineNumber;
        m_lineText = text;
        m_unterminated = unterminated;
        m_lineTime = prefixTime;
        m_lineRead = false;
        m_lineOverNameLimit = false;
    }
    /// The line was used (a value, a fact, a skip report, or a format's own state).
    void markRead() { m_lineRead = true; }
    bool lineWasRead() const { return m_lineRead; }
    /// Line `lineNumber` was `bytes` long, over `limit`: only its first `limit` bytes were read.
    void reportLongLine(qint64 lineNumber, qint64 bytes, qint64 limit);
    /// Reports the current line as one that looks like a metric line but no format read it.
    void reportUnread(const QString &what);
    qint64 unreadCount() const { return m_unreadCount; }
    const QList<SkippedLine> &firstUnread() const { return m_firstUnread; }
    /// What the reader did that the user must know: repeated steps collapsed, identical
    /// records kept apart (sentences() for RunMetrics::readWarnings), steps counted because the log
    /// prints none (a flag, not a warning: HF console logs never print steps).
    struct Notes
    {
        qint64 duplicateRecords = 0; ///< repeated records of one step collapsed into its point
        qint64 firstDuplicateLine = 0;
        qint64 interleavedRecords = 0; ///< records of a second writer of the same log, kept as points
        qint64 firstInterleavedLine = 0;
        qint64 repeatedRecords = 0; ///< identical records without a step kept as separate points
        qint64 firstRepeatedLine = 0;
        qint64 droppedSecondary = 0; ///< second-format lines with no main-format point to join
        qint64 countedSteps = 0; ///< points whose step was counted, not read (RunMetrics::meta "inferred_steps")
        qint64 longLines = 0; ///< lines over the line limit, read only up to it
        qint64 firstLongLine = 0;
        qint64 firstLongLineBytes = 0;
        qint64 lineLimit = 0;
        qint64 overNameLimit = 0; ///< lines skipped: they add a metric over RunMetrics::maxMetricNames
        qint64 firstOverNameLimitLine = 0;
        /// Adds a later piece's notes whose line numbers start after `lineOffset` lines.
        void add(const Notes &later, qint64 lineOffset);
        QStringList sentences() const;
        /// The long-line sentence alone (empty when none): an error about the input names it too.
        QString longLineSentence() const;
    };
    const Notes &notes() const { return m_notes; }
    /// The line is the input's last and had no '\n': its writer may have been cut off mid-line.
    bool lineIsUnterminated() const { return m_unterminated; }
    qint64 lineNumber() const { return m_lineNumber; }
    qint64 skippedCount() const { return m_skippedCount; }
    const QList<SkippedLine> &firstSkipped() const { return m_firstSkipped; }
    const QString &error() const { return m_error; }
    /// The points completed since the last call, with the run's facts.
    RunMetrics takeChunk();
    void reserve(int points) { m_run.reserve(points); }
    /// Points in the chunk not yet taken.
    int pendingPoints() const { return m_run.pointCount(); }

    static constexpr int maxReportedSkips = 20;

private:
    bool conflictsWithLast() const;
    void commitSecondary(qint64 step, Placement placement);
    /// The last point's value of a column (also when that point went out in an earlier chunk).
    double lastValue(int column) const;
    /// Every pending value equals the last point's: the same record printed again.
    bool repeatsLast() const;
    /// The pending values are another copy of the last point's record (another rank's line):
    /// its losses are equal, only timing-like values may differ.
    bool duplicatesLast() const;
    /// The pending values hold a training loss (loss or lm_loss), not only other metrics.
    bool carriesTrainingLoss() const;
    /// The pending values hold an evaluation metric (eval_*, val_*).
    bool carriesEvaluation() const;
    /// The pending record repeats a step just logged, with time going on: a second process
    /// writing the same log (Notes::interleavedRecords).
    bool isSecondWriterRecord(qint64 step, double wallTime) const;

    enum class FirstPlacement : quint8 { None, Independent, Dependent };
    FirstPlacement m_firstPlacement = FirstPlacement::None;

    ParseOptions m_options;
    RunMetrics m_run;
    QVariantMap m_meta;
    qint64 m_logSeqLength = 0;
    qint64 m_logWorldSize = 0;
    /// A value of the line being parsed: its code, or (MetricColumn::noCode) the value itself.
    struct PendingValue
    {
        int column = -1;
        quint32 code = MetricColumn::noCode;
        double number = 0;
        double value() const { return code == MetricColumn::noCode ? number : MetricColumn::valueOfCode(code); }
    };
    /// The line's values. A push happens for every value of a log, so it is inline, writes the
    /// members in place (a temporary copied in whole stalls the store-to-load forwarding:
    /// measured, a tenth of a Megatron parse) and the storage only ever grows.
    class PendingValues
    {
    public:
        void push(int column, quint32 code, double number)
        {
            if (m_size == m_values.size())
                grow();
            PendingValue &v = m_values[m_size++];
            v.column = column;
            v.code = code;
            v.number = number;
        }
        /// Iterates (column, value) pairs, codes decoded: what the commit rules compare.
        struct Iterator
        {
            const PendingValue *at;
            std::pair<int, double> operator*() const { return {at->column, at->value()}; }
            Iterator &operator++()
            {
                ++at;
                return *this;
            }
            bool operator!=(const Iterator &other) const { return at != other.at; }
        };
        Iterator begin() const { return {m_values.data()}; }
        Iterator end() const { return {m_values.data() + m_size}; }
        /// The entries as pushed, for storing them (codes stay codes).
        const PendingValue *entries() const { return m_values.data(); }
        size_t size() const { return m_size; }
        bool empty() const { return m_size == 0; }
        void clear() { m_size = 0; }

    private:
        Q_NEVER_INLINE void grow() { m_values.resize(qMax<size_t>(64, m_values.size() * 2)); }
        std::vector<PendingValue> m_values;
        size_t m_size = 0;
    };
    PendingValues m_pending;
    bool m_hasLast = false;
    qint64 m_lastStep = 0;
    /// Values of the last point when it was handed over in an earlier chunk.
    std::vector<std::pair<int, double>> m_takenLast;
    qint64 m_lineNumber = 0;
    QByteArrayView m_lineText;
    bool m_unterminated = false;
    double m_lineTime = RunMetrics::noWallTime;
    bool m_lineRead = false;
    bool m_lineOverNameLimit = false; ///< column() refused a new metric for the current line
    qint64 m_skippedCount = 0;
    qint64 m_unreadCount = 0;
    QList<SkippedLine> m_firstUnread;
    Notes m_notes;
    bool m_secondary = false;
    qint64 m_secondaryStep = -1; ///< step of second-format values waiting for their point
    std::vector<std::pair<int, double>> m_secondaryValues;
    QList<SkippedLine> m_firstSkipped;
    QString m_error;
};

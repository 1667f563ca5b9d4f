// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"
#include "parityresult.h"
#include "runseries.h"

#include <QMetaType>
#include <QString>
#include <QVector>

#include <deque>
#include <vector>

class RunMetrics;

/// Live parity of a growing candidate against a fixed baseline (and its envelope): each appended
/// point is judged as it arrives, in O(1) amortised (the baseline cursor only moves forward; a
/// restart costs one binary search), and an alert is raised the first time the candidate leaves
/// the tolerance/envelope, diverges, goes NaN/inf or spikes (docs/parity.md, "Live alerts").
/// The verdict of the finished run remains ParityEngine's; the monitor is for stopping early.
class ParityMonitor
{
public:
    struct Alert
    {
        enum class Kind { Beyond, Divergence, NonFinite, Spike };
        Kind kind = Kind::Beyond;
        ParityResult::Verdict level = ParityResult::Verdict::Warn;
        qint64 step = -1; ///< the step the alert is about
        qint64 seenAt = -1; ///< the step whose arrival raised it (later for a divergence, confirmed by its window)
        QString code; ///< beyond, divergence, nonfinite, spike
        QString message;
    };

    /// `envelope`: further runs of the baseline's setup (ParityEngine::compare's envelope).
    ParityMonitor(const ParityOptions &options, const RunMetrics &baseline,
                  const QVector<const RunMetrics *> &envelope = {});

    /// Non-empty when the baseline lacks the metric; the monitor then judges nothing.
    QString error() const { return m_error; }

    /// Judges the points of `chunk` (new points of the candidate, as a follower hands them over).
    QVector<Alert> append(const RunMetrics &chunk);
    /// Judges one candidate point (own step; the candidate offset is added).
    QVector<Alert> append(qint64 step, double value);

    int judgedSteps() const { return m_judged; }
    bool failed() const { return m_failed; }
    QString metric() const { return m_metric; }
    /// The column of `candidate` that is judged (its primary loss for "loss"), empty if it has none.
    QString candidateMetric(const RunMetrics &candidate) const;

    static QString kindName(Alert::Kind kind);

private:
    void raise(QVector<Alert> &out, Alert::Kind kind, ParityResult::Verdict level, qint64 step, qint64 seenAt,
               const QString &message);
    /// The baseline index at `step`, or -1 when the baseline did not log it.
    long long baselineIndex(qint64 step);
    bool baselineSpikeNear(qint64 step) const;

    ParityOptions m_options;
    QString m_error, m_wanted, m_metric, m_candidateMetric;
    RunSeries m_baseline;
    std::vector<RunSeries> m_others;
    std::vector<std::pair<double, double>> m_spread; ///< per baseline index: the envelope's [min, max]
    QVector<ParityResult::Spike> m_baselineSpikes;
    qint64 m_spikeReach = 0;
    size_t m_cursor = 0;

    int m_judged = 0;
    bool m_failed = false;
    bool m_raised[4] = {false, false, false, false};
    std::deque<std::pair<qint64, bool>> m_window; ///< judged steps not yet decided: step, beyond
    int m_beyondInWindow = 0;
    std::deque<double> m_recent; ///< the candidate's last values, for the trailing median
    std::deque<double> m_residuals; ///< the last residuals from it, for the MAD
};

Q_DECLARE_METATYPE(ParityMonitor::Alert)

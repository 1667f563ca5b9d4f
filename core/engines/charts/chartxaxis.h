// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

class RunMetrics;

/// What a chart's x axis measures, and how a run's points map onto it.
class ChartXAxis
{
public:
    enum Kind {
        Step, ///< training step (+ the run's step offset, to align runs)
        WallClock, ///< seconds since the epoch (UTC), from the log's timestamps
        RelativeTime, ///< seconds since the run's first timestamp
        ConsumedTokens, ///< consumed_tokens, or consumed_samples × seq_length from the log header
    };

    static QString id(Kind kind); ///< "step", "wall", "relative", "tokens" (CLI, settings)
    static QString title(Kind kind); ///< axis title for people
    static bool fromId(const QString &id, Kind *kind);
    static QStringList ids();

    /// Whether the run has what this axis needs; `why` says what is missing otherwise.
    static bool available(const RunMetrics &run, Kind kind, QString *why = nullptr);
    /// x of the points from `from` on (NaN where a point has no x on this axis), so a live run's
    /// new points cost only their own. Assumes available().
    static std::vector<double> values(const RunMetrics &run, Kind kind, qint64 stepOffset = 0, int from = 0);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>

#include <vector>

/// How a reference run ended.
struct TrainOutcome
{
    QString status; ///< "finished", "stopped" (cancelled) or "failed"
    QString error; ///< why it failed; empty otherwise
    QString deviceUsed; ///< "cpu" or "cuda:0 (name)"
    qint64 parameterCount = 0;
    int vocabularySize = 0;
    int stepsDone = 0;
    double wallSeconds = 0;
    double tokensPerSecond = 0; ///< all training tokens ÷ training wall time (evaluation excluded)
    double finalLoss = 0;
    double finalEvalLoss = 0; ///< NaN when no evaluation ran
    std::vector<double> losses; ///< training loss of every step, in order

    explicit operator bool() const { return error.isEmpty(); }
    /// Everything but the per-step losses, with the log's key names; non-finite losses left out.
    QJsonObject toJson() const;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QVector>

#include <utility>
#include <vector>

class RunMetrics;

/// The checklist beside a verdict: what must match for a loss comparison to mean anything (seed,
/// dropout, global batch, sequence length, world size, learning-rate schedule, precision, data
/// order, step count). Facts come from RunMetrics::meta (argument dumps, headers) and from per-step
/// columns at the steps both runs logged; an item neither log states stays "unknown".
class ParityFairness
{
public:
    /// Relative difference under which two logged numbers are the same (lr printed with .3E
    /// against .6E differs by up to 5e-4).
    static constexpr double numericTolerance = 1e-3;

    /// Whether check() looks at per-step columns for this pair (else commonPoints may stay empty).
    static bool needsCommonPoints(const RunMetrics &baseline, const RunMetrics &candidate);

    /// commonPoints: (baseline point, candidate point) pairs at equal aligned steps, ascending.
    /// lastSteps: each run's last aligned step with the compared metric.
    static QVector<ParityResult::FairnessItem> check(const RunMetrics &baseline, const RunMetrics &candidate,
                                                     const std::vector<std::pair<int, int>> &commonPoints,
                                                     qint64 baselineLastStep, qint64 candidateLastStep);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"
#include "parityresult.h"

#include <QVector>

class RunMetrics;

/// Compares a baseline run with up to six candidates on one metric (docs/parity.md).
///
/// Restarts are resolved first: when a run goes back to step s (a resume from a checkpoint), its
/// earlier points from s on are superseded by the later segment, as the trainer redid them. Steps
/// are aligned exactly (or, with `interpolate`, on every baseline step inside the candidate's range,
/// the candidate interpolated linearly and the row marked). Everything runs in O(points).
class ParityEngine
{
public:
    explicit ParityEngine(const ParityOptions &options);

    /// `envelope`: further runs of the baseline's setup; per step the candidate is then judged
    /// against their spread widened by the tolerance (docs/parity.md, "Noise envelope").
    ParityResult compare(const RunMetrics &baseline, const QVector<const RunMetrics *> &candidates,
                         const QVector<const RunMetrics *> &envelope = {}) const;

    /// The column a run is compared on: its primary loss for an empty or "loss" request, otherwise
    /// the normalised name. Empty when the run lacks it.
    static QString resolveMetric(const RunMetrics &run, const QString &requested);

private:
    ParityOptions m_options;
};

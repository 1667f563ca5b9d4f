// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"
#include "parityresult.h"
#include "runseries.h"

#include <vector>

/// The noise envelope of several baseline runs (docs/parity.md, "Noise envelope"): per step the
/// spread [min, max] of the baselines, widened below and above by the preset's per-step tolerance.
/// MindSpore's precision guide accepts a port whose curve lies between two GPU runs; one CUDA run
/// alone cannot tell kernel noise from a porting error.
class ParityEnvelope
{
public:
    /// `first` is the primary baseline, `others` the extra ones (same metric, offsets applied).
    ParityEnvelope(const ParityOptions &options, const RunSeries &first, const std::vector<RunSeries> &others);

    bool isEmpty() const { return m_others.empty(); }

    /// How an extra baseline differs from the first one at their common judged steps.
    ParityResult::BaselineSpread spread(size_t other) const;

    /// Per row (aligned on the first baseline), the baselines' spread [min, max]; NaN where an extra
    /// baseline did not log the row's step or logged a non-finite value there. The within test
    /// widens it by tolerance() on each side.
    std::vector<std::pair<double, double>> bounds(const std::vector<ParityResult::Row> &rows) const;

    /// Fills `c.envelope` from the rows' flags and c.envelopeBounds (after the per-step test).
    void summarise(ParityResult::Candidate &c) const;

    /// The per-step tolerance around a value, as the within-tolerance test uses it.
    static double tolerance(const ParityOptions &o, double value) { return o.absTol + o.relTol * std::abs(value); }

private:
    ParityOptions m_options;
    const RunSeries &m_first;
    const std::vector<RunSeries> &m_others;
};

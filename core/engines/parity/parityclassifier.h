// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"
#include "parityresult.h"

/// Sorts what a comparison found into the mismatch classes of MindSpeed-LLM's precision guide
/// (docs/parity.md, "Mismatch classes"), each with its evidence step range and what to check
/// first. Runs on a judged ParityResult::Candidate; reads its rows, drift, spikes and NaN steps.
class ParityClassifier
{
public:
    static QVector<ParityResult::MismatchClass> classify(const ParityOptions &options,
                                                         const ParityResult::Candidate &candidate);
};

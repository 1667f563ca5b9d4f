// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"
#include "parityresult.h"
#include "runseries.h"

#include <QString>

/// How finely a log prints a metric, and whether a tolerance can be judged at all on what it
/// prints (docs/parity.md, "Precision"). The Hugging Face Trainer's console prints 4 significant
/// digits (`'loss': '2.377'`), so two runs that differ by 2e-4 print the same number: a `strict`
/// PASS on such values proves nothing. The digits are read back from the parsed doubles: the
/// fewest significant digits that reproduce each value, the most over a sample of the run.
class ParityPrecision
{
public:
    static constexpr int fullDigits = 8; ///< a float32 needs up to 9; from 8 on a log is taken as full precision
    static constexpr int sampleSize = 512;

    /// The fewest significant decimal digits (1–17) that print `value` back exactly.
    static int significantDigits(double value);
    /// The most significant digits any of up to sampleSize evenly spaced finite, non-zero values
    /// needs; 0 for none. `medianMagnitude` gets the median |value| of the sample.
    static int printedDigits(const RunSeries &series, double *medianMagnitude = nullptr);
    /// The distance between neighbouring printed values near `magnitude` with `digits` digits.
    static double resolution(double magnitude, int digits);

    /// The comparison of one metric; also looks beside each run's log for a full-precision source
    /// of the same run (a trainer_state.json whose values round to the printed ones).
    static ParityResult::Precision check(const ParityOptions &options, const QString &metric, const RunSeries &baseline,
                                         const RunSeries &candidate);

    /// ParityNeighbours::sameRunState() of the log of `series`, for a log that prints fewer than
    /// fullDigits digits; empty if none.
    static QString fullPrecisionSource(const RunSeries &series, const QString &metric, int digits);
};

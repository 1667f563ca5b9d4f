// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

#include <limits>

/// One tensor of the baseline compared with the same-named tensor of the candidate, with the
/// statistics Ascend's msprobe reports. Error statistics cover the positions where both values are
/// finite; NaN and Inf are counted separately and fail the tensor on their own.
struct TensorComparison
{
    QString name;
    QString baselineDtype;
    QString candidateDtype;
    QString baselineShape; ///< "[4, 16]"
    QString candidateShape;
    bool shapeMatch = false;
    bool dtypeMatch = false; ///< identical dtype; float vs another float (bf16 vs fp32) is still comparable
    qint64 elements = 0;

    double cosine = std::numeric_limits<double>::quiet_NaN();
    double maxAbsError = std::numeric_limits<double>::quiet_NaN();
    double maxRelError = std::numeric_limits<double>::quiet_NaN();
    double relErrorBelow1e3 = std::numeric_limits<double>::quiet_NaN(); ///< share 0..1 with rel error < 0.001
    double relErrorBelow5e3 = std::numeric_limits<double>::quiet_NaN(); ///< share 0..1 with rel error < 0.005
    qint64 baselineNan = 0;
    qint64 baselineInf = 0;
    qint64 candidateNan = 0;
    qint64 candidateInf = 0;

    bool passed = false;
    QString reason; ///< why it failed, in words; empty when it passed
};

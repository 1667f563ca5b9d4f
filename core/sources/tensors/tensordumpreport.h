// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensorcomparison.h"

#include <QJsonObject>
#include <QStringList>
#include <QVector>

/// The comparison of two tensor dumps: one row per tensor name present in both, in the baseline's
/// file order, plus the names found on one side only.
struct TensorDumpReport
{
    QString baselinePath;
    QString candidatePath;
    QVector<TensorComparison> rows;
    QStringList onlyInBaseline;
    QStringList onlyInCandidate;

    int failedCount() const;
    /// Row index of the first failing tensor in the baseline's file order, or -1.
    int firstFailing() const;
    /// True when at least one tensor was compared and none failed.
    bool passed() const;
    QJsonObject toJson() const;
};

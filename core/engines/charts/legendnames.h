// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QStringList>

/// Legend texts that tell runs apart: what all names of a chart share at the start and at the end
/// (whole words only: up to a '_', '-', '.', '/' or space; not the '-' of "2e-3") is left out and
/// marked with "…", so "cuda_fp32.console" and "cuda_bf16.console" read "…fp32…" and "…bf16…".
/// The full name stays in the legend's tooltip.
class LegendNames
{
public:
    /// One text per name, in order; the names themselves when fewer than two, when nothing is
    /// shared, or when the shortened texts would not all differ.
    static QStringList shortest(const QStringList &names);
    /// Shorter still, for a legend with little room: each name by the shortest run of its own whole
    /// words that no other name holds ("cuda_fp32_lr2e-3.console" among the H100 runs reads
    /// "…lr2e-3…", "cpu_fp32.console" "cpu…"), the end all share left out as in shortest(); a name
    /// that has no such run is kept whole; shortest() when the texts would not all differ.
    static QStringList distinct(const QStringList &names);
};

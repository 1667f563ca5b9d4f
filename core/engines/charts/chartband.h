// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QtGlobal>

#include <vector>

/// A shaded area between two curves over the same x (a tolerance band around a difference curve,
/// a min/max envelope). Drawn behind the curves.
struct ChartBand
{
    QString label;
    quint32 rgb = 0x402ca02c; ///< 0xAARRGGBB, usually translucent
    std::vector<double> x; ///< non-decreasing
    std::vector<double> lower;
    std::vector<double> upper;

    bool isEmpty() const { return x.empty(); }
};

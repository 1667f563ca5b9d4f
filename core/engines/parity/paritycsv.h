// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QByteArray>

/// The aligned per-step parity table as CSV, for spreadsheets and reports:
/// `candidate,step,baseline,candidate_value,diff,abs_err,rel_err,flags`, one row per aligned step
/// of every candidate. Numbers are written with 17 significant digits (exact round trip); NaN and
/// infinities as `nan`, `inf`, `-inf`; flags as ParityJson names them, joined by `|`.
class ParityCsv
{
public:
    static QByteArray write(const ParityResult &result);
};

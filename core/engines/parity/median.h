// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <vector>

/// The one median of the parity statistics (spike scales, the live monitor's residuals, steady
/// throughput, the precision of logged values): the upper middle value, found in place in linear
/// time (nth_element) — the caller's order is lost; NaN for no values.
double medianInPlace(std::vector<double> &values);

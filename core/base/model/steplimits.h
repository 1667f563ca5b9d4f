// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

/// Steps (and step offsets) beyond ±10^15 are refused (docs/limits.md): a step plus an offset can
/// then never overflow, and every step is exact as a double on a chart axis.
namespace StepLimits {
constexpr qint64 maxStep = 1000000000000000LL;
}

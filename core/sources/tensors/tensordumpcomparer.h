// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensorcomparison.h"
#include "core/sources/tensors/tensordata.h"
#include "core/sources/tensors/tensordumpreport.h"
#include "core/sources/tensors/tensorfile.h"

/// msprobe-style accuracy comparison of tensor dumps (pure: values in, statistics out).
///
/// A tensor fails when its shapes differ, when a floating-point tensor meets an integer one, when
/// either side holds NaN or Inf, or by msprobe's published thresholds:
/// cosine < 0.99 and max abs error > 0.001, or cosine < 0.9, or max abs error > 1.
namespace TensorDumpComparer {
constexpr double cosineWarn = 0.99;
constexpr double cosineFail = 0.9;
constexpr double absErrorWarn = 0.001;
constexpr double absErrorFail = 1.0;

TensorComparison compare(const TensorData &baseline, const TensorData &candidate);
/// Matches tensors by name; rows follow the baseline's order.
TensorDumpReport compare(const TensorFile &baseline, const TensorFile &candidate);
}

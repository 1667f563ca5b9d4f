// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

/// What the linked libtorch is, without making callers include <torch/...>.
namespace TorchInfo {
QString version();
/// "CPU", or "CUDA (N devices)" when the linked build has CUDA and a device is present.
QString availableDevices();
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "torchinfo.h"

#include <torch/torch.h>
#include <torch/version.h>

namespace TorchInfo {

QString version()
{
    return QStringLiteral(TORCH_VERSION);
}

QString availableDevices()
{
    if (torch::cuda::is_available())
        return QStringLiteral("CPU, CUDA (%1 devices)").arg(torch::cuda::device_count());
    return QStringLiteral("CPU");
}

} // namespace TorchInfo

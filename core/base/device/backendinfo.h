// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

/// What a device backend is called and which names its software stack uses.
/// A value struct so that the CLI, the GUI and the porting rules read the same fields.
struct BackendInfo
{
    QString id; ///< short id used on the command line: "cuda", "npu", "musa"
    QString displayName; ///< "NVIDIA CUDA", "Huawei Ascend NPU", ...
    QString torchDevice; ///< device type string in torch: "cuda", "npu", "musa"
    QString torchExtension; ///< Python module that registers the device; empty for CUDA
    QString collectiveLibrary; ///< torch.distributed backend: "nccl", "hccl", "mccl"
    QString visibleDevicesVariable; ///< CUDA_VISIBLE_DEVICES, ASCEND_RT_VISIBLE_DEVICES, ...
    QString vendorTool; ///< nvidia-smi, npu-smi, mthreads-gmi
    /// The key of BackendProbe::versions naming the vendor toolkit the extension is built against
    /// ("cann", "musa_sdk"): the environment check pairs the installed extension with that version
    /// in the plugin's compatibility rows. Empty when there is no extension.
    QString toolkitVersionKey;
};

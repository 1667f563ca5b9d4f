// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensorfile.h"

#include <functional>

/// Reads a tensor dump: a safetensors file, a torch.save file (dict name → tensor, or one tensor),
/// or a folder of them (recursively, in natural file-name order).
///
/// Unpickling torch.save files needs libtorch, which core does not link: a given loader reads them
/// (the CLI and the GUI pass TorchModule::tensorLoader(), the module loaded at run time; tests pass
/// TorchTensorIo::load). Handed in rather than looked up here, so tensors/ stays below reference/
/// (core/CMakeLists.txt). Without a loader, .pt files are reported as unreadable with the reason,
/// and safetensors still work.
class TensorDumpReader
{
public:
    using PtLoader = std::function<TensorFile(const QString &path)>;

    explicit TensorDumpReader(PtLoader ptLoader = {});

    TensorFile read(const QString &path) const;

    /// Whether a file name looks like a tensor dump this reader can open.
    static bool isDumpFileName(const QString &fileName);

private:
    TensorFile readFile(const QString &path) const;

    PtLoader m_ptLoader;
};

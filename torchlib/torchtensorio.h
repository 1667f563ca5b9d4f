// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensorfile.h"

#include <QString>

/// torch.save files, so callers need not include <torch/...>. Reads the zip format torch.save has
/// written since PyTorch 1.6 with libtorch's archive reader and a small pickle machine of its own
/// (libtorch 1.13's unpickler rejects single-entry dicts and drops OrderedDicts): one tensor, or a
/// dict / state_dict (also nested dicts, lists and tuples, flattened to "a.b.0" names) of tensors.
namespace TorchTensorIo {
TensorFile load(const QString &path);
/// The same from bytes already read (`path` names them in messages); the fuzz target's entry.
TensorFile loadBytes(const QByteArray &bytes, const QString &path);
/// Writes the tensors as a torch.save-compatible dict name → tensor, in each tensor's dtype.
/// Returns an error text naming the file, or empty on success.
QString save(const QString &path, const TensorFile &file);
}

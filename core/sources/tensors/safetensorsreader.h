// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensorfile.h"

#include <QByteArray>

/// Reads the safetensors format (Hugging Face): an 8-byte little-endian header length, a JSON header
/// {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__": {...}}, then the raw bytes.
/// Tensors keep the header's order, which is the order the writer put them in.
namespace SafetensorsReader {
/// True when bytes start like a safetensors file (plausible length followed by '{').
bool looksLikeSafetensors(const QByteArray &head, qint64 fileSize);
TensorFile read(const QByteArray &bytes, const QString &path = {});
}

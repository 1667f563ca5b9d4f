// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// safetensors: header length, JSON header, shapes and offsets against the data.
#include "fuzzinput.h"
#include "core/sources/tensors/safetensorsreader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = fuzzBytes(data, size);
    if (SafetensorsReader::looksLikeSafetensors(bytes.left(16), bytes.size()) || size % 2)
        SafetensorsReader::read(bytes, QStringLiteral("fuzz.safetensors"));
    return 0;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>

#include <cstddef>
#include <cstdint>

/// The entry point every fuzz target defines: libFuzzer calls it in the fuzz build (./dev fuzz),
/// replaymain.cpp calls it over the seed corpus and tests/data/fuzz/ in the normal build.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// The input after `skip` selector bytes, as Qt bytes.
inline QByteArray fuzzBytes(const uint8_t *data, size_t size, size_t skip = 0)
{
    return skip >= size ? QByteArray()
                        : QByteArray(reinterpret_cast<const char *>(data + skip), qsizetype(size - skip));
}

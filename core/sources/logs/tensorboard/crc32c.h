// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QtGlobal>

#include <cstddef>

/// CRC-32C (Castagnoli), the checksum of TFRecord framing. The SSE4.2 `crc32` instruction is
/// used where the CPU has it, a slicing-by-8 table elsewhere; both give the same value (tested),
/// so a file reads the same on every machine.
namespace Crc32c {
/// CRC-32C of data, by the fastest path this CPU has.
quint32 compute(const void *data, size_t size);
/// The table path, for every CPU.
quint32 computePortable(const void *data, size_t size);
/// The SSE4.2 path; only call it when hasHardware().
quint32 computeHardware(const void *data, size_t size);
bool hasHardware();
/// TFRecord stores CRCs rotated and offset ("masked") so that a CRC of data holding CRCs stays
/// well distributed.
constexpr quint32 mask(quint32 crc)
{
    return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}
}

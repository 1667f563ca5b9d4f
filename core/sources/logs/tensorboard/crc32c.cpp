// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define PORTBENCH_CRC32C_X86 1
#endif

namespace {

constexpr quint32 kPolynomial = 0x82f63b78u; // reflected Castagnoli polynomial

struct Tables
{
    std::array<std::array<quint32, 256>, 8> t{};
    constexpr Tables()
    {
        for (quint32 i = 0; i < 256; ++i) {
            quint32 c = i;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
            t[0][i] = c;
        }
        for (quint32 i = 0; i < 256; ++i)
            for (size_t s = 1; s < 8; ++s)
                t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xff];
    }
};

constexpr Tables kTables;

#ifdef PORTBENCH_CRC32C_X86
bool detectHardware()
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2");
}
#endif

} // namespace

namespace Crc32c {

quint32 computePortable(const void *data, size_t size)
{
    const auto *p = static_cast<const unsigned char *>(data);
    quint32 crc = 0xffffffffu;
    const auto &t = kTables.t;
    while (size >= 8) {
        // Little-endian load, byte by byte, so the table path is also right on big-endian CPUs.
        const quint32 lo = crc ^ (quint32(p[0]) | quint32(p[1]) << 8 | quint32(p[2]) << 16 | quint32(p[3]) << 24);
        const quint32 hi = quint32(p[4]) | quint32(p[5]) << 8 | quint32(p[6]) << 16 | quint32(p[7]) << 24;
        crc = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^ t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^ t[3][hi & 0xff]
            ^ t[2][(hi >> 8) & 0xff] ^ t[1][(hi >> 16) & 0xff] ^ t[0][hi >> 24];
        p += 8;
        size -= 8;
    }
    while (size-- > 0)
        crc = (crc >> 8) ^ t[0][(crc ^ *p++) & 0xff];
    return ~crc;
}

#ifdef PORTBENCH_CRC32C_X86
__attribute__((target("sse4.2"))) quint32 computeHardware(const void *data, size_t size)
{
    const auto *p = static_cast<const unsigned char *>(data);
    quint64 crc = 0xffffffffu;
    while (size >= 8) {
        quint64 word;
        std::memcpy(&word, p, 8);
        crc = _mm_crc32_u64(crc, word);
        p += 8;
        size -= 8;
    }
    auto c = quint32(crc);
    while (size-- > 0)
        c = _mm_crc32_u8(c, *p++);
    return ~c;
}

bool hasHardware()
{
    static const bool has = detectHardware();
    return has;
}
#else
quint32 computeHardware(const void *data, size_t size)
{
    return computePortable(data, size);
}

bool hasHardware()
{
    return false;
}
#endif

quint32 compute(const void *data, size_t size)
{
    return hasHardware() ? computeHardware(data, size) : computePortable(data, size);
}

} // namespace Crc32c

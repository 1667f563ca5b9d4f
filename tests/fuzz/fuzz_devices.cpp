// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Device listings of each backend: nvidia-smi (table and CSV), npu-smi info (and its key: value
// pages), mthreads-gmi. The first byte picks the parser.
#include "fuzzinput.h"
#include "npusmiparser.h"
#include "nvidiasmiparser.h"
#include "mthreadsgmiparser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray bytes = fuzzBytes(data, size, 1);
    switch (data[0] % 4) {
    case 0: NvidiaSmiParser::parse(bytes); break;
    case 1: NpuSmiParser::parse(bytes); break;
    case 2: NpuSmiParser::parseKeyValues(bytes); break;
    default: MthreadsGmiParser::parse(bytes); break;
    }
    return 0;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Every log format and the detector: the first byte picks "auto" or one forced format.
#include "fuzzinput.h"
#include "core/sources/logs/logreader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QStringList formats = LogReader::formatNames();
    if (size == 0)
        return 0;
    ParseOptions options;
    const size_t pick = data[0] % size_t(formats.size() + 1);
    if (pick > 0)
        options.format = formats.at(qsizetype(pick - 1));
    const ParseResult r = LogReader::readData(fuzzBytes(data, size, 1), QStringLiteral("fuzz.log"), options);
    // The parsed run must be internally consistent: every value column as long as the steps.
    for (int p = 0; p < r.run.pointCount(); ++p)
        (void)r.run.step(p);
    return 0;
}

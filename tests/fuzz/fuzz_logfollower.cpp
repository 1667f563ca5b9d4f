// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The follower's chunking: the same bytes fed in the pieces the first bytes choose must give the
// same points as one read of the whole (IncrementalParser's promise to LogFollower).
#include "fuzzinput.h"
#include "core/sources/logs/incrementalparser.h"
#include "core/sources/logs/logreader.h"

#include <cstdlib>

namespace {

bool samePoints(const RunMetrics &a, const RunMetrics &b)
{
    if (a.pointCount() != b.pointCount())
        return false;
    for (int i = 0; i < a.pointCount(); ++i) {
        if (a.step(i) != b.step(i))
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    const QByteArray bytes = fuzzBytes(data, size, 4);
    IncrementalParser parser({}, QStringLiteral("fuzz.log"));
    qsizetype at = 0;
    for (int k = 0; at < bytes.size(); ++k) {
        const qsizetype piece = 1 + data[k % 4] % 97;
        parser.feed(QByteArrayView(bytes).sliced(at, std::min(piece, bytes.size() - at)));
        at += piece;
    }
    parser.finish();
    const RunMetrics chunked = parser.takePoints();
    const ParseResult whole = LogReader::readData(bytes, QStringLiteral("fuzz.log"));
    if (!whole || parser.hasError() || samePoints(chunked, whole.run))
        return 0;
    // With "auto" a follower decides on the first lines it sees (when depends on the pieces), a
    // read of the whole file on its head, middle and tail: the whole read may choose another
    // format, or find a second format (DeepSpeed or Megatron lines among HF Trainer's) that the
    // follower never adopted (tests/data/fuzz/logfollower/*_second_format_*). Which format reads a
    // mixed log is detection's choice; what is held here is that the same choice reads the same
    // points.
    if (parser.format() == whole.format && parser.secondaryFormat() == whole.secondaryFormat)
        std::abort();
    return 0;
}

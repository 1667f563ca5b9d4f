// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// TensorBoard event files: TFRecord framing (TfRecordScanner), the Event protobuf decoder and the
// run builder, read as EventFileReader::readData reads bytes, and the same bytes fed to
// EventStreamParser in two pieces split where the input says, which must give the points of the
// whole read (EventStreamParser's promise to a follower).
//
// Mutated bytes almost never keep their CRC-32C checksums, so only the framing would be fuzzed.
// The input's last byte (read before anything is changed) chooses whether the checksums are
// written afresh over the records the length fields describe: then the mutated payloads reach the
// protobuf decoder. The seeds are real event files (tests/data/logs/tensorboard), unchanged.
#include "fuzzinput.h"
#include "core/sources/logs/tensorboard/crc32c.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"
#include "core/sources/logs/tensorboard/eventstreamparser.h"
#include "core/sources/logs/tensorboard/tfrecordscanner.h"

#include <cstdlib>
#include <cstring>

namespace {

void writeMaskedCrc(char *at, const char *from, size_t length)
{
    const quint32 crc = Crc32c::mask(Crc32c::compute(from, length));
    for (int i = 0; i < 4; ++i)
        at[i] = char(quint8(crc >> (8 * i)));
}

/// Makes every record the length fields describe pass both checksums.
void refreshChecksums(QByteArray &bytes)
{
    char *const begin = bytes.data();
    const qint64 size = bytes.size();
    qint64 pos = 0;
    while (size - pos >= TfRecordScanner::headerBytes) {
        char *p = begin + pos;
        const quint64 length = TfRecordScanner::readU64(p);
        const qint64 left = size - pos - TfRecordScanner::headerBytes - TfRecordScanner::footerBytes;
        writeMaskedCrc(p + 8, p, 8);
        if (left < 0 || length > quint64(left))
            break;
        writeMaskedCrc(p + TfRecordScanner::headerBytes + length, p + TfRecordScanner::headerBytes, size_t(length));
        pos += TfRecordScanner::headerBytes + qint64(length) + TfRecordScanner::footerBytes;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const quint8 selector = data[size - 1];
    QByteArray bytes = fuzzBytes(data, size);
    if (selector & 1)
        refreshChecksums(bytes);

    // One piece: the fuzz build must not depend on thread scheduling (large files are cut in
    // pieces only above 8 MB, beyond -max_len anyway).
    const EventFileRead whole = EventFileReader::readData(bytes, 1);

    const qsizetype split = qsizetype((quint64(selector) * 2654435761u + size) % (quint64(size) + 1));
    EventStreamParser parser({}, QStringLiteral("fuzz.tfevents"));
    parser.feed(QByteArrayView(bytes).first(split));
    parser.feed(QByteArrayView(bytes).sliced(split));
    const RunMetrics streamed = parser.takePoints();

    if (parser.recordCount() != whole.scan.records || parser.consumedBytes() != whole.scan.consumed)
        std::abort();
    if (streamed.steps() != whole.run.steps() || streamed.columnCount() != whole.run.columnCount())
        std::abort();
    for (int c = 0; c < streamed.columnCount(); ++c) {
        // Bitwise: logged NaNs must match too.
        if (streamed.columnAt(c) != whole.run.columnAt(c))
            std::abort();
    }
    return 0;
}

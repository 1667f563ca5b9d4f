// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/tensorboard/crc32c.h"
#include "core/sources/logs/tensorboard/tfrecordscan.h"

#include <QByteArrayView>

#include <cstring>
#include <limits>

/// TFRecord framing: each record is
///   u64 length (little endian) · u32 masked CRC-32C of those 8 bytes · payload · u32 masked CRC-32C of the payload.
/// scan() walks a byte range and hands each payload whose checksums match to a callback. It is a
/// pure function over bytes (no file, no allocation sized by the input), so it is safe to fuzz:
/// - a length is trusted only after its own CRC matched and is checked against the bytes left,
///   before anything is read or allocated;
/// - a payload CRC mismatch skips that record (its length was good) and is reported with its offset;
/// - a length CRC mismatch means the framing is lost: the scanner looks for the next offset whose
///   8 bytes match the 4 after them, reports the skipped stretch and goes on from there;
/// - a record that does not fit in the bytes given is not read: `consumed` stops before it, so a
///   follower reads it whole once the writer has finished it.
class TfRecordScanner
{
public:
    static constexpr qint64 headerBytes = 12;
    static constexpr qint64 footerBytes = 4;

    static quint64 readU64(const char *p)
    {
        quint64 v = 0;
        for (int i = 7; i >= 0; --i)
            v = (v << 8) | quint8(p[i]);
        return v;
    }
    static quint32 readU32(const char *p)
    {
        return quint32(quint8(p[0])) | quint32(quint8(p[1])) << 8 | quint32(quint8(p[2])) << 16
            | quint32(quint8(p[3])) << 24;
    }
    /// Whether a record header (length + its masked CRC) starts at p (12 bytes readable).
    static bool headerValid(const char *p) { return Crc32c::mask(Crc32c::compute(p, 8)) == readU32(p + 8); }

    /// Whether data starts with a valid record header: how event files are recognised by content.
    static bool startsWithRecord(QByteArrayView data) { return data.size() >= headerBytes && headerValid(data.data()); }

    /// Scans data (which starts at file offset baseOffset), calling onPayload(offset, payload)
    /// for every record whose checksums match; offset is the record's file offset.
    template<typename OnPayload>
    static TfRecordScan scan(QByteArrayView data, qint64 baseOffset, OnPayload &&onPayload)
    {
        TfRecordScan scan;
        const char *const begin = data.data();
        const qint64 size = data.size();
        qint64 pos = 0;
        while (size - pos >= headerBytes) {
            const char *p = begin + pos;
            if (!headerValid(p)) {
                const qint64 next = resync(begin, size, pos + 1, size);
                scan.addIssue(
                    baseOffset + pos,
                    QStringLiteral("record header checksum mismatch: %1 bytes skipped to the next valid header")
                        .arg(next - pos));
                pos = next;
                continue;
            }
            const quint64 length = readU64(p);
            const qint64 left = size - pos - headerBytes - footerBytes;
            if (left < 0 || length > quint64(left)) {
                scan.incompleteTail = true;
                scan.tailClaimedBytes = length > quint64(std::numeric_limits<qint64>::max() / 2)
                    ? -1
                    : qint64(length) + headerBytes + footerBytes;
                break;
            }
            const char *payload = p + headerBytes;
            const qint64 end = pos + headerBytes + qint64(length) + footerBytes;
            if (Crc32c::mask(Crc32c::compute(payload, size_t(length))) != readU32(payload + length)) {
                // A torn record (its writer died mid-way) is followed by whole ones inside the
                // length it claimed: go on from the first valid header in there, if any.
                const qint64 next = resync(begin, size, pos + 1, end);
                scan.addIssue(
                    baseOffset + pos,
                    next < end
                        ? QStringLiteral("record payload checksum mismatch: a torn record of %1 bytes "
                                         "skipped, a valid record follows at +%1")
                              .arg(next - pos)
                        : QStringLiteral("record payload checksum mismatch (%1 bytes): record skipped").arg(length));
                pos = next;
                continue;
            } else {
                ++scan.records;
                onPayload(baseOffset + pos, QByteArrayView(payload, qsizetype(length)));
            }
            pos = end;
        }
        scan.consumed = pos;
        return scan;
    }

    /// The first offset in [from, limit) where a valid header starts; else limit, or — when fewer
    /// bytes than a header are left before limit is reached — the first position from which a
    /// header could still be completed by more bytes (a followed file's next piece may show one
    /// there: skipping to limit would lose that record, which a whole read keeps).
    static qint64 resync(const char *begin, qint64 size, qint64 from, qint64 limit)
    {
        qint64 pos = from;
        for (; pos < limit && size - pos >= headerBytes; ++pos) {
            if (headerValid(begin + pos))
                return pos;
        }
        return pos >= limit ? limit : pos;
    }
};

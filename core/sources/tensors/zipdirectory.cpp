// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "zipdirectory.h"

#include <QtEndian>

#include <cstring>

namespace {

constexpr quint32 kEndSignature = 0x06054b50;
constexpr quint32 kZip64LocatorSignature = 0x07064b50;
constexpr quint32 kZip64EndSignature = 0x06064b50;
constexpr quint32 kEntrySignature = 0x02014b50;
constexpr qsizetype kEndBytes = 22;
constexpr qsizetype kEntryBytes = 46;
constexpr qsizetype kMaxComment = 0xffff;

// Little-endian reads that are empty (false) past the end instead of reading beyond it.
class Bytes
{
public:
    explicit Bytes(const QByteArray &bytes)
        : m_data(reinterpret_cast<const uchar *>(bytes.constData()))
        , m_size(quint64(bytes.size()))
    { }
    quint64 size() const { return m_size; }
    bool has(quint64 at, quint64 n) const { return at <= m_size && n <= m_size - at; }
    quint16 u16(quint64 at) const { return qFromLittleEndian<quint16>(m_data + at); }
    quint32 u32(quint64 at) const { return qFromLittleEndian<quint32>(m_data + at); }
    quint64 u64(quint64 at) const { return qFromLittleEndian<quint64>(m_data + at); }
    const char *chars(quint64 at) const { return reinterpret_cast<const char *>(m_data + at); }

private:
    const uchar *m_data;
    quint64 m_size;
};

struct Directory
{
    quint64 offset = 0;
    quint64 entries = 0;
};

// The central directory as miniz finds it: the last end record within the final 64 KB, and the
// zip64 end record its locator points to when the 32-bit fields say so. False when absent.
bool findDirectory(const Bytes &b, Directory &dir)
{
    if (b.size() < quint64(kEndBytes))
        return false;
    const quint64 lowest = b.size() > quint64(kEndBytes + kMaxComment) ? b.size() - kEndBytes - kMaxComment : 0;
    quint64 end = b.size() - kEndBytes;
    while (b.u32(end) != kEndSignature) {
        if (end == lowest)
            return false;
        --end;
    }
    dir.entries = b.u16(end + 10);
    dir.offset = b.u32(end + 16);
    if (end >= 20 && b.u32(end - 20) == kZip64LocatorSignature) {
        const quint64 zip64 = b.u64(end - 20 + 8);
        if (!b.has(zip64, 56) || b.u32(zip64) != kZip64EndSignature)
            return false;
        dir.entries = b.u64(zip64 + 32);
        dir.offset = b.u64(zip64 + 48);
    }
    return true;
}

} // namespace

namespace ZipDirectory {

QString sizeError(const QByteArray &bytes, quint64 maxRecordBytes)
{
    const Bytes b(bytes);
    Directory dir;
    if (!findDirectory(b, dir))
        return {};
    quint64 at = dir.offset;
    for (quint64 i = 0; i < dir.entries; ++i) {
        if (!b.has(at, kEntryBytes) || b.u32(at) != kEntrySignature)
            return {};
        const quint16 method = b.u16(at + 10);
        quint64 compressed = b.u32(at + 20);
        quint64 size = b.u32(at + 24);
        const quint64 nameLength = b.u16(at + 28);
        const quint64 extraLength = b.u16(at + 30);
        const quint64 commentLength = b.u16(at + 32);
        if (!b.has(at + kEntryBytes, nameLength + extraLength))
            return {};
        const QString name = QString::fromUtf8(b.chars(at + kEntryBytes), qsizetype(nameLength));
        // Sizes that do not fit 32 bits are in the zip64 extra field (id 1), in this order.
        quint64 extra = at + kEntryBytes + nameLength;
        const quint64 extraEnd = extra + extraLength;
        while (extra + 4 <= extraEnd) {
            const quint16 id = b.u16(extra);
            const quint64 length = b.u16(extra + 2);
            if (extra + 4 + length > extraEnd)
                break;
            if (id == 1) {
                quint64 field = extra + 4;
                if (size == 0xffffffff && field + 8 <= extra + 4 + length) {
                    size = b.u64(field);
                    field += 8;
                }
                if (compressed == 0xffffffff && field + 8 <= extra + 4 + length)
                    compressed = b.u64(field);
                break;
            }
            extra += 4 + length;
        }
        const QString record = QStringLiteral("record %1 (directory entry at byte %2)").arg(name).arg(at);
        if (compressed > b.size())
            return QStringLiteral("%1 claims %2 stored bytes in an archive of %3 bytes")
                .arg(record)
                .arg(compressed)
                .arg(b.size());
        if (method == 0 && size > compressed)
            return QStringLiteral("%1 is stored uncompressed as %2 bytes but claims %3")
                .arg(record)
                .arg(compressed)
                .arg(size);
        if (method != 0 && size / maxDeflateRatio > compressed)
            return QStringLiteral("%1 claims %2 bytes from %3 compressed, beyond what deflate can expand to")
                .arg(record)
                .arg(size)
                .arg(compressed);
        if (size > maxRecordBytes)
            return QStringLiteral("%1 claims %2 bytes, over the limit of %3").arg(record).arg(size).arg(maxRecordBytes);
        at += kEntryBytes + nameLength + extraLength + commentLength;
    }
    return {};
}

} // namespace ZipDirectory

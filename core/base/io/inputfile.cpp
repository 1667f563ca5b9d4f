// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "inputfile.h"

#include <QFile>

#include <cerrno>
#include <sys/mman.h>
#include <sys/stat.h>

QString InputFile::refusalFor(const QString &path)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return QStringLiteral("%1: %2").arg(path, qt_error_string(errno));
    if (S_ISREG(st.st_mode))
        return {};
    if (S_ISDIR(st.st_mode))
        return QStringLiteral("%1: is a folder, not a file").arg(path);
    if (S_ISFIFO(st.st_mode))
        return QStringLiteral("%1: is a FIFO (named pipe), not a regular file; pipe it to stdin as - where the "
                              "command reads stdin")
            .arg(path);
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return QStringLiteral("%1: is a device, not a regular file").arg(path);
    return QStringLiteral("%1: is not a regular file").arg(path);
}

namespace {

/// Reads what `file` holds, up to `limit` + 1 bytes (one more shows that it grew past the limit).
/// The buffer is sized from the file's size, not from the limit: QIODevice::read(limit + 1) reserves
/// the whole limit first (8 GiB for a tensor dump), which aborts a small read under an address-space
/// limit or strict overcommit. A file that grows while being read is followed in blocks that grow
/// with the data.
/// Asks for transparent huge pages under a large buffer before it is first written: reading a
/// 256 MB event file into 4 KiB pages spent a quarter of its time faulting, zeroing and freeing
/// them. Only a hint (the kernel may say no; where THP is "madvise", only this asks for them).
void adviseHugePages(QByteArray &bytes)
{
    constexpr quintptr huge = quintptr(2) << 20;
    if (bytes.size() < qsizetype(8 * huge))
        return;
    const quintptr begin = (quintptr(bytes.data()) + huge - 1) & ~(huge - 1);
    const quintptr end = (quintptr(bytes.data()) + quintptr(bytes.size())) & ~(huge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
}

QByteArray readBounded(QFile &file, qint64 limit)
{
    constexpr qint64 minBlock = 1 << 20;
    QByteArray bytes(qsizetype(qMin(file.size(), limit) + 1), Qt::Uninitialized);
    adviseHugePages(bytes);
    qint64 got = 0;
    for (;;) {
        if (got == bytes.size()) {
            if (got > limit)
                break;
            bytes.resize(qsizetype(qMin(got + qMax(minBlock, got / 2), limit + 1)));
        }
        const qint64 n = file.read(bytes.data() + got, bytes.size() - got);
        if (n <= 0)
            break;
        got += n;
    }
    bytes.truncate(qsizetype(got));
    return bytes;
}

} // namespace

qint64 InputFile::readLine(QIODevice &device, qint64 limit, QByteArray &line)
{
    line.clear();
    if (device.atEnd())
        return -1;
    // In pieces: QIODevice::readLine(maxSize) would allocate maxSize for every line.
    char piece[64 * 1024];
    qint64 length = 0;
    bool ended = false;
    while (!ended) {
        const qint64 n = device.readLine(piece, sizeof piece);
        if (n <= 0)
            break;
        length += n;
        ended = piece[n - 1] == '\n';
        if (line.size() < limit)
            line.append(piece, qsizetype(qMin(n, limit - line.size())));
    }
    if (ended) {
        --length;
        if (line.size() > length)
            line.chop(1); // the '\n', kept when the line is within the limit
    }
    return length;
}

QString InputFile::formatLimit(qint64 bytes)
{
    if (bytes >= (1ll << 30) && bytes % (1ll << 30) == 0)
        return QStringLiteral("%1 GiB").arg(bytes >> 30);
    if (bytes >= (1ll << 20) && bytes % (1ll << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    return QStringLiteral("%1 bytes").arg(bytes);
}

InputFile::Result InputFile::read(const QString &path, qint64 limit, const QString &what)
{
    Result result;
    result.error = refusalFor(path);
    if (!result.error.isEmpty())
        return result;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return result;
    }
    if (file.size() > limit) {
        result.error = QStringLiteral("%1: %2 bytes is over the %3 limit for a %4 (see docs/limits.md)")
                           .arg(path)
                           .arg(file.size())
                           .arg(formatLimit(limit), what);
        return result;
    }
    result.bytes = readBounded(file, limit);
    if (file.error() != QFileDevice::NoError) {
        result.error = QStringLiteral("%1: read error: %2").arg(path, file.errorString());
        result.bytes.clear();
    } else if (result.bytes.size() > limit) {
        result.error = QStringLiteral("%1: grew past the %2 limit for a %3 while being read (see docs/limits.md)")
                           .arg(path, formatLimit(limit), what);
        result.bytes.clear();
    }
    return result;
}

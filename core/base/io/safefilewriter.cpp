// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "safefilewriter.h"

#include "core/base/io/inputfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace {

constexpr int maxSymlinkHops = 40;

QByteArray native(const QString &path)
{
    return QFile::encodeName(path);
}

QString describeErrno(int errnum)
{
    const QString text = qt_error_string(errnum);
    if (errnum == ENOSPC || errnum == EDQUOT)
        return text + QStringLiteral(" (the disk is full)");
    if (errnum == EFBIG)
        return text + QStringLiteral(" (over the file size limit)");
    return text;
}

/// The permission bits a new file gets from open(0666) under this process's umask. umask() itself
/// would have to be set to be read, racing with other threads creating files.
mode_t defaultNewFileMode()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : status.readAll().split('\n')) {
            if (line.startsWith("Umask:")) {
                bool ok = false;
                const uint mask = line.mid(6).trimmed().toUInt(&ok, 8);
                if (ok)
                    return 0666 & ~mask;
            }
        }
    }
    return 0644;
}

mode_t toMode(QFileDevice::Permissions p)
{
    mode_t m = 0;
    if (p & QFileDevice::ReadOwner)
        m |= S_IRUSR;
    if (p & QFileDevice::WriteOwner)
        m |= S_IWUSR;
    if (p & QFileDevice::ExeOwner)
        m |= S_IXUSR;
    if (p & QFileDevice::ReadGroup)
        m |= S_IRGRP;
    if (p & QFileDevice::WriteGroup)
        m |= S_IWGRP;
    if (p & QFileDevice::ExeGroup)
        m |= S_IXGRP;
    if (p & QFileDevice::ReadOther)
        m |= S_IROTH;
    if (p & QFileDevice::WriteOther)
        m |= S_IWOTH;
    if (p & QFileDevice::ExeOther)
        m |= S_IXOTH;
    return m;
}

QString nonRegularKind(mode_t mode)
{
    if (S_ISDIR(mode))
        return QStringLiteral("is a folder");
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return QStringLiteral("is a device, not a regular file; refusing to replace it");
    if (S_ISFIFO(mode))
        return QStringLiteral("is a FIFO (named pipe), not a regular file; refusing to replace it");
    if (S_ISSOCK(mode))
        return QStringLiteral("is a socket, not a regular file; refusing to replace it");
    return QStringLiteral("is not a regular file; refusing to replace it");
}

/// Follows symlinks one by one, so that a dangling link still names the file to create and the
/// link itself is never what gets replaced. Sets `refusal` for anything but a regular file.
QString resolveTarget(const QString &path, bool *exists, QString *refusal)
{
    *exists = false;
    struct stat st;
    // stat() first: /dev/stdout → /proc/self/fd/1 → "pipe:[…]" only reads right when followed by the kernel.
    if (::stat(native(path).constData(), &st) == 0 && !S_ISREG(st.st_mode)) {
        *refusal = nonRegularKind(st.st_mode);
        return {};
    }
    QString current = QFileInfo(path).absoluteFilePath();
    for (int hop = 0; hop < maxSymlinkHops; ++hop) {
        if (::lstat(native(current).constData(), &st) != 0) {
            if (errno == ENOENT)
                return current;
            *refusal = qt_error_string(errno);
            return {};
        }
        if (!S_ISLNK(st.st_mode)) {
            if (!S_ISREG(st.st_mode)) {
                *refusal = nonRegularKind(st.st_mode);
                return {};
            }
            *exists = true;
            return current;
        }
        char buffer[PATH_MAX];
        const ssize_t n = ::readlink(native(current).constData(), buffer, sizeof buffer);
        if (n < 0) {
            *refusal = qt_error_string(errno);
            return {};
        }
        const QString link = QFile::decodeName(QByteArray(buffer, int(n)));
        current = QDir::cleanPath(QDir::isAbsolutePath(link) ? link : QFileInfo(current).dir().filePath(link));
    }
    *refusal = QStringLiteral("too many levels of symbolic links");
    return {};
}

bool writeAllTo(int fd, const char *data, qint64 size, int *errnum)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size_t(size));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            *errnum = errno;
            return false;
        }
        data += n;
        size -= n;
    }
    return true;
}

/// A backup by copying, for file systems without hard links. Checked like the main write.
bool copyForBackup(const QString &from, const QString &to, int *errnum)
{
    const int in = ::open(native(from).constData(), O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        *errnum = errno;
        return false;
    }
    const int out = ::open(native(to).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (out < 0) {
        *errnum = errno;
        ::close(in);
        return false;
    }
    bool ok = true;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(in, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            *errnum = errno;
            ok = false;
            break;
        }
        if (n == 0)
            break;
        if (!writeAllTo(out, buffer, n, errnum)) {
            ok = false;
            break;
        }
    }
    struct stat st;
    if (ok && ::fstat(in, &st) == 0)
        ::fchmod(out, st.st_mode & 07777);
    if (ok && ::fsync(out) != 0) {
        *errnum = errno;
        ok = false;
    }
    if (::close(out) != 0 && ok) {
        *errnum = errno;
        ok = false;
    }
    ::close(in);
    if (!ok)
        ::unlink(native(to).constData());
    return ok;
}

bool pathTaken(const QString &path)
{
    struct stat st;
    return ::lstat(native(path).constData(), &st) == 0;
}

// The mark of a backup PortBench made: only such a backup is ever replaced.
constexpr char backupMark[] = "user.portbench.backup";

bool isOurBackup(const QString &path)
{
    // Its presence is the mark (a size query: any value counts).
    return ::lgetxattr(native(path).constData(), backupMark, nullptr, 0) >= 0;
}

/// Best effort: where the file system has no extended attributes the backup stays unmarked, and
/// is then never replaced.
void markBackup(const QString &path)
{
    (void)::lsetxattr(native(path).constData(), backupMark, "1", 1, 0);
}

bool isReadOnly(const QString &path)
{
    struct stat st;
    // Mode bits too: root may write anything, but a file made read-only says "do not replace".
    return ::stat(native(path).constData(), &st) == 0
        && ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(native(path).constData(), W_OK) != 0);
}

} // namespace

SafeFileWriter::SafeFileWriter(const QString &path, Backup backup, const QString &backupSuffix)
    : m_path(path)
    , m_backupSuffix(backupSuffix)
    , m_backup(backup)
{ }

SafeFileWriter::~SafeFileWriter()
{
    cancel();
}

void SafeFileWriter::setNewFilePermissions(QFileDevice::Permissions permissions)
{
    m_hasNewPermissions = true;
    m_newPermissions = permissions;
}

bool SafeFileWriter::fail(const QString &what, int errnum)
{
    m_failed = true;
    if (m_error.isEmpty()) {
        m_error = QStringLiteral("%1: %2").arg(m_path, what);
        if (errnum)
            m_error += QStringLiteral(": ") + describeErrno(errnum);
        if (m_targetExists)
            m_error += QStringLiteral("; the existing file is unchanged");
    }
    setErrorString(m_error);
    return false;
}

bool SafeFileWriter::open(OpenMode mode)
{
    if (isOpen() || (mode & ReadOnly) || !(mode & WriteOnly) || (mode & Append))
        return fail(QStringLiteral("can only be opened once, for writing"), 0);
    m_error.clear();
    m_failed = false;
    m_backupPath.clear();
    QString refusal;
    m_resolved = resolveTarget(m_path, &m_targetExists, &refusal);
    if (m_resolved.isEmpty())
        return fail(refusal, 0);
    if (m_targetExists && !m_replaceReadOnly && isReadOnly(m_resolved))
        return fail(QStringLiteral("is read-only; refusing to replace it (--force replaces it)"), 0);
    const QFileInfo target(m_resolved);
    QByteArray pattern
        = native(target.dir().filePath(QLatin1Char('.') + target.fileName() + QStringLiteral(".pb-XXXXXX")));
    m_fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (m_fd < 0)
        return fail(QStringLiteral("cannot create a file in %1").arg(QDir::toNativeSeparators(target.absolutePath())),
                    errno);
    m_temporary = QFile::decodeName(pattern);
    return QIODevice::open(mode | Unbuffered);
}

qint64 SafeFileWriter::writeData(const char *data, qint64 size)
{
    if (m_failed || m_fd < 0)
        return -1;
    int errnum = 0;
    if (!writeAllTo(m_fd, data, size, &errnum)) {
        fail(QStringLiteral("cannot write"), errnum);
        return -1;
    }
    return size;
}

void SafeFileWriter::removeTemporary()
{
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    if (!m_temporary.isEmpty()) {
        ::unlink(native(m_temporary).constData());
        m_temporary.clear();
    }
}

void SafeFileWriter::cancel()
{
    removeTemporary();
    if (isOpen())
        QIODevice::close();
}

bool SafeFileWriter::keepBackup()
{
    if (!m_targetExists || m_backup == Backup::None)
        return true;
    QString backup = m_resolved + m_backupSuffix;
    switch (m_backup) {
    case Backup::None: return true;
    case Backup::KeepFirst:
        if (pathTaken(backup))
            return true;
        break;
    case Backup::Numbered:
        for (int i = 2; pathTaken(backup); ++i)
            backup = m_resolved + m_backupSuffix + QStringLiteral(".%1").arg(i);
        break;
    case Backup::Replace:
        // A NAME.bak that PortBench did not make is someone's file: the backup goes beside it.
        for (int i = 2; pathTaken(backup) && !isOurBackup(backup); ++i)
            backup = m_resolved + m_backupSuffix + QStringLiteral(".%1").arg(i);
        if (pathTaken(backup) && ::unlink(native(backup).constData()) != 0)
            return fail(QStringLiteral("cannot replace the old backup %1").arg(backup), errno);
        break;
    }
    // A hard link keeps the original's bytes without copying them: it cannot fail on a full disk.
    if (::link(native(m_resolved).constData(), native(backup).constData()) != 0) {
        int errnum = errno;
        if ((errnum != EPERM && errnum != EMLINK && errnum != EOPNOTSUPP && errnum != EXDEV)
            || !copyForBackup(m_resolved, backup, &errnum))
            return fail(QStringLiteral("cannot keep the backup %1").arg(backup), errnum);
    }
    m_backupPath = backup;
    return true;
}

bool SafeFileWriter::prepare()
{
    if (!isOpen() || m_fd < 0)
        return fail(QStringLiteral("nothing to commit"), 0);
    struct stat st;
    mode_t mode = m_hasNewPermissions ? toMode(m_newPermissions) : defaultNewFileMode();
    if (m_targetExists && ::stat(native(m_resolved).constData(), &st) == 0) {
        mode = st.st_mode & 07777;
        // Best effort: only root may give the file back to its owner.
        if (st.st_uid != ::geteuid() || st.st_gid != ::getegid())
            (void)!::fchown(m_fd, st.st_uid, st.st_gid);
    }
    bool ok = !m_failed;
    if (ok && ::fchmod(m_fd, mode) != 0)
        ok = fail(QStringLiteral("cannot set permissions"), errno);
    if (ok && ::fsync(m_fd) != 0)
        ok = fail(QStringLiteral("cannot write"), errno);
    const int closed = ::close(m_fd);
    m_fd = -1;
    if (ok && closed != 0)
        ok = fail(QStringLiteral("cannot write"), errno);
    if (!ok) {
        removeTemporary();
        QIODevice::close();
        return false;
    }
    return true;
}

bool SafeFileWriter::install()
{
    bool ok = keepBackup();
    if (ok && ::rename(native(m_temporary).constData(), native(m_resolved).constData()) != 0) {
        ok = fail(QStringLiteral("cannot replace"), errno);
        if (!m_backupPath.isEmpty()) {
            ::unlink(native(m_backupPath).constData());
            m_backupPath.clear();
        }
    }
    if (!ok) {
        removeTemporary();
        QIODevice::close();
        return false;
    }
    m_temporary.clear();
    // Marked once it holds only the old file (before the rename it was the target's inode too).
    if (!m_backupPath.isEmpty())
        markBackup(m_backupPath);
    // The rename is durable only once the folder is on disk too.
    const int dir
        = ::open(native(QFileInfo(m_resolved).absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    QIODevice::close();
    return true;
}

void SafeFileWriter::undoInstall()
{
    if (!m_targetExists)
        ::unlink(native(m_resolved).constData());
    else if (!m_backupPath.isEmpty() && ::rename(native(m_backupPath).constData(), native(m_resolved).constData()) == 0)
        m_backupPath.clear();
}

bool SafeFileWriter::commit()
{
    return prepare() && install();
}

QString SafeFileWriter::commitAll(const std::vector<SafeFileWriter *> &writers)
{
    QString error;
    for (SafeFileWriter *w : writers) {
        if (error.isEmpty() && !w->prepare())
            error = w->error();
    }
    for (size_t i = 0; i < writers.size() && error.isEmpty(); ++i) {
        if (writers[i]->install())
            continue;
        error = writers[i]->error();
        for (size_t k = 0; k < i; ++k)
            writers[k]->undoInstall();
    }
    if (!error.isEmpty()) {
        for (SafeFileWriter *w : writers)
            w->cancel();
    }
    return error;
}

QString SafeFileWriter::refusalFor(const QString &path)
{
    bool exists = false;
    QString refusal;
    resolveTarget(path, &exists, &refusal);
    return refusal.isEmpty() ? QString() : QStringLiteral("%1: %2").arg(path, refusal);
}

QString SafeFileWriter::writeFile(const QString &path, const QByteArray &bytes, Backup backup, QString *backupMade,
                                  const QString &backupSuffix, bool replaceReadOnly)
{
    SafeFileWriter out(path, backup, backupSuffix);
    out.setReplaceReadOnly(replaceReadOnly);
    if (!out.open(WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
        return out.error();
    if (backupMade)
        *backupMade = out.backupPath();
    return {};
}

QString SafeFileWriter::copyFile(const QString &from, const QString &to, Backup backup, QString *backupMade,
                                 bool replaceReadOnly)
{
    if (const QString refusal = InputFile::refusalFor(from); !refusal.isEmpty())
        return refusal;
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: %2").arg(from, in.errorString());
    SafeFileWriter out(to, backup);
    out.setReplaceReadOnly(replaceReadOnly);
    out.setNewFilePermissions(in.permissions());
    if (!out.open(WriteOnly))
        return out.error();
    while (!in.atEnd()) {
        const QByteArray chunk = in.read(1 << 20);
        if (chunk.isEmpty()) {
            if (in.error() != QFileDevice::NoError)
                return QStringLiteral("%1: %2").arg(from, in.errorString());
            break;
        }
        if (out.write(chunk) != chunk.size())
            return out.error();
    }
    if (!out.commit())
        return out.error();
    if (backupMade)
        *backupMade = out.backupPath();
    return {};
}

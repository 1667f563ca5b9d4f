// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryappender.h"

#include "core/base/io/safefilewriter.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

TelemetryAppender::~TelemetryAppender()
{
    close();
}

bool TelemetryAppender::open(const QString &path)
{
    close();
    m_path = path;
    m_error.clear();
    const QString refusal = SafeFileWriter::refusalFor(path);
    if (!refusal.isEmpty()) {
        m_error = QStringLiteral("%1: %2").arg(path, refusal);
        return false;
    }
    const QByteArray native = QFile::encodeName(path);
    m_fd = ::open(native.constData(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0644);
    if (m_fd < 0) {
        m_error = QStringLiteral("%1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    struct stat st
    {
    };
    if (::fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        m_error = QStringLiteral("%1: not a regular file").arg(path);
        close();
        return false;
    }
    if (st.st_size > 0) {
        // A writer killed mid-line left a cut line: end it so it never merges with the next one
        // (read back through the same descriptor, hence O_RDWR).
        char last = '\n';
        if (::pread(m_fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
            return append(QByteArrayLiteral("\n"));
    }
    return true;
}

bool TelemetryAppender::append(const QByteArray &lines)
{
    if (m_fd < 0)
        return false;
    qsizetype done = 0;
    while (done < lines.size()) {
        const ssize_t n = ::write(m_fd, lines.constData() + done, size_t(lines.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_error = QStringLiteral("%1: %2").arg(m_path, QString::fromLocal8Bit(std::strerror(errno)));
            return false;
        }
        done += n;
    }
    return true;
}

void TelemetryAppender::close()
{
    if (m_fd < 0)
        return;
    ::fsync(m_fd);
    ::close(m_fd);
    m_fd = -1;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>

#include <csignal>
#include <sys/mount.h>
#include <sys/resource.h>

/// A full file system for the writers' tests: a small tmpfs mounted on a folder (needs
/// CAP_SYS_ADMIN, as root in CI containers; available() is false elsewhere and the test QSKIPs).
class FullDisk
{
public:
    /// Mounts a tmpfs of one page on `dir`.
    explicit FullDisk(const QString &dir)
        : m_dir(dir)
    {
        m_mounted = ::mount("tmpfs", QFile::encodeName(dir).constData(), "tmpfs", 0, "size=4k") == 0;
    }
    ~FullDisk()
    {
        if (m_mounted)
            ::umount2(QFile::encodeName(m_dir).constData(), MNT_DETACH);
    }
    FullDisk(const FullDisk &) = delete;
    FullDisk &operator=(const FullDisk &) = delete;

    bool available() const { return m_mounted; }

private:
    QString m_dir;
    bool m_mounted = false;
};

/// Runs a child under RLIMIT_FSIZE as `ulimit -f` does, SIGXFSZ at its default action (which kills
/// a process that does not ignore it, as both executables do): the portable stand-in for a full
/// disk that needs no privileges.
inline void limitFileSize(QProcess &process, rlim_t bytes)
{
    process.setChildProcessModifier([bytes] {
        std::signal(SIGXFSZ, SIG_DFL);
        const rlimit limit{bytes, bytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    });
}

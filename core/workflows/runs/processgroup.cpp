// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "processgroup.h"

#include <QFile>

#include <cerrno>
#include <csignal>
#include <sys/types.h>

namespace ProcessGroup {

bool signal(qint64 pgid, int sig)
{
    // pgid <= 1 would address our own group or every process: never.
    if (pgid <= 1)
        return false;
    return ::kill(-pid_t(pgid), sig) == 0;
}

bool alive(qint64 pgid)
{
    if (pgid <= 1)
        return false;
    return ::kill(-pid_t(pgid), 0) == 0 || errno == EPERM;
}

bool processAlive(qint64 pid)
{
    if (pid <= 1)
        return false;
    if (::kill(pid_t(pid), 0) != 0 && errno != EPERM)
        return false;
    // A zombie still answers kill(0); /proc tells it apart ("State: Z").
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return true;
    while (!status.atEnd()) {
        const QByteArray line = status.readLine();
        if (line.startsWith("State:"))
            return !line.contains("Z (zombie)");
    }
    return true;
}

} // namespace ProcessGroup

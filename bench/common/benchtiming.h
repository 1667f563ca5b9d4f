// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QFile>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <sys/resource.h>

/// Timing helpers every benchmark shares: CPU seconds of this process and of its children, the
/// best of several runs, and the load average printed beside the numbers.
namespace BenchTiming {

inline double seconds(const struct rusage &u)
{
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// CPU seconds (user + system) of finished child processes.
inline double childCpuSeconds()
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return seconds(u);
}

/// CPU seconds (user + system) of this process, all threads.
inline double cpuSeconds()
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return seconds(u);
}

/// Best wall and CPU time of several runs.
struct Timing
{
    double wall = 1e300;
    double cpu = 1e300;
    void add(double w, double c)
    {
        wall = std::min(wall, w);
        cpu = std::min(cpu, c);
    }
};

/// The value after `name` on the command line, or fallback.
inline QString argument(const QStringList &args, const QString &name, const QString &fallback = {})
{
    const qsizetype at = args.indexOf(name);
    return at > 0 && at + 1 < args.size() ? args.at(at + 1) : fallback;
}

inline QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("unknown");
    return QString::fromLatin1(f.readAll().split(' ').mid(0, 3).join(' '));
}

} // namespace BenchTiming

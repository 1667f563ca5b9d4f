// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "hostprobe.h"

#include "core/base/exec/commandrunner.h"
#include "core/base/exec/shellquote.h"

namespace {
constexpr qint64 kib = 1;
constexpr qint64 gib = 1024 * 1024 * kib;

QString gibText(qint64 kb)
{
    return QStringLiteral("%1 GiB").arg(double(kb) / gib, 0, 'f', kb >= 10 * gib ? 0 : 1);
}
}

QString HostProbe::script(const QString &outputDir)
{
    return QStringLiteral("kv() { printf '%s=%s\\n' \"$1\" \"$2\"; }\n"
                          "kv hostname \"$(hostname 2>/dev/null || cat /proc/sys/kernel/hostname)\"\n"
                          "kv kernel \"$(uname -sr 2>/dev/null)\"\n"
                          "kv shm_kb \"$(df -Pk /dev/shm 2>/dev/null | awk 'NR==2{print $2}')\"\n"
                          "kv hugepages_total \"$(awk '/^HugePages_Total/{print $2}' /proc/meminfo 2>/dev/null)\"\n"
                          "kv hugepage_kb \"$(awk '/^Hugepagesize/{print $2}' /proc/meminfo 2>/dev/null)\"\n"
                          "kv mem_kb \"$(awk '/^MemTotal/{print $2}' /proc/meminfo 2>/dev/null)\"\n"
                          "kv ip_forward \"$(cat /proc/sys/net/ipv4/ip_forward 2>/dev/null)\"\n"
                          "kv nofile \"$(ulimit -n 2>/dev/null)\"\n"
                          "kv numa_nodes \"$(ls -d /sys/devices/system/node/node[0-9]* 2>/dev/null | wc -l)\"\n"
                          "kv cpus \"$(getconf _NPROCESSORS_ONLN 2>/dev/null)\"\n"
                          "if [ -f /.dockerenv ]; then kv container docker; elif grep -qa 'container=' /proc/1/environ "
                          "2>/dev/null; "
                          "then kv container yes; else kv container no; fi\n"
                          "d=%1\n"
                          "while [ ! -d \"$d\" ] && [ \"$d\" != / ] && [ \"$d\" != . ]; do d=$(dirname \"$d\"); done\n"
                          "kv disk_dir \"$d\"\n"
                          "kv disk_avail_kb \"$(df -Pk \"$d\" 2>/dev/null | awk 'NR==2{print $4}')\"\n"
                          "echo __ENV__\n"
                          "env\n")
        .arg(ShellQuote::quote(outputDir.isEmpty() ? QStringLiteral(".") : outputDir));
}

HostFacts HostProbe::probe(const CommandRunner &runner, const QString &outputDir)
{
    const CommandResult r = runner.runShell(script(outputDir));
    if (!r.ok()) {
        HostFacts facts;
        facts.error = r.summary();
        return facts;
    }
    return HostFacts::parse(r.out);
}

QList<EnvCheck> HostProbe::checks(const HostFacts &facts)
{
    using S = EnvCheck::Status;
    QList<EnvCheck> rows;
    if (!facts) {
        rows << EnvCheck::make(
            QStringLiteral("host.reach"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Host reachable")), S::Fail,
            facts.error, QStringLiteral("the probe script runs"),
            QStringLiteral("Check `ssh -o BatchMode=yes HOST true` works (keys, known_hosts, ~/.ssh/config)"));
        return rows;
    }
    const bool container = facts.value(QStringLiteral("container")) != QLatin1String("no");

    bool ok = false;
    const qint64 shm = facts.value(QStringLiteral("shm_kb")).toLongLong(&ok);
    if (!ok)
        rows << EnvCheck::make(QStringLiteral("host.shm"),
                               QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "/dev/shm size")), S::Warn,
                               QStringLiteral("no /dev/shm"), QStringLiteral("≥ 64 GiB for multi-process training"),
                               QStringLiteral("Mount a tmpfs on /dev/shm (docker: --shm-size=64g)"));
    else
        rows << EnvCheck::make(
            QStringLiteral("host.shm"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "/dev/shm size")),
            shm >= 64 * gib ? S::Ok : S::Warn, gibText(shm),
            QStringLiteral("≥ 64 GiB for multi-process training (DataLoader workers, collective-library buffers)"),
            shm >= 64 * gib ? QString()
                : container ? QStringLiteral("Restart the container with --shm-size=64g (or --ipc=host)")
                            : QStringLiteral("mount -o remount,size=64G /dev/shm"));

    const QString huge = facts.value(QStringLiteral("hugepages_total"));
    rows << EnvCheck::make(
        QStringLiteral("host.hugepages"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Hugepages")),
        huge.isEmpty() ? S::Skipped : S::Ok,
        huge.isEmpty() ? QStringLiteral("unknown (no /proc/meminfo)")
                       : QStringLiteral("%1 × %2 kB pages").arg(huge, facts.value(QStringLiteral("hugepage_kb"))),
        QStringLiteral("informational: some vendor tools report huge-page use per device"));

    const QString fwd = facts.value(QStringLiteral("ip_forward"));
    rows << EnvCheck::make(
        QStringLiteral("host.ip_forward"), QStringLiteral("net.ipv4.ip_forward"),
        fwd.isEmpty() ? S::Skipped : (fwd == QLatin1String("1") ? S::Ok : S::Warn),
        fwd.isEmpty() ? QStringLiteral("unknown") : fwd, QStringLiteral("1 (container networking needs forwarding)"),
        fwd == QLatin1String("0") ? QStringLiteral("sysctl -w net.ipv4.ip_forward=1 (persist in /etc/sysctl.conf)")
                                  : QString());

    const QString nofile = facts.value(QStringLiteral("nofile"));
    const qint64 files = nofile.toLongLong(&ok);
    const bool enough = nofile == QLatin1String("unlimited") || (ok && files >= 65536);
    rows << EnvCheck::make(
        QStringLiteral("host.nofile"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Open files limit (ulimit -n)")),
        nofile.isEmpty() ? S::Skipped : (enough ? S::Ok : S::Warn),
        nofile.isEmpty() ? QStringLiteral("unknown") : nofile,
        QStringLiteral("≥ 65536 (many ranks × DataLoader workers × sockets)"),
        enough ? QString()
               : (container ? QStringLiteral("docker run --ulimit nofile=65536:65536")
                            : QStringLiteral("ulimit -n 65536 (or nofile in /etc/security/limits.conf)")));

    const qint64 avail = facts.value(QStringLiteral("disk_avail_kb")).toLongLong(&ok);
    const QString dir = facts.value(QStringLiteral("disk_dir"));
    if (!ok)
        rows << EnvCheck::make(QStringLiteral("host.disk"),
                               QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Free disk in the output folder")),
                               S::Skipped, QStringLiteral("unknown (%1)").arg(dir));
    else
        rows << EnvCheck::make(
            QStringLiteral("host.disk"),
            QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "Free disk in the output folder")),
            avail >= 50 * gib ? S::Ok : (avail >= 5 * gib ? S::Warn : S::Fail),
            QStringLiteral("%1 free in %2").arg(gibText(avail), dir), QStringLiteral("≥ 50 GiB for checkpoints"),
            avail >= 50 * gib ? QString() : QStringLiteral("Point the output folder (--output) at a larger volume"));

    const QString numa = facts.value(QStringLiteral("numa_nodes"));
    rows << EnvCheck::make(QStringLiteral("host.numa"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "NUMA nodes")),
                           numa.isEmpty() ? S::Skipped : S::Ok,
                           QStringLiteral("%1 NUMA node(s), %2 CPUs, %3 RAM")
                               .arg(numa.isEmpty() ? QStringLiteral("?") : numa, facts.value(QStringLiteral("cpus")),
                                    gibText(facts.value(QStringLiteral("mem_kb")).toLongLong())),
                           QStringLiteral("informational: bind each rank to its device's NUMA node (see topo)"));
    return rows;
}

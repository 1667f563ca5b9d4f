// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDir>
#include <QFile>
#include <QHostInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <unistd.h>

/// A one-node SLURM cluster on this machine for tests: a private munged (own key and socket),
/// slurmctld and slurmd with a minimal slurm.conf in a temp dir (free ports, state, spool, pid and
/// log files there), as shared/notes/real-services.md describes. Stopped by the pids in their pid
/// files. Needs root and Debian's slurm-wlm + munge; start() returns false with the reason, which
/// the test passes to QSKIP. Link Qt6::Network.
///
///     SlurmFixture slurm;
///     if (!slurm.start()) QSKIP(qPrintable(slurm.reason()));
///     CommandRunner runner; runner.setLocalEnvironment(slurm.environment());
class SlurmFixture
{
public:
    ~SlurmFixture() { stop(); }

    bool start()
    {
        for (const char *tool : {"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "scancel"}) {
            if (QStandardPaths::findExecutable(QLatin1String(tool),
                                               {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")})
                    .isEmpty())
                return fail(QStringLiteral("%1 not found (Debian packages slurm-wlm, munge)").arg(QLatin1String(tool)));
        }
        if (::geteuid() != 0)
            return fail(
                QStringLiteral("slurmd must run as root to launch jobs; the test runs as uid %1").arg(::geteuid()));
        if (!m_dir.isValid())
            return fail(QStringLiteral("no temp dir"));
        // munged refuses a key or socket directory others can write; a 0700 temp dir is fine.
        for (const char *sub : {"run", "state", "spool", "log"})
            QDir(m_dir.path()).mkpath(QLatin1String(sub));
        QFile key(path(QStringLiteral("munge.key")));
        QFile random(QStringLiteral("/dev/urandom"));
        if (!key.open(QIODevice::WriteOnly) || !random.open(QIODevice::ReadOnly)
            || key.write(random.read(1024)) != 1024)
            return fail(QStringLiteral("cannot write a munge key"));
        key.close();
        key.setPermissions(QFile::ReadOwner);
        if (!runDaemon(QStringLiteral("munged"),
                       {QStringLiteral("--force"), QStringLiteral("--socket=") + mungeSocket(),
                        QStringLiteral("--key-file=") + key.fileName(),
                        QStringLiteral("--log-file=") + path(QStringLiteral("log/munged.log")),
                        QStringLiteral("--pid-file=") + path(QStringLiteral("run/munged.pid")),
                        QStringLiteral("--seed-file=") + path(QStringLiteral("run/munged.seed"))},
                       QStringLiteral("run/munged.pid")))
            return fail(QStringLiteral("munged did not start: ") + read(QStringLiteral("log/munged.log")));
        m_node = QHostInfo::localHostName().section(QLatin1Char('.'), 0, 0);
        const int ctldPort = freePort();
        int slurmdPort = freePort();
        while (slurmdPort == ctldPort)
            slurmdPort = freePort();
        const QStringList conf{
            QStringLiteral("ClusterName=portbench"),
            QStringLiteral("SlurmctldHost=") + m_node,
            QStringLiteral("AuthType=auth/munge"),
            QStringLiteral("CredType=cred/munge"),
            QStringLiteral("AuthInfo=socket=") + mungeSocket(),
            QStringLiteral("SlurmUser=root"),
            QStringLiteral("SlurmdUser=root"),
            QStringLiteral("SlurmctldPort=%1").arg(ctldPort),
            QStringLiteral("SlurmdPort=%1").arg(slurmdPort),
            QStringLiteral("StateSaveLocation=") + path(QStringLiteral("state")),
            QStringLiteral("SlurmdSpoolDir=") + path(QStringLiteral("spool")),
            QStringLiteral("SlurmctldPidFile=") + path(QStringLiteral("run/slurmctld.pid")),
            QStringLiteral("SlurmdPidFile=") + path(QStringLiteral("run/slurmd.pid")),
            QStringLiteral("SlurmctldLogFile=") + path(QStringLiteral("log/slurmctld.log")),
            QStringLiteral("SlurmdLogFile=") + path(QStringLiteral("log/slurmd.log")),
            QStringLiteral("ProctrackType=proctrack/linuxproc"),
            QStringLiteral("TaskPlugin=task/none"),
            QStringLiteral("SelectType=select/cons_tres"),
            QStringLiteral("JobAcctGatherType=jobacct_gather/none"),
            QStringLiteral("AccountingStorageType=accounting_storage/none"),
            QStringLiteral("ReturnToService=2"),
            QStringLiteral("MpiDefault=none"),
            QStringLiteral("NodeName=%1 CPUs=2 RealMemory=2000 State=UNKNOWN").arg(m_node),
            QStringLiteral("PartitionName=debug Nodes=%1 Default=YES MaxTime=INFINITE State=UP").arg(m_node),
        };
        QFile confFile(confPath());
        if (!confFile.open(QIODevice::WriteOnly))
            return fail(QStringLiteral("cannot write slurm.conf"));
        confFile.write(conf.join(QLatin1Char('\n')).toUtf8() + '\n');
        confFile.close();
        if (!runDaemon(QStringLiteral("slurmctld"), {}, QStringLiteral("run/slurmctld.pid")))
            return fail(QStringLiteral("slurmctld did not start: ")
                        + read(QStringLiteral("log/slurmctld.log")).right(800));
        if (!runDaemon(QStringLiteral("slurmd"), {}, QStringLiteral("run/slurmd.pid")))
            return fail(QStringLiteral("slurmd did not start: ") + read(QStringLiteral("log/slurmd.log")).right(800));
        for (int i = 0; i < 150; ++i) {
            QProcess sinfo;
            sinfo.setProcessEnvironment(environment());
            sinfo.start(QStringLiteral("sinfo"), {QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%T")});
            sinfo.waitForFinished(5000);
            if (sinfo.readAllStandardOutput().trimmed() == "idle")
                return true;
            QThread::msleep(200);
        }
        return fail(QStringLiteral("the node did not become idle within 30 s: ")
                    + read(QStringLiteral("log/slurmd.log")).right(800));
    }

    void stop()
    {
        // Reverse order; each by the pid its own pid file names.
        for (const char *pidFile : {"run/slurmd.pid", "run/slurmctld.pid", "run/munged.pid"})
            stopByPidFile(QLatin1String(pidFile));
    }

    QString reason() const { return m_reason; }
    QString confPath() const { return path(QStringLiteral("slurm.conf")); }
    QString mungeSocket() const { return path(QStringLiteral("run/munge.sock")); }
    QString node() const { return m_node; }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    /// The environment SLURM's client tools need to find this cluster.
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), confPath());
        return env;
    }

private:
    bool fail(const QString &why)
    {
        m_reason = why;
        stop();
        return false;
    }

    bool runDaemon(const QString &program, const QStringList &args, const QString &pidFile)
    {
        QProcess p;
        p.setProcessEnvironment(environment());
        p.start(program, args);
        if (!p.waitForFinished(20000) || p.exitCode() != 0)
            return false;
        for (int i = 0; i < 100; ++i) {
            if (pidOf(pidFile) > 0)
                return true;
            QThread::msleep(50);
        }
        return false;
    }

    qint64 pidOf(const QString &pidFile) const { return read(pidFile).trimmed().toLongLong(); }

    void stopByPidFile(const QString &pidFile)
    {
        const qint64 pid = pidOf(pidFile);
        if (pid <= 1)
            return;
        ::kill(pid_t(pid), SIGTERM);
        for (int i = 0; i < 100 && ::kill(pid_t(pid), 0) == 0 && !isZombie(pid); ++i)
            QThread::msleep(50);
        if (::kill(pid_t(pid), 0) == 0 && !isZombie(pid))
            ::kill(pid_t(pid), SIGKILL);
        QFile::remove(path(pidFile));
    }

    static bool isZombie(qint64 pid)
    {
        QFile status(QStringLiteral("/proc/%1/stat").arg(pid));
        return status.open(QIODevice::ReadOnly) && status.readAll().contains(") Z ");
    }

    QString read(const QString &name) const
    {
        QFile f(path(name));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    static int freePort()
    {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        return probe.serverPort();
    }

    QTemporaryDir m_dir;
    QString m_node;
    QString m_reason;
};

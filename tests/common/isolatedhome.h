// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

/// A home of its own for a process a test starts (the GUI, the CLI, xvfb-run with the GUI): HOME,
/// XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME and XDG_RUNTIME_DIR all inside one temporary
/// folder, and no PORTBENCH_WORKSPACE, so a test neither reads nor changes the data of the user
/// running it (settings, saved log formats, the run workspace and its records).
class IsolatedHome
{
public:
    IsolatedHome()
    {
        const QDir home(m_dir.path());
        for (const char *sub : {"config", "data", "cache", "runtime"})
            home.mkpath(QLatin1String(sub));
        // The XDG spec (and Qt, which warns otherwise) wants the runtime folder private.
        QFile::setPermissions(runtimeDir(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    bool isValid() const { return m_dir.isValid(); }
    QString path() const { return m_dir.path(); }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    QString configDir() const { return m_dir.filePath(QStringLiteral("config")); }
    QString dataDir() const { return m_dir.filePath(QStringLiteral("data")); }
    QString runtimeDir() const { return m_dir.filePath(QStringLiteral("runtime")); }

    /// `base` with HOME and the XDG folders pointing here.
    QProcessEnvironment environment(QProcessEnvironment base = QProcessEnvironment::systemEnvironment()) const
    {
        base.remove(QStringLiteral("PORTBENCH_WORKSPACE"));
        base.insert(QStringLiteral("HOME"), path());
        base.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir());
        base.insert(QStringLiteral("XDG_DATA_HOME"), dataDir());
        base.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(QStringLiteral("cache")));
        base.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir());
        return base;
    }

    /// Points this process there too: for a test that is itself the GUI and also starts the CLI,
    /// both sharing the settings. Call before the application object is made (Qt reads them once).
    void applyToThisProcess() const
    {
        const QProcessEnvironment env = environment();
        qunsetenv("PORTBENCH_WORKSPACE");
        for (const char *name : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"})
            qputenv(name, env.value(QLatin1String(name)).toLocal8Bit());
    }

    /// One home for every process a test binary starts through runCli().
    static const IsolatedHome &shared()
    {
        static const IsolatedHome home;
        return home;
    }

    /// Starts `p` as the leader of a process group of its own, so that finishOrKill() also reaches
    /// what it starts (xvfb-run's X server and the GUI under it); and killed with the test should
    /// ctest end the test first.
    static void startInOwnGroup(QProcess &p, const QString &program, const QStringList &args)
    {
        p.setChildProcessModifier([] {
            ::setpgid(0, 0);
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        });
        p.start(program, args);
    }

    /// Waits up to `timeoutMs` for `p`; when it does not finish, SIGKILLs its whole process group
    /// (started with startInOwnGroup) and returns false — a test that gives up leaves nothing behind.
    static bool finishOrKill(QProcess &p, int timeoutMs)
    {
        if (p.waitForFinished(timeoutMs))
            return true;
        if (p.processId() > 0)
            ::kill(-pid_t(p.processId()), SIGKILL);
        p.kill();
        p.waitForFinished(5000);
        return false;
    }

private:
    QTemporaryDir m_dir;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>

/// A real OpenSSH server on 127.0.0.1 for tests, with its own host key, user key, known_hosts
/// and a client config file (`configFile()`, host alias `hostAlias()`), so tests reach it exactly
/// the way users reach their hosts: `ssh -F CONFIG ALIAS ...`. Host-key checking stays strict:
/// the host key is pre-entered in the fixture's known_hosts.
///
/// Needs /usr/sbin/sshd (Debian: openssh-server) and ssh/ssh-keygen (openssh-client); check
/// `available()` and QSKIP with `unavailableReason()`. Link Qt6::Network (QTcpServer picks the port).
/// The daemon runs in the foreground (-D) as a child of the test and is stopped by its own pid.
///
///     SshdFixture sshd;
///     if (!sshd.available()) QSKIP(qPrintable(sshd.unavailableReason()));
///     QVERIFY2(sshd.start(), qPrintable(sshd.log()));
///     CommandRunner runner(SshTarget{sshd.hostAlias(), sshd.configFile()});
class SshdFixture
{
public:
    static constexpr const char *sshdPath = "/usr/sbin/sshd";

    ~SshdFixture() { stop(); }

    bool available() const
    {
        return QFile::exists(QLatin1String(sshdPath))
            && !QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty()
            && !QStandardPaths::findExecutable(QStringLiteral("ssh-keygen")).isEmpty();
    }
    QString unavailableReason() const
    {
        return QStringLiteral("needs /usr/sbin/sshd, ssh and ssh-keygen (Debian packages openssh-server, "
                              "openssh-client)");
    }

    /// Extra sshd_config lines (e.g. `SetEnv PATH=/x:/usr/bin`), before start().
    void addServerConfig(const QString &line) { m_extraConfig << line; }

    bool start()
    {
        if (!m_dir.isValid() || !keygen(QStringLiteral("host_key")) || !keygen(QStringLiteral("user_key")))
            return false;
        QDir().mkpath(QStringLiteral("/run/sshd")); // privilege-separation directory sshd insists on
        if (!QFile::copy(path(QStringLiteral("user_key.pub")), path(QStringLiteral("authorized_keys"))))
            return false;
        m_port = freePort();
        QStringList config{
            QStringLiteral("Port %1").arg(m_port),
            QStringLiteral("ListenAddress 127.0.0.1"),
            QStringLiteral("HostKey %1").arg(path(QStringLiteral("host_key"))),
            QStringLiteral("AuthorizedKeysFile %1").arg(path(QStringLiteral("authorized_keys"))),
            QStringLiteral("PasswordAuthentication no"),
            QStringLiteral("KbdInteractiveAuthentication no"),
            QStringLiteral("UsePAM no"),
            QStringLiteral("StrictModes no"),
            QStringLiteral("PidFile %1").arg(path(QStringLiteral("sshd.pid"))),
        };
        config << m_extraConfig;
        if (!writeFile(QStringLiteral("sshd_config"), config))
            return false;
        const QString hostPub = readFile(QStringLiteral("host_key.pub")).section(QLatin1Char(' '), 0, 1);
        if (!writeFile(QStringLiteral("known_hosts"), {QStringLiteral("[127.0.0.1]:%1 %2").arg(m_port).arg(hostPub)}))
            return false;
        if (!writeFile(QStringLiteral("ssh_config"),
                       {QStringLiteral("Host %1").arg(hostAlias()), QStringLiteral("  HostName 127.0.0.1"),
                        QStringLiteral("  Port %1").arg(m_port),
                        QStringLiteral("  IdentityFile %1").arg(path(QStringLiteral("user_key"))),
                        QStringLiteral("  IdentitiesOnly yes"),
                        QStringLiteral("  UserKnownHostsFile %1").arg(path(QStringLiteral("known_hosts"))),
                        QStringLiteral("  GlobalKnownHostsFile /dev/null"),
                        QStringLiteral("  StrictHostKeyChecking yes"), QStringLiteral("  LogLevel ERROR")}))
            return false;
        m_sshd.start(QLatin1String(sshdPath),
                     {QStringLiteral("-D"), QStringLiteral("-f"), path(QStringLiteral("sshd_config")),
                      QStringLiteral("-E"), path(QStringLiteral("sshd.log"))});
        if (!m_sshd.waitForStarted(5000))
            return false;
        for (int i = 0; i < 100; ++i) {
            if (log().contains(QLatin1String("Server listening")))
                return true;
            if (m_sshd.state() == QProcess::NotRunning)
                return false;
            QThread::msleep(50);
        }
        return false;
    }

    void stop()
    {
        if (m_sshd.state() != QProcess::NotRunning) {
            m_sshd.terminate();
            if (!m_sshd.waitForFinished(3000)) {
                m_sshd.kill();
                m_sshd.waitForFinished(3000);
            }
        }
    }

    QString hostAlias() const { return QStringLiteral("portbench-test-sshd"); }
    QString configFile() const { return path(QStringLiteral("ssh_config")); }
    int port() const { return m_port; }
    QString log() const { return readFile(QStringLiteral("sshd.log")); }
    QString path(const QString &name) const { return m_dir.filePath(name); }

private:
    bool keygen(const QString &name)
    {
        return QProcess::execute(QStringLiteral("ssh-keygen"),
                                 {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                  QStringLiteral("-N"), QString(), QStringLiteral("-f"), path(name)})
            == 0;
    }
    static int freePort()
    {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        return probe.serverPort();
    }
    bool writeFile(const QString &name, const QStringList &lines) const
    {
        QFile f(path(name));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        f.write(lines.join(QLatin1Char('\n')).toUtf8() + '\n');
        return true;
    }
    QString readFile(const QString &name) const
    {
        QFile f(path(name));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
    }

    QTemporaryDir m_dir;
    QProcess m_sshd;
    QStringList m_extraConfig;
    int m_port = 0;
};

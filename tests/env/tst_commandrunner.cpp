// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/exec/commandrunner.h"
#include "core/base/exec/shellquote.h"
#include "sshdfixture.h"

#include <QTemporaryDir>
#include <QTest>

class TestCommandRunner : public QObject
{
    Q_OBJECT

private:
    static QStringList hostileArguments(const QString &canary)
    {
        return {QStringLiteral("two words"),
                QStringLiteral("it's"),
                QStringLiteral("\"double\""),
                QStringLiteral("$(touch %1)").arg(canary),
                QStringLiteral("`touch %1`").arg(canary),
                QStringLiteral("; touch %1").arg(canary),
                QStringLiteral("a\\b"),
                QStringLiteral("$HOME"),
                QStringLiteral("*"),
                QStringLiteral(""),
                QStringLiteral("-n"),
                QStringLiteral("line1\nline2"),
                QStringLiteral("ünï")};
    }
    static QByteArray expectedPrintf(const QStringList &args)
    {
        QByteArray expected;
        for (const QString &a : args)
            expected += '[' + a.toUtf8() + "]\n";
        return expected;
    }

private Q_SLOTS:
    void quotedArgumentsSurviveARealShell()
    {
        QTemporaryDir dir;
        const QString canary = dir.filePath(QStringLiteral("pwned"));
        const QStringList args = hostileArguments(canary);
        QStringList argv{QStringLiteral("printf"), QStringLiteral("[%s]\\n")};
        argv << args;
        const CommandResult r = CommandRunner().runShell(ShellQuote::join(argv));
        QVERIFY2(r.ok(), qPrintable(r.summary()));
        QCOMPARE(r.out, expectedPrintf(args));
        QVERIFY(!QFile::exists(canary));
    }

    void localRunCapturesOutputsAndExitCode()
    {
        const CommandResult r = CommandRunner().runShell(QStringLiteral("echo out; echo err >&2; exit 3"));
        QVERIFY(r.started);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, QByteArray("out\n"));
        QCOMPARE(r.err, QByteArray("err\n"));
        QVERIFY(!r.ok());
        QCOMPARE(r.summary(), QStringLiteral("err"));
    }

    void missingProgramIsNotFound()
    {
        const CommandResult r = CommandRunner().run({QStringLiteral("portbench-no-such-tool-xyz")});
        QVERIFY(!r.started);
        QVERIFY(r.notFound());
        QVERIFY(r.summary().contains(QLatin1String("portbench-no-such-tool-xyz")));
    }

    void timeoutKillsTheCommand()
    {
        CommandRunner runner({}, 300);
        QElapsedTimer t;
        t.start();
        const CommandResult r = runner.run({QStringLiteral("sleep"), QStringLiteral("30")});
        QVERIFY(r.timedOut);
        QVERIFY(!r.ok());
        QVERIFY(t.elapsed() < 10000);
    }

    void sshCommandLineIsBatchModeAndKeepsHostKeyChecks()
    {
        CommandRunner runner(SshTarget{QStringLiteral("-oProxyCommand=evil"), QStringLiteral("/tmp/cfg")});
        const QStringList line = runner.commandLine({QStringLiteral("cat"), QStringLiteral("a b")});
        QCOMPARE(line.first(), QStringLiteral("ssh"));
        QVERIFY(line.contains(QStringLiteral("BatchMode=yes")));
        QVERIFY(!line.join(QLatin1Char(' ')).contains(QLatin1String("StrictHostKeyChecking")));
        const int dashdash = line.indexOf(QStringLiteral("--"));
        QVERIFY(dashdash > 0);
        QCOMPARE(line.at(dashdash + 1), QStringLiteral("-oProxyCommand=evil"));
        QCOMPARE(line.last(), QStringLiteral("cat 'a b'"));
        QCOMPARE(line.at(line.indexOf(QStringLiteral("-F")) + 1), QStringLiteral("/tmp/cfg"));
    }

    void sshRunsAgainstRealSshd()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        CommandRunner runner(SshTarget{sshd.hostAlias(), sshd.configFile()}, 20000);

        QTemporaryDir dir;
        const QString canary = dir.filePath(QStringLiteral("pwned"));
        const QStringList args = hostileArguments(canary);
        QStringList argv{QStringLiteral("printf"), QStringLiteral("[%s]\\n")};
        argv << args;
        CommandResult r = runner.run(argv);
        QVERIFY2(r.ok(), qPrintable(r.summary() + QLatin1Char('\n') + sshd.log()));
        QCOMPARE(r.out, expectedPrintf(args));
        QVERIFY(!QFile::exists(canary));

        r = runner.runShell(QStringLiteral("echo remote-err >&2; exit 7"));
        QCOMPARE(r.exitCode, 7);
        QCOMPARE(r.err, QByteArray("remote-err\n"));

        r = runner.run({QStringLiteral("portbench-no-such-tool-xyz")});
        QVERIFY(r.started);
        QVERIFY(r.notFound());

        r = runner.run({QStringLiteral("cat")}, QByteArray("stdin travels\n"));
        QCOMPARE(r.out, QByteArray("stdin travels\n"));
    }

    void sshUnknownHostKeyFailsFastInBatchMode()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        QFile known(sshd.path(QStringLiteral("known_hosts")));
        QVERIFY(known.open(QIODevice::WriteOnly | QIODevice::Truncate)); // forget the host key
        known.close();
        const CommandResult r
            = CommandRunner(SshTarget{sshd.hostAlias(), sshd.configFile()}, 20000).run({QStringLiteral("true")});
        QCOMPARE(r.exitCode, 255);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QLatin1String("ssh")), qPrintable(r.error));
    }

    void sshUnreachableHostIsAnError()
    {
        SshTarget target;
        target.host = QStringLiteral("127.0.0.1");
        target.port = 1; // nothing listens there
        target.connectTimeoutSeconds = 3;
        const CommandResult r = CommandRunner(target, 20000).run({QStringLiteral("true")});
        QVERIFY(!r.ok());
        QCOMPARE(r.exitCode, 255);
        QVERIFY(!r.error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCommandRunner)
#include "tst_commandrunner.moc"

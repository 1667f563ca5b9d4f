// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "faketelemetrytool.h"
#include "sshdfixture.h"

#include "core/workflows/runs/processgroup.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestRunsCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QProcessEnvironment m_env;

    QString data(const QString &name) const { return QStringLiteral(PORTBENCH_TEST_DATA "/runs/") + name; }

    QJsonArray runsIn(const QProcessEnvironment &env)
    {
        return runCli({QStringLiteral("runs"), QStringLiteral("--json")}, env)
            .json()
            .object()
            .value(QStringLiteral("runs"))
            .toArray();
    }

    QJsonObject runById(const QString &id)
    {
        const CliResult r = runCli({QStringLiteral("runs"), QStringLiteral("--json")}, m_env);
        for (const QJsonValue &v : r.json().object().value(QStringLiteral("runs")).toArray()) {
            if (v.toObject().value(QStringLiteral("id")).toString() == id)
                return v.toObject();
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_env = isolatedEnvironment();
        m_env.insert(QStringLiteral("PORTBENCH_WORKSPACE"), m_dir.filePath(QStringLiteral("ws")));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("run without command") << QStringList{QStringLiteral("run")};
        QTest::newRow("bad env") << QStringList{QStringLiteral("run"), QStringLiteral("--env"),
                                                QStringLiteral("NOEQUALS"), QStringLiteral("--"),
                                                QStringLiteral("true")};
        QTest::newRow("run unknown backend")
            << QStringList{QStringLiteral("run"), QStringLiteral("--backend"), QStringLiteral("nope"),
                           QStringLiteral("--"), QStringLiteral("true")};
        QTest::newRow("stop unknown") << QStringList{QStringLiteral("stop"), QStringLiteral("no-such-run")};
        QTest::newRow("attach nothing") << QStringList{QStringLiteral("attach")};
        QTest::newRow("submit nothing") << QStringList{QStringLiteral("submit")};
        QTest::newRow("run telemetry interval 0")
            << QStringList{QStringLiteral("run"), QStringLiteral("--telemetry-interval"), QStringLiteral("0"),
                           QStringLiteral("--"), QStringLiteral("true")};
        QTest::newRow("attach telemetry interval word")
            << QStringList{QStringLiteral("attach"), QStringLiteral("--telemetry-interval"), QStringLiteral("often"),
                           data(QStringLiteral("megatron_train.sh"))};
        QTest::newRow("submit telemetry interval too long")
            << QStringList{QStringLiteral("submit"), QStringLiteral("--telemetry-interval"), QStringLiteral("3601"),
                           data(QStringLiteral("megatron_train.sh"))};
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        const CliResult r = runCli(args, m_env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
    }

    // A command that prints everything and exits at once: its points are read by the final poll
    // as the run ends. The progress line for them must still say the last step (it was read from
    // the run.json saved before them, "step -1", when the run had already left the live ones).
    void progressLineOfPointsReadAtTheEnd()
    {
        for (int i = 0; i < 3; ++i) {
            const CliResult r
                = runCli({QStringLiteral("run"), QStringLiteral("--"), data(QStringLiteral("megatron_train.sh")),
                          QStringLiteral("4"), QStringLiteral("0")},
                         m_env);
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY2(r.out.contains("step 4  loss 2\n"), r.out.constData());
            QVERIFY2(!r.out.contains("step -1"), r.out.constData());
        }
    }

    void runRecordsStatusLogAndMetrics()
    {
        const CliResult r = runCli(
            {QStringLiteral("run"), QStringLiteral("--name"), QStringLiteral("cli demo"), QStringLiteral("--backend"),
             QStringLiteral("npu"), QStringLiteral("--tag"), QStringLiteral("smoke"), QStringLiteral("--"),
             data(QStringLiteral("megatron_train.sh")), QStringLiteral("4"), QStringLiteral("0.05")},
            m_env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // Live lines come in batches of at most ten a second, then the final row.
        QVERIFY(r.out.count("step ") >= 2);
        QVERIFY(r.out.contains("step 4  loss 2\n"));
        QVERIFY(r.out.contains("finished(0)"));
        const QString id = QString::fromUtf8(r.err).section(QLatin1Char(' '), 1, 1);
        const QJsonObject run = runById(id);
        QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("finished"));
        QCOMPARE(run.value(QStringLiteral("backend")).toString(), QStringLiteral("npu"));
        QCOMPARE(run.value(QStringLiteral("tags")).toArray().first().toString(), QStringLiteral("smoke"));
        const QJsonObject summary = run.value(QStringLiteral("summary")).toObject();
        QCOMPARE(summary.value(QStringLiteral("lastStep")).toInt(), 4);
        QCOMPARE(summary.value(QStringLiteral("lastLoss")).toDouble(), 2.0);
        const QString dir = run.value(QStringLiteral("dir")).toString();
        QFile metrics(dir + QStringLiteral("/metrics.jsonl"));
        QVERIFY(metrics.open(QIODevice::ReadOnly));
        QCOMPARE(metrics.readAll().count('\n'), 4);
        QVERIFY(QFileInfo(dir + QStringLiteral("/output.log")).size() > 0);
    }

    void runRecordsTelemetryAndRunsListsIt_data()
    {
        QTest::addColumn<bool>("off");
        QTest::newRow("recorded") << false;
        QTest::newRow("--no-telemetry") << true;
    }

    void runRecordsTelemetryAndRunsListsIt()
    {
        QFETCH(bool, off);
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(bin.path(), QStringLiteral("nvidia-smi"),
                                         QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
                                         FakeTelemetryTool::replay()));
        QProcessEnvironment env = FakeTelemetryTool::withToolsIn(bin.path(), m_env);
        const QString ws = bin.filePath(QStringLiteral("ws"));
        env.insert(QStringLiteral("PORTBENCH_WORKSPACE"), ws);
        // The training ends once a sample is in its telemetry file (or after 60 s without one);
        // without telemetry at once.
        const QString wait = off ? QString()
                                 : QStringLiteral("i=0; until grep -qs '^[0-9]' \"$1\"/*/telemetry-local.tel || "
                                                  "[ $i -ge 600 ]; do sleep 0.1; i=$((i+1)); done; ");
        QStringList args{QStringLiteral("run"), QStringLiteral("--telemetry-interval"), QStringLiteral("60")};
        if (off)
            args << QStringLiteral("--no-telemetry");
        args << QStringLiteral("--") << QStringLiteral("sh") << QStringLiteral("-c")
             << wait + QStringLiteral("echo '{\"step\": 1, \"loss\": 2.5}'") << QStringLiteral("sh") << ws;
        const CliResult r = runCli(args, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject run = runsIn(env).first().toObject();
        const QJsonArray files = run.value(QStringLiteral("telemetry")).toArray();
        if (off) {
            QVERIFY(files.isEmpty());
            QVERIFY(run.value(QStringLiteral("notes")).toArray().isEmpty());
            return;
        }
        QVERIFY2(r.err.contains("note: Device telemetry from nvidia-smi"), r.err.constData());
        QCOMPARE(files.size(), 1);
        const QString file = files.first().toString();
        QCOMPARE(file, run.value(QStringLiteral("dir")).toString() + QStringLiteral("/telemetry-local.tel"));
        QCOMPARE(run.value(QStringLiteral("notes")).toArray().size(), 1);
        const CliResult listed = runCli({QStringLiteral("runs")}, env);
        QVERIFY2(listed.out.contains(QByteArray("    telemetry: " + file.toUtf8() + "\n")), listed.out.constData());
        // Read back as any telemetry file is.
        const CliResult parsed
            = runCli({QStringLiteral("parse"), QStringLiteral("--json"), QStringLiteral("--summary"), file}, env);
        QVERIFY2(parsed.exitCode == 0, parsed.err.constData());
        const QJsonObject t = parsed.json().object().value(QStringLiteral("telemetry")).toArray().first().toObject();
        QVERIFY(t.value(QStringLiteral("samples")).toInt() >= 1);
        QCOMPARE(t.value(QStringLiteral("unreadLines")).toInt(), 0);
    }

    void failingRunExitsOne()
    {
        const CliResult r = runCli({QStringLiteral("run"), QStringLiteral("--json"), QStringLiteral("--"),
                                    data(QStringLiteral("megatron_train.sh")), QStringLiteral("2"), QStringLiteral("0"),
                                    QStringLiteral("3")},
                                   m_env);
        QCOMPARE(r.exitCode, 1);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3); // two points as JSON Lines, then the record
        QCOMPARE(QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("exitCode")).toInt(), 3);
    }

    void detachedRunStoppedByName()
    {
        const QString childPid = m_dir.filePath(QStringLiteral("child.pid"));
        const CliResult started = runCli({QStringLiteral("run"), QStringLiteral("--detach"), QStringLiteral("--name"),
                                          QStringLiteral("tree"), QStringLiteral("--"),
                                          data(QStringLiteral("term_ignoring_tree.sh")), childPid},
                                         m_env);
        QCOMPARE(started.exitCode, 0);
        const QString id = QString::fromUtf8(started.out).trimmed();
        QCOMPARE(runById(id).value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(childPid).size() > 0, 10000);
        const CliResult stopped = runCli(
            {QStringLiteral("stop"), QStringLiteral("tree"), QStringLiteral("--grace"), QStringLiteral("0.5")}, m_env);
        QVERIFY2(stopped.exitCode == 0, stopped.err.constData());
        QVERIFY(stopped.out.contains("stopped"));
        QFile pid(childPid);
        QVERIFY(pid.open(QIODevice::ReadOnly));
        const qint64 child = pid.readAll().trimmed().toLongLong();
        QVERIFY(child > 1);
        QTRY_VERIFY_WITH_TIMEOUT(!ProcessGroup::processAlive(child), 5000);
        // Stopping it again is a negative answer, not a usage error.
        QCOMPARE(runCli({QStringLiteral("stop"), QStringLiteral("tree")}, m_env).exitCode, 1);
    }

    void attachReadsPlainOutputWithASavedFormat()
    {
        // Plain `#N ~ X` output: no built-in format reads it (not even the general reader: no
        // key names the numbers); a format saved with
        // `parse --define-format` (the GUI's Custom Log Format… writes the same settings) does.
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config-plain")));
        const QString path = m_dir.filePath(QStringLiteral("plain.log"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write("starting\n#1 ~ 4.25\n#2 ~ 3.5\n#3 ~ 3.125\n");
        log.close();
        const QStringList attach{QStringLiteral("attach"),       path,
                                 QStringLiteral("--from-start"), QStringLiteral("--json"),
                                 QStringLiteral("--idle-exit"),  QStringLiteral("1")};

        CliResult r = runCli(attach, env, 60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.trimmed().isEmpty(), r.out.constData()); // nothing reads these lines yet

        r = runCli({QStringLiteral("parse"), QStringLiteral("--define-format"), QStringLiteral("plain-steps"),
                    QStringLiteral("--regex"), QStringLiteral("^#(?<step>\\d+) ~ (?<loss>\\S+)")},
                   env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = runCli(attach, env, 60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        const double losses[] = {4.25, 3.5, 3.125};
        for (int i = 0; i < 3; ++i) {
            const QJsonObject point = QJsonDocument::fromJson(lines.at(i)).object();
            QCOMPARE(point.value(QStringLiteral("step")).toInt(), i + 1);
            QCOMPARE(point.value(QStringLiteral("loss")).toDouble(), losses[i]);
        }
    }

    void attachLocalFromStartPrintsEveryPoint()
    {
        // Five iterations: three already in the file when attach starts, two appended while it follows.
        QProcess train;
        train.start(data(QStringLiteral("megatron_train.sh")), {QStringLiteral("5")});
        QVERIFY(train.waitForFinished());
        const QList<QByteArray> trainLines = train.readAllStandardOutput().split('\n');
        QVERIFY(trainLines.size() >= 5);
        const QString path = m_dir.filePath(QStringLiteral("local_from_start.log"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        for (int i = 0; i < 3; ++i)
            log.write(trainLines.at(i) + '\n');
        log.flush();

        QProcess attach;
        attach.setProcessEnvironment(m_env);
        attach.start(QStringLiteral(PORTBENCH_BIN_DIR "/portbench-cli"),
                     {QStringLiteral("attach"), path, QStringLiteral("--from-start"), QStringLiteral("--json"),
                      QStringLiteral("--idle-exit"), QStringLiteral("5")});
        QVERIFY(attach.waitForStarted());
        QByteArray out;
        // The points of the lines that were there before attach, on stdout before anything is appended.
        QTRY_VERIFY_WITH_TIMEOUT((out += attach.readAllStandardOutput()).count('\n') >= 3, 20000);
        for (int i = 3; i < 5; ++i)
            log.write(trainLines.at(i) + '\n');
        log.close();
        QVERIFY(attach.waitForFinished(60000));
        out += attach.readAllStandardOutput();
        const QByteArray err = attach.readAllStandardError();
        QVERIFY2(attach.exitCode() == 0, err.constData());

        const QList<QByteArray> lines = out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        for (int i = 0; i < 5; ++i) {
            const QJsonObject point = QJsonDocument::fromJson(lines.at(i)).object();
            QCOMPARE(point.value(QStringLiteral("step")).toInt(), i + 1);
            // The script prints 10/(step+1) with %E: six decimals.
            QVERIFY(qAbs(point.value(QStringLiteral("lm_loss")).toDouble() - 10.0 / (i + 2)) < 1e-5);
        }
        // The run keeps every point too. stderr starts "run ID: following PATH".
        const QString id = QString::fromUtf8(err).section(QLatin1Char(' '), 1, 1).chopped(1);
        QFile metrics(runById(id).value(QStringLiteral("dir")).toString() + QStringLiteral("/metrics.jsonl"));
        QVERIFY(metrics.open(QIODevice::ReadOnly));
        QCOMPARE(metrics.readAll().count('\n'), 5);
    }

    void attachSaysWhenALineIsTooLong()
    {
        // A 20 MB line (over the 16 MiB line limit) was passed over without a word: now stderr
        // names the file and line, --json has a warning event, and the run's record keeps it.
        const QString path = m_dir.filePath(QStringLiteral("long_line.jsonl"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        const QByteArray head = "{\"step\": 1, \"loss\": 3.0}\n{\"step\": 2, \"loss\": 2.9}\n";
        log.write(head);
        log.write("{\"step\": 3, \"note\": \"" + QByteArray(20 * 1024 * 1024, 'x') + "\"}\n");
        log.write("{\"step\": 4, \"loss\": 2.7}\n");
        log.close();

        const CliResult r = runCli({QStringLiteral("attach"), path, QStringLiteral("--from-start"),
                                    QStringLiteral("--json"), QStringLiteral("--idle-exit"), QStringLiteral("2")},
                                   m_env, 60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString err = QString::fromUtf8(r.err);
        const QString where = QStringLiteral("%1: line 3 (byte %2)").arg(path).arg(head.size());
        QVERIFY2(err.contains(QStringLiteral("warning: ") + where) && err.contains(QStringLiteral("16 MiB")),
                 r.err.constData());
        int points = 0;
        QStringList warnings;
        for (const QByteArray &line : r.out.trimmed().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.contains(QStringLiteral("warning")))
                warnings << o.value(QStringLiteral("warning")).toString();
            else
                points += o.contains(QStringLiteral("step"));
        }
        QCOMPARE(points, 3);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().startsWith(where), qPrintable(warnings.first()));
        // "run ID: following PATH", after the warning: the line was read inside attach().
        const QString id
            = err.mid(err.indexOf(QStringLiteral("\nrun ")) + 1).section(QLatin1Char(' '), 1, 1).chopped(1);
        const QJsonArray recorded = runById(id).value(QStringLiteral("warnings")).toArray();
        QCOMPARE(recorded.size(), 1);
        QCOMPARE(recorded.first().toString(), warnings.first());
    }

    void attachOverSshWithHostileName()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        const QString path = m_dir.filePath(QStringLiteral("a b'$(touch canary);\".log"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        QProcess train;
        train.start(data(QStringLiteral("megatron_train.sh")), {QStringLiteral("3")});
        QVERIFY(train.waitForFinished());
        log.write(train.readAllStandardOutput());
        log.close();
        const CliResult r = runCli({QStringLiteral("attach"), sshd.hostAlias() + QLatin1Char(':') + path,
                                    QStringLiteral("--ssh-config"), sshd.configFile(), QStringLiteral("--from-start"),
                                    QStringLiteral("--json"), QStringLiteral("--idle-exit"), QStringLiteral("3")},
                                   m_env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QCOMPARE(QJsonDocument::fromJson(lines.at(2)).object().value(QStringLiteral("step")).toInt(), 3);
        QVERIFY(!QFile::exists(QDir::home().filePath(QStringLiteral("canary"))));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("canary"))));
    }
};

QTEST_GUILESS_MAIN(TestRunsCli)
#include "tst_runscli.moc"

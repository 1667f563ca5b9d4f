// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/workflows/runs/launchrecordmodel.h"
#include "core/workflows/runs/launchworkspace.h"

#include "core/base/model/runmetrics.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

class TestLaunchWorkspace : public QObject
{
    Q_OBJECT

private:
    static LaunchRecord sample()
    {
        LaunchRecord r;
        r.name = QStringLiteral("llama 7b / npu");
        r.backend = QStringLiteral("npu");
        r.kind = LaunchRecord::Kind::Remote;
        r.host = QStringLiteral("login1");
        r.command
            = {QStringLiteral("torchrun"), QStringLiteral("--nproc_per_node=8"), QStringLiteral("it's \"quoted\"")};
        r.workingDir = QStringLiteral("/data/work");
        r.env = {{QStringLiteral("ASCEND_RT_VISIBLE_DEVICES"), QStringLiteral("0,1")},
                 {QStringLiteral("HCCL_CONNECT_TIMEOUT"), QStringLiteral("1200")}};
        r.config = QJsonObject{{QStringLiteral("seq_length"), 4096}};
        r.started = QDateTime(QDate(2024, 5, 1), QTime(10, 0), Qt::UTC);
        r.ended = r.started.addSecs(3725);
        r.status = LaunchRecord::Status::Failed;
        r.exitCode = 3;
        r.exitDetail = QStringLiteral("exit code 3");
        r.tags = {QStringLiteral("baseline"), QStringLiteral("hccl")};
        r.sourceLog = QStringLiteral("/remote/train.log");
        r.pid = 4242;
        r.remoteDir = QStringLiteral(".portbench/runs/x");
        r.slurmJobId = QStringLiteral("17");
        r.lastStep = 100;
        r.lastLoss = 2.5;
        r.pointCount = 100;
        r.segmentStarts = {0, 50};
        r.warnings
            = {QStringLiteral("/remote/train.log on login1 was truncated or replaced: it is read again from its start, "
                              "as a new segment of the run")};
        r.notes = {QStringLiteral("Device telemetry not recorded: no device tool on login1 (looked for nvidia-smi)")};
        return r;
    }

private Q_SLOTS:
    void recordRoundTrips()
    {
        LaunchRecord r = sample();
        r.id = QStringLiteral("abc");
        QString error;
        const LaunchRecord back = LaunchRecord::fromJson(r.toJson(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(back.toJson(), r.toJson());
        QCOMPARE(back.command, r.command);
        QCOMPARE(back.env, r.env);
        QCOMPARE(back.segmentStarts, r.segmentStarts);
        QCOMPARE(back.warnings, r.warnings);
        QCOMPARE(back.notes, r.notes);
        QCOMPARE(back.durationSeconds(), qint64(3725));
        QVERIFY(qIsNaN(back.tokensPerSecond));
    }

    void impossibleSegmentStartsAreDropped()
    {
        QJsonObject o = sample().toJson();
        o[QStringLiteral("id")] = QStringLiteral("abc");
        QJsonObject summary = o.value(QStringLiteral("summary")).toObject();
        summary[QStringLiteral("segmentStarts")] = QJsonArray{0, 60, 40, -1, 100, 1e300, 70};
        o[QStringLiteral("summary")] = summary;
        QCOMPARE(LaunchRecord::fromJson(o).segmentStarts, (QList<int>{0, 60, 70}));
    }

    void localLogPathIsAFileHere_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("sourceLog");
        QTest::addColumn<bool>("mirror"); // else the source log itself
        QTest::newRow("local attach") << QString() << QStringLiteral("/data/train.log") << false;
        QTest::newRow("remote attach") << QStringLiteral("login1") << QStringLiteral("/data/train.log") << true;
        QTest::newRow("no source log") << QString() << QString() << true;
    }
    void localLogPathIsAFileHere()
    {
        // The charts followed <run>/output.log of a local attach, which has none: never charted.
        QFETCH(QString, host);
        QFETCH(QString, sourceLog);
        QFETCH(bool, mirror);
        LaunchWorkspace ws(QStringLiteral("/ws"));
        LaunchRecord r;
        r.id = QStringLiteral("abc");
        r.host = host;
        r.sourceLog = sourceLog;
        QCOMPARE(ws.localLogPath(r), mirror ? ws.logPath(r.id) : sourceLog);
    }

    void telemetryPathStaysInTheRunFolder_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("name");
        QTest::newRow("this machine") << QString() << QStringLiteral("telemetry-local.tel");
        QTest::newRow("ssh alias") << QStringLiteral("gpu-node-3.cluster_a")
                                   << QStringLiteral("telemetry-gpu-node-3.cluster_a.tel");
        QTest::newRow("user, port, slash")
            << QStringLiteral("me@node:22/x") << QStringLiteral("telemetry-me_node_22_x.tel");
        QTest::newRow("dots") << QStringLiteral("../..") << QStringLiteral("telemetry-.._...tel");
        QTest::newRow("shell words") << QStringLiteral("a b$(x)") << QStringLiteral("telemetry-a_b__x_.tel");
    }
    void telemetryPathStaysInTheRunFolder()
    {
        QFETCH(QString, host);
        QFETCH(QString, name);
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        const QString path = ws.telemetryPath(QStringLiteral("abc"), host);
        QCOMPARE(path, ws.runDir(QStringLiteral("abc")) + QLatin1Char('/') + name);
        // Listed as the run's telemetry once it is there.
        QVERIFY(QDir().mkpath(ws.runDir(QStringLiteral("abc"))));
        QVERIFY(ws.telemetryFiles(QStringLiteral("abc")).isEmpty());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(ws.telemetryFiles(QStringLiteral("abc")), QStringList{path});
    }

    void badFieldsAreNamed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("no id") << QByteArray(R"({"name":"x"})") << "id";
        QTest::newRow("bad status") << QByteArray(R"({"id":"a","status":"exploded"})") << "status";
        QTest::newRow("bad kind") << QByteArray(R"({"id":"a","kind":"teleport"})") << "kind";
        QTest::newRow("bad command") << QByteArray(R"({"id":"a","command":"rm -rf /"})") << "command";
    }

    void badFieldsAreNamed()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QString error;
        LaunchRecord::fromJson(QJsonDocument::fromJson(json).object(), &error);
        QVERIFY2(error.contains(QStringLiteral("\"%1\"").arg(field)), qPrintable(error));
    }

    void fullDiskKeepsTheLastGoodRecord()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        QString error;
        LaunchRecord record = ws.create(sample(), &error);
        QVERIFY2(!record.id.isEmpty(), qPrintable(error));
        const QByteArray before = [&] {
            QFile f(ws.runJsonPath(record.id));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        record.tags = QStringList(400, QStringLiteral("a-tag-that-makes-the-record-larger-than-the-limit"));
        // RLIMIT_FSIZE stands in for a full disk (SIGXFSZ ignored: write() fails with EFBIG).
        rlimit saved{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previous = std::signal(SIGXFSZ, SIG_IGN);
        const rlimit small{4096, saved.rlim_max};
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        const bool saved4k = ws.save(record, &error);
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previous);
        QVERIFY(!saved4k);
        QVERIFY2(error.contains(QLatin1String("File too large")), qPrintable(error));
        QFile f(ws.runJsonPath(record.id));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        QCOMPARE(ws.load(record.id, &error).tags.size(), 2);
        QCOMPARE(QDir(ws.runDir(record.id)).entryList(QDir::Hidden | QDir::Files).filter(QStringLiteral(".pb-")),
                 QStringList());
    }

    void createListFindTrash()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        QString error;
        const LaunchRecord a = ws.create(sample(), &error);
        QVERIFY2(!a.id.isEmpty(), qPrintable(error));
        LaunchRecord second = sample();
        second.name = QStringLiteral("other");
        const LaunchRecord b = ws.create(second, &error);
        QVERIFY(!b.id.isEmpty());
        QVERIFY(a.id != b.id);
        QVERIFY(a.id.contains(QStringLiteral("llama-7b-npu")));
        QVERIFY(QFile::exists(ws.runJsonPath(a.id)));

        QStringList errors;
        QList<LaunchRecord> runs = ws.list(&errors);
        QCOMPARE(runs.size(), 2);
        QVERIFY(errors.isEmpty());
        QCOMPARE(runs.first().command, sample().command);

        QCOMPARE(ws.find(QStringLiteral("other"), &error), b.id);
        QCOMPARE(ws.find(a.id, &error), a.id);
        QVERIFY(ws.find(QStringLiteral("nope"), &error).isEmpty());
        QVERIFY(error.contains(QStringLiteral("no run")));
        QVERIFY(ws.find(QStringLiteral("../etc"), &error).isEmpty());

        // A damaged run.json is reported with its path, and the other runs still list.
        QFile broken(ws.runJsonPath(b.id));
        QVERIFY(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write("{\"id\": ");
        broken.close();
        errors.clear();
        runs = ws.list(&errors);
        QCOMPARE(runs.size(), 1);
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().contains(ws.runJsonPath(b.id)), qPrintable(errors.first()));

        QVERIFY2(ws.moveToTrash(a.id, &error), qPrintable(error));
        QVERIFY(!QFile::exists(ws.runDir(a.id)));
        QVERIFY(QFile::exists(ws.trashDir() + QLatin1Char('/') + a.id + QStringLiteral("/run.json")));
        QCOMPARE(ws.list().size(), 0);
        QVERIFY(!ws.moveToTrash(a.id, &error));
    }

    void resolveRootPrecedence()
    {
        qunsetenv("PORTBENCH_WORKSPACE");
        QCOMPARE(LaunchWorkspace::resolveRoot({}, {}), LaunchWorkspace::defaultRoot());
        QCOMPARE(LaunchWorkspace::resolveRoot({}, QStringLiteral("/s")), QStringLiteral("/s"));
        qputenv("PORTBENCH_WORKSPACE", "/e");
        QCOMPARE(LaunchWorkspace::resolveRoot({}, QStringLiteral("/s")), QStringLiteral("/e"));
        QCOMPARE(LaunchWorkspace::resolveRoot(QStringLiteral("/c"), QStringLiteral("/s")), QStringLiteral("/c"));
        qunsetenv("PORTBENCH_WORKSPACE");
    }

    void metricsCacheKeepsNaN()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        QString error;
        const LaunchRecord r = ws.create(sample(), &error);
        RunMetrics run;
        run.setValue(run.appendPoint(1), QStringLiteral("loss"), 2.0);
        run.setValue(run.appendPoint(2), QStringLiteral("loss"), qQNaN());
        const int p = run.appendPoint(3);
        run.setValue(p, QStringLiteral("grad_norm"), 1.5);
        QVERIFY(ws.writeMetricsCache(r.id, run, &error));
        QFile f(ws.metricsCachePath(r.id));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 4);
        QCOMPARE(QJsonDocument::fromJson(lines[0]).object().value(QStringLiteral("loss")).toDouble(), 2.0);
        QCOMPARE(QJsonDocument::fromJson(lines[1]).object().value(QStringLiteral("loss")).toString(),
                 QStringLiteral("NaN"));
        // A metric not logged at a point is absent, not NaN.
        QVERIFY(!QJsonDocument::fromJson(lines[2]).object().contains(QStringLiteral("loss")));
    }

    void killDuringWriteLeavesRunJsonReadable()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        QString error;
        const LaunchRecord r = ws.create(sample(), &error);
        QVERIFY(!r.id.isEmpty());
        for (int round = 0; round < 5; ++round) {
            QProcess writer;
            writer.start(QStringLiteral(WRITER_EXE), {dir.path(), r.id});
            QVERIFY(writer.waitForStarted());
            QVERIFY(writer.waitForReadyRead(30000));
            QTest::qWait(37 * (round + 1));
            ::kill(pid_t(writer.processId()), SIGKILL);
            QVERIFY(writer.waitForFinished());
            QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
            const LaunchRecord back = ws.load(r.id, &error);
            QVERIFY2(!back.id.isEmpty(), qPrintable(error));
            QCOMPARE(back.name, r.name);
            QVERIFY(back.lastStep >= 3);
        }
        QCOMPARE(ws.list().size(), 1);
    }

    void modelUnderTester()
    {
        LaunchRecordModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LaunchRecord a = sample();
        a.id = QStringLiteral("a");
        LaunchRecord b = sample();
        b.id = QStringLiteral("b");
        b.status = LaunchRecord::Status::Running;
        model.setRuns({a, b});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, LaunchRecordModel::Status).data().toString(), QStringLiteral("failed (3)"));
        QCOMPARE(model.index(0, LaunchRecordModel::Duration).data().toString(), QStringLiteral("1:02:05"));
        QCOMPARE(model.index(0, LaunchRecordModel::LastLoss).data().toString(), QStringLiteral("2.5"));
        QVERIFY(!model.index(0, LaunchRecordModel::TokensPerSecond).data().isValid());
        QCOMPARE(model.index(1, 0).data(LaunchRecordModel::IdRole).toString(), QStringLiteral("b"));

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        b.lastLoss = 1.25;
        model.updateRun(b);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(model.index(1, LaunchRecordModel::LastLoss).data().toString(), QStringLiteral("1.25"));
        model.setConnectionState(QStringLiteral("b"), QStringLiteral("reconnecting"));
        QCOMPARE(model.index(1, LaunchRecordModel::Status).data().toString(), QStringLiteral("running · reconnecting"));
        LaunchRecord c = sample();
        c.id = QStringLiteral("c");
        model.updateRun(c);
        QCOMPARE(model.rowCount(), 3);
        model.removeRun(QStringLiteral("a"));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowOf(QStringLiteral("c")), 1);
    }
};

QTEST_GUILESS_MAIN(TestLaunchWorkspace)
#include "tst_launchworkspace.moc"

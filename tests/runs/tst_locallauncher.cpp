// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "followedlogs.h"
#include "core/workflows/runs/locallauncher.h"
#include "core/workflows/runs/processgroup.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <sys/stat.h>

namespace {
QString data(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/runs/") + name;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

qint64 waitForPidFile(const QString &path)
{
    for (int i = 0; i < 200; ++i) {
        const qint64 pid = readAll(path).trimmed().toLongLong();
        if (pid > 0)
            return pid;
        QTest::qWait(25);
    }
    return 0;
}
}

class TestLocalLauncher : public QObject
{
    Q_OBJECT

private:
    LaunchRecord newRun(LaunchWorkspace &ws, const QStringList &command,
                        LaunchRecord::Kind kind = LaunchRecord::Kind::Local)
    {
        LaunchRecord r;
        r.command = command;
        r.kind = kind;
        QString error;
        r = ws.create(r, &error);
        if (r.id.isEmpty())
            qWarning("%s", qPrintable(error));
        return r;
    }

private Q_SLOTS:
    void attachedRunIsRecorded_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("status");
        QTest::newRow("success") << 0 << "finished";
        QTest::newRow("failure") << 3 << "failed";
    }

    void attachedRunIsRecorded()
    {
        QFETCH(int, exitCode);
        QFETCH(QString, status);
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        const LaunchRecord r = newRun(ws,
                                      {data(QStringLiteral("megatron_train.sh")), QStringLiteral("4"),
                                       QStringLiteral("0"), QString::number(exitCode)});
        LocalLauncher launcher(ws);
        QSignalSpy finished(&launcher, &LocalLauncher::finished);
        QString error;
        QVERIFY2(launcher.start(r, &error), qPrintable(error));
        QCOMPARE(ws.load(r.id).status, LaunchRecord::Status::Running);
        QVERIFY(finished.wait(20000));
        const LaunchRecord saved = ws.load(r.id, &error);
        QCOMPARE(LaunchRecord::statusName(saved.status), status);
        QCOMPARE(saved.exitCode, exitCode);
        QVERIFY(saved.ended >= saved.started);
        QCOMPARE(saved.sourceLog, ws.logPath(r.id));
        const QByteArray log = readAll(ws.logPath(r.id));
        QCOMPARE(log.count('\n'), 4);
        QVERIFY(log.contains("iteration        4/       4"));
    }

    void environmentAndWorkingDirectory()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        LaunchRecord r
            = newRun(ws, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo \"$PB_X|$(pwd)\"")});
        r.env.insert(QStringLiteral("PB_X"), QStringLiteral("a b;$(c)"));
        r.workingDir = dir.path();
        LocalLauncher launcher(ws);
        QSignalSpy finished(&launcher, &LocalLauncher::finished);
        QString error;
        QVERIFY2(launcher.start(r, &error), qPrintable(error));
        QVERIFY(finished.wait(10000));
        QCOMPARE(readAll(ws.logPath(r.id)), (QStringLiteral("a b;$(c)|") + dir.path() + QLatin1Char('\n')).toUtf8());
    }

    void badStartIsRecordedAsFailed()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        const LaunchRecord r = newRun(ws, {dir.filePath(QStringLiteral("no-such-program"))});
        LocalLauncher launcher(ws);
        QString error;
        QVERIFY(!launcher.start(r, &error));
        QVERIFY2(error.contains(QStringLiteral("no-such-program")), qPrintable(error));
        QCOMPARE(ws.load(r.id).status, LaunchRecord::Status::Failed);
    }

    void stopKillsTreeIncludingTermIgnoringChild()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        const QString childPidFile = dir.filePath(QStringLiteral("child.pid"));
        const LaunchRecord r = newRun(ws, {data(QStringLiteral("term_ignoring_tree.sh")), childPidFile});
        LocalLauncher launcher(ws);
        QSignalSpy finished(&launcher, &LocalLauncher::finished);
        QString error;
        QVERIFY2(launcher.start(r, &error), qPrintable(error));
        const qint64 child = waitForPidFile(childPidFile);
        QVERIFY(child > 0);
        QVERIFY(ProcessGroup::processAlive(child));
        launcher.stop(700);
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!ProcessGroup::processAlive(child), 5000);
        QVERIFY(!ProcessGroup::alive(launcher.record().pid));
        const LaunchRecord saved = ws.load(r.id);
        QCOMPARE(saved.status, LaunchRecord::Status::Stopped);
        QVERIFY2(saved.exitDetail.contains(QStringLiteral("SIGKILL")), qPrintable(saved.exitDetail));
    }

    void detachedRunOutlivesLauncherAndIsReattached()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        const LaunchRecord r = newRun(ws,
                                      {data(QStringLiteral("megatron_train.sh")), QStringLiteral("6"),
                                       QStringLiteral("0.2"), QStringLiteral("5")},
                                      LaunchRecord::Kind::LocalDetached);
        qint64 pid = 0;
        {
            LocalLauncher launcher(ws);
            QString error;
            QVERIFY2(launcher.start(r, &error), qPrintable(error));
            pid = launcher.record().pid;
            QVERIFY(pid > 1);
        } // "PortBench exits"
        QVERIFY(ProcessGroup::processAlive(pid));
        QCOMPARE(ws.load(r.id).status, LaunchRecord::Status::Running);

        LocalLauncher again(ws);
        QSignalSpy finished(&again, &LocalLauncher::finished);
        again.watch(ws.load(r.id));
        QVERIFY(again.isRunning());
        QVERIFY(finished.wait(20000));
        const LaunchRecord saved = ws.load(r.id);
        QCOMPARE(saved.status, LaunchRecord::Status::Failed);
        QCOMPARE(saved.exitCode, 5);
        QCOMPARE(readAll(ws.logPath(r.id)).count('\n'), 6);
    }

    void detachedStopFromAnotherProcess()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        const QString childPidFile = dir.filePath(QStringLiteral("child.pid"));
        const LaunchRecord r = newRun(ws, {data(QStringLiteral("term_ignoring_tree.sh")), childPidFile},
                                      LaunchRecord::Kind::LocalDetached);
        {
            LocalLauncher launcher(ws);
            QString error;
            QVERIFY2(launcher.start(r, &error), qPrintable(error));
        }
        const qint64 child = waitForPidFile(childPidFile);
        QVERIFY(child > 0);
        LaunchRecord record = ws.load(r.id);
        QString error;
        QVERIFY2(LocalLauncher::stopGroup(ws, record, 500, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!ProcessGroup::processAlive(child), 5000);
        QCOMPARE(ws.load(r.id).status, LaunchRecord::Status::Stopped);
        QVERIFY(!LocalLauncher::stopGroup(ws, record, 500, &error));
        QVERIFY(error.contains(QStringLiteral("not running")));
    }

    void savedUserFormatReadsPlainOutput()
    {
        // Plain `step N loss X` output gives points only through a format the user saved.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        RunController controller(ws);
        controller.setUserFormatSource([] {
            return QList<UserFormat>{
                {QStringLiteral("plain-steps"), QStringLiteral("^step (?<step>\\d+) loss (?<loss>\\S+)"), {}}};
        });
        LaunchRecord r;
        r.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                     QStringLiteral("printf 'starting\\nstep 1 loss 2.5\\nstep 2 loss 2.25\\n'; exec sleep 60")};
        QString error;
        const QString id = controller.launch(r, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(controller.record(id).pointCount, 2, 10000);
        QCOMPARE(controller.record(id).lastStep, qint64(2));
        QVERIFY2(controller.stop(id, 2000, &error), qPrintable(error));
    }

    void quittingStopsAttachedRunsAndKeepsTheirCurves()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        QString id;
        qint64 pid = 0;
        {
            RunController controller(ws);
            LaunchRecord r;
            r.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                         QStringLiteral("%1 3 && exec sleep 60").arg(data(QStringLiteral("megatron_train.sh")))};
            QString error;
            id = controller.launch(r, &error);
            QVERIFY2(!id.isEmpty(), qPrintable(error));
            pid = controller.record(id).pid;
            QTRY_COMPARE_WITH_TIMEOUT(controller.record(id).pointCount, 3, 10000);
        } // "PortBench quits"
        QVERIFY(!ProcessGroup::processAlive(pid));
        const LaunchRecord saved = ws.load(id);
        QCOMPARE(saved.status, LaunchRecord::Status::Stopped);
        QCOMPARE(saved.pointCount, 3);
        QCOMPARE(saved.lastStep, qint64(3));
        QFile metrics(ws.metricsCachePath(id));
        QVERIFY(metrics.open(QIODevice::ReadOnly));
        QCOMPARE(metrics.readAll().count('\n'), 3);
    }

    void resumeLeavesLogsItCannotFollow_data()
    {
        QTest::addColumn<QString>("log"); // fifo, folder, gone, file: made here
        QTest::addColumn<QString>("why"); // empty: followed
        QTest::newRow("/dev/zero") << QStringLiteral("/dev/zero") << QStringLiteral("is a device");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("is a FIFO");
        QTest::newRow("folder") << QStringLiteral("folder") << QStringLiteral("is a folder");
        QTest::newRow("vanished") << QStringLiteral("gone") << QStringLiteral("No such file");
        QTest::newRow("regular file") << QStringLiteral("file") << QString();
    }
    void resumeLeavesLogsItCannotFollow()
    {
        // An attach record left running on /dev/zero or a FIFO held every later start in an
        // endless read or a blocking open().
        QFETCH(QString, log);
        QFETCH(QString, why);
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        if (log == QLatin1String("fifo")) {
            log = dir.filePath(log);
            QCOMPARE(::mkfifo(QFile::encodeName(log).constData(), 0600), 0);
        } else if (log == QLatin1String("folder")) {
            log = dir.filePath(log);
            QVERIFY(QDir().mkdir(log));
        } else if (log == QLatin1String("gone") || log == QLatin1String("file")) {
            log = dir.filePath(log + QStringLiteral(".log"));
            if (why.isEmpty()) {
                QFile f(log);
                QVERIFY(f.open(QIODevice::WriteOnly));
            }
        }
        QString error;
        const LaunchRecord r = FollowedLogs::runningAttach(ws, log, &error);
        QVERIFY2(!r.id.isEmpty(), qPrintable(error));

        RunController controller(ws);
        QSignalSpy states(&controller, &RunController::connectionStateChanged);
        controller.resumeActive();
        QCOMPARE(controller.isLive(r.id), why.isEmpty());
        if (why.isEmpty()) {
            QVERIFY(states.isEmpty());
            return;
        }
        QCOMPARE(states.size(), 1);
        QCOMPARE(states.first().first().toString(), r.id);
        const QString state = states.first().at(1).toString();
        QVERIFY2(state.startsWith(QStringLiteral("not followed: ") + log) && state.contains(why), qPrintable(state));
        QCOMPARE(ws.load(r.id).status, LaunchRecord::Status::Running); // shown, not rewritten
    }

    void attachKeepsPointsAcrossTruncationAndRotation_data()
    {
        QTest::addColumn<bool>("rotate");
        QTest::newRow("truncated") << false;
        QTest::newRow("rotated") << true;
    }
    void attachKeepsPointsAcrossTruncationAndRotation()
    {
        // The record of an attach kept steps 51-100 of 100: the points read before the log was
        // truncated or rotated were cleared. Now what follows is a new segment of the same run.
        QFETCH(bool, rotate);
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        const QString log = dir.filePath(QStringLiteral("train.jsonl"));
        FollowedLogs::appendSteps(log, 1, 50);
        RunController controller(ws);
        QString error;
        const QString id = controller.attach(LaunchRecord(), log, true, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(controller.points(id).pointCount(), 50, 20000);
        // Rotated as logrotate's "create" does: renamed away, an empty file made at the path.
        if (rotate)
            QVERIFY(QFile::rename(log, log + QStringLiteral(".1")));
        QFile emptied(log);
        QVERIFY(emptied.open(QIODevice::WriteOnly | QIODevice::Truncate));
        emptied.close();
        // Seen before the new lines land (a file written past its old size unseen is no truncation).
        QTRY_VERIFY_WITH_TIMEOUT(!controller.record(id).warnings.isEmpty(), 20000);
        const QString warning = controller.record(id).warnings.constFirst();
        QVERIFY2(warning.contains(log)
                     && warning.contains(rotate ? QStringLiteral("replaced") : QStringLiteral("truncated")),
                 qPrintable(warning));
        FollowedLogs::appendSteps(log, 51, 100);
        QTRY_COMPARE_WITH_TIMEOUT(controller.points(id).pointCount(), 100, 20000);
        QCOMPARE(controller.points(id).segmentStarts(), (QVector<int>{0, 50}));
        QVERIFY(controller.stop(id, 0, &error));

        const LaunchRecord saved = ws.load(id, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(saved.pointCount, 100);
        QCOMPARE(saved.lastStep, 100);
        QCOMPARE(saved.segmentStarts, (QList<int>{0, 50}));
        QCOMPARE(saved.warnings.size(), 1);
        const QList<QByteArray> cached = readAll(ws.metricsCachePath(id)).trimmed().split('\n');
        QCOMPARE(cached.size(), 100);
        QCOMPARE(QJsonDocument::fromJson(cached.first()).object().value(QStringLiteral("step")).toInt(), 1);
        QCOMPARE(QJsonDocument::fromJson(cached.last()).object().value(QStringLiteral("step")).toInt(), 100);
    }

    void resumedLogIsReadOffTheEventLoopThread()
    {
        // A resumed attach record's 256 MB log was read inside resumeActive(), on the GUI thread:
        // 11 s before the window showed. The read is held in its first block here, to see the
        // event loop go on meanwhile and the points come after it.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        const QString log = dir.filePath(QStringLiteral("train.log"));
        const int steps = 3000;
        QVERIFY(FollowedLogs::writeMegatronLog(log, steps));
        QString error;
        const LaunchRecord r = FollowedLogs::runningAttach(ws, log, &error);
        QVERIFY2(!r.id.isEmpty(), qPrintable(error));

        RunController controller(ws);
        QThread *const eventLoopThread = QThread::currentThread();
        QAtomicPointer<QThread> reader;
        QSemaphore held;
        controller.setBlockHook([&](qint64) {
            reader.storeRelease(QThread::currentThread());
            if (QThread::currentThread() != eventLoopThread) // waiting there would hold the test for good
                held.tryAcquire(1, 30000);
        });
        QSignalSpy loading(&controller, &RunController::loadingChanged);
        QSignalSpy points(&controller, &RunController::pointsAppended);
        controller.resumeActive();
        QTRY_VERIFY(reader.loadAcquire() != nullptr); // the event loop runs while the log is read
        QVERIFY(reader.loadAcquire() != eventLoopThread);
        QVERIFY(points.isEmpty());
        QVERIFY(controller.points(r.id).isEmpty());
        QCOMPARE(loading.size(), 1);
        QCOMPARE(loading.first(), (QVariantList{r.id, true}));

        held.release();
        QTRY_COMPARE(controller.points(r.id).pointCount(), steps);
        QTRY_COMPARE(loading.size(), 2);
        QCOMPARE(loading.last(), (QVariantList{r.id, false}));
        QCOMPARE(controller.record(r.id).lastStep, qint64(steps));
    }

    void quittingWhileAResumedLogIsReadLeavesTheRunAsItWas()
    {
        // Quitting waited for the whole first read and then wrote the run's summary and metrics
        // cache. Now the read is cancelled and nothing is written: the next start reads it again.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        const QString log = dir.filePath(QStringLiteral("train.log"));
        QVERIFY(FollowedLogs::writeMegatronLog(log, 3000));
        QString error;
        const LaunchRecord r = FollowedLogs::runningAttach(ws, log, &error);
        QVERIFY2(!r.id.isEmpty(), qPrintable(error));
        {
            RunController controller(ws);
            QThread *const eventLoopThread = QThread::currentThread();
            QAtomicInteger<bool> reading = false;
            QSemaphore held;
            controller.setBlockHook([&](qint64) {
                reading.storeRelease(true);
                if (QThread::currentThread() != eventLoopThread)
                    held.tryAcquire(1, 30000);
            });
            controller.resumeActive();
            QTRY_VERIFY(reading.loadAcquire());
            held.release();
        } // PortBench quits before the event loop hears that the read ended
        QVERIFY(!QFile::exists(ws.metricsCachePath(r.id)));
        const LaunchRecord saved = ws.load(r.id);
        QCOMPARE(saved.status, LaunchRecord::Status::Running);
        QCOMPARE(saved.pointCount, 0);
    }
};

QTEST_GUILESS_MAIN(TestLocalLauncher)
#include "tst_locallauncher.moc"

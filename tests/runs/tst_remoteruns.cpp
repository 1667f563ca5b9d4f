// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "sshdfixture.h"

#include "core/base/exec/commandrunner.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/workflows/runs/processgroup.h"
#include "core/workflows/runs/remotefilelister.h"
#include "core/workflows/runs/remotelauncher.h"
#include "core/workflows/runs/remotelogfollower.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

namespace {

QString megatronLine(int step, int total)
{
    return QStringLiteral(" iteration %1/%2 | consumed samples: %3 | elapsed time per iteration (ms): 86545.2 | "
                          "learning rate: 9.150E-06 | global batch size:  1024 | lm loss: %4 | loss scale: 1.0 | "
                          "grad norm: 0.231 | number of skipped iterations:   0 | number of nan iterations:   0 |\n")
        .arg(step, 8)
        .arg(total, 8)
        .arg(step * 1024, 12)
        .arg(QString::number(10.0 / (step + 1), 'E', 6));
}

qint64 parentOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // "pid (comm) state ppid ..."; comm may hold spaces, so count from the last ')'.
    return stat.mid(stat.lastIndexOf(')') + 2).split(' ').value(1).toLongLong();
}

QList<qint64> allPids()
{
    QList<qint64> pids;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (ok)
            pids << pid;
    }
    return pids;
}

/// The sshd listener started with this server config file.
qint64 listenerPid(const QString &configFile)
{
    for (const qint64 pid : allPids()) {
        QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (cmd.open(QIODevice::ReadOnly) && cmd.readAll().contains(configFile.toUtf8()))
            return pid;
    }
    return -1;
}

/// Kills the per-connection sshd processes (the listener's children and grandchildren: the
/// privileged monitor and the session process holding the socket): the client sees a drop.
int killConnections(qint64 listener)
{
    int killed = 0;
    for (const qint64 pid : allPids()) {
        const qint64 parent = parentOf(pid);
        if ((parent == listener || parentOf(parent) == listener) && ::kill(pid_t(pid), SIGKILL) == 0)
            ++killed;
    }
    return killed;
}

void compareRuns(const RunMetrics &followed, const RunMetrics &read)
{
    QCOMPARE(followed.pointCount(), read.pointCount());
    QCOMPARE(followed.steps(), read.steps());
    QVERIFY(read.hasMetric(MetricNames::lmLoss));
    QCOMPARE(*followed.column(MetricNames::lmLoss), *read.column(MetricNames::lmLoss));
}

} // namespace

class TestRemoteRuns : public QObject
{
    Q_OBJECT

private:
    SshdFixture m_sshd;
    SshTarget m_target;

private Q_SLOTS:
    void initTestCase()
    {
        if (!m_sshd.available())
            QSKIP(qPrintable(m_sshd.unavailableReason()));
        QVERIFY2(m_sshd.start(), qPrintable(m_sshd.log()));
        m_target.host = m_sshd.hostAlias();
        m_target.configFile = m_sshd.configFile();
    }

    void attachSurvivesKilledConnections()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        constexpr int total = 400;
        int written = 0;
        // A trainer writing 3 lines every 50 ms, each write ending mid-line.
        QTimer writer;
        QByteArray pending;
        connect(&writer, &QTimer::timeout, this, [&] {
            for (int i = 0; i < 3 && written < total; ++i)
                pending += megatronLine(++written, total).toUtf8();
            const qsizetype cut = written < total ? pending.size() - 37 : pending.size();
            log.write(pending.left(cut));
            log.flush();
            pending = pending.mid(cut);
        });
        writer.start(50);

        RunMetrics followed; // outlives the follower, which flushes into it when destroyed
        RemoteLogFollower follower(m_target);
        connect(&follower, &RemoteLogFollower::pointsAppended, this,
                [&followed](const RunMetrics &chunk) { followed.append(chunk); });
        QSignalSpy states(&follower, &RemoteLogFollower::stateChanged);
        follower.start(path);
        const qint64 listener = listenerPid(m_sshd.path(QStringLiteral("sshd_config")));
        QVERIFY(listener > 0);
        int kills = 0;
        while (written < total) {
            QTest::qWait(350);
            if (follower.state() == RemoteLogFollower::State::Connected && killConnections(listener) > 0)
                ++kills;
        }
        QVERIFY2(kills >= 3, qPrintable(QStringLiteral("only %1 connections were killed").arg(kills)));
        log.close();
        QTRY_VERIFY_WITH_TIMEOUT(follower.offset() == QFileInfo(path).size(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(followed.pointCount(), total, 10000);
        follower.stop();
        // A kill can land only on the previous session's sshd child, which lingers until the remote
        // watchdog ends its tail; that kill costs the live connection nothing. What must hold is that
        // the follower really lost its connection several times and came back each time.
        QVERIFY2(follower.reconnectCount() >= 3,
                 qPrintable(QStringLiteral("%1 reconnects for %2 kills").arg(follower.reconnectCount()).arg(kills)));
        const ParseResult read = LogReader::readFile(path);
        QVERIFY2(read, qPrintable(read.error));
        compareRuns(followed, read.run);
    }

    void truncatedRemoteLogStartsASegment()
    {
        // The points read before a remote log was truncated were cleared from the run.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        for (int s = 1; s <= 5; ++s)
            log.write(megatronLine(s, 10).toUtf8());
        log.flush();
        RunMetrics followed;
        RemoteLogFollower follower(m_target);
        connect(&follower, &RemoteLogFollower::pointsAppended, this,
                [&followed](const RunMetrics &chunk) { followed.append(chunk); });
        QSignalSpy restarted(&follower, &RemoteLogFollower::restarted);
        follower.start(path);
        QTRY_COMPARE_WITH_TIMEOUT(followed.pointCount(), 5, 20000);
        QVERIFY(log.resize(0));
        QTRY_COMPARE_WITH_TIMEOUT(restarted.size(), 1, 20000);
        QVERIFY(log.seek(0));
        for (int s = 6; s <= 10; ++s)
            log.write(megatronLine(s, 10).toUtf8());
        log.flush();
        QTRY_COMPARE_WITH_TIMEOUT(followed.pointCount(), 10, 20000);
        follower.stop();
        QCOMPARE(followed.step(9), 10);
        QCOMPARE(followed.segmentStarts(), (QVector<int>{0, 5}));
    }

    void hostileNamesAreData_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("spaces") << "my train log.txt";
        QTest::newRow("quotes") << "it's \"the\" log.txt";
        QTest::newRow("command substitution") << "$(touch canary).log";
        QTest::newRow("backticks and semicolon") << "`touch canary`; touch canary.log";
        QTest::newRow("newline") << "two\nlines.log";
        QTest::newRow("dash") << "-rf.log";
    }

    void hostileNamesAreData()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        for (int s = 1; s <= 5; ++s)
            log.write(megatronLine(s, 5).toUtf8());
        log.close();

        // The file picker lists it under its exact name.
        const CommandRunner runner(m_target);
        QString error;
        const QList<RemoteFileEntry> entries = RemoteFileLister::list(runner, dir.path(), true, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.first().name, name);
        QCOMPARE(entries.first().size, QFileInfo(path).size());

        RunMetrics followed; // outlives the follower, which flushes into it when destroyed
        RemoteLogFollower follower(m_target);
        connect(&follower, &RemoteLogFollower::pointsAppended, this,
                [&followed](const RunMetrics &chunk) { followed.append(chunk); });
        follower.start(path);
        QTRY_COMPARE_WITH_TIMEOUT(followed.pointCount(), 5, 20000);
        follower.stop();
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("canary"))));
        QVERIFY(!QFile::exists(QDir::home().filePath(QStringLiteral("canary"))));
        QVERIFY(!QFile::exists(QDir::home().filePath(QStringLiteral("canary.log"))));
    }

    void remoteLaunchFollowAndStop()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        controller.setPollInterval(300);
        QSignalSpy finished(&controller, &RunController::runFinished);

        LaunchRecord record;
        record.host = m_target.host;
        record.sshConfig = m_target.configFile;
        record.name = QStringLiteral("remote $(touch canary) run");
        record.command = {QStringLiteral(PORTBENCH_TEST_DATA "/runs/megatron_train.sh"), QStringLiteral("6"),
                          QStringLiteral("0.1")};
        record.env.insert(QStringLiteral("PB_NOTE"), QStringLiteral("a b; $(touch canary)"));
        QString error;
        const QString id = controller.launch(record, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QVERIFY(finished.wait(30000));
        const LaunchRecord done = ws.load(id);
        QCOMPARE(done.status, LaunchRecord::Status::Finished);
        QCOMPARE(done.kind, LaunchRecord::Kind::Remote);
        QCOMPARE(done.lastStep, qint64(6));
        QCOMPARE(done.pointCount, 6);
        QVERIFY(qAbs(done.lastLoss - 10.0 / 7) < 1e-5);
        // The remote log is mirrored into the workspace, byte for byte.
        QFile mirror(ws.logPath(id));
        QVERIFY(mirror.open(QIODevice::ReadOnly));
        QFile remote(QDir::home().filePath(done.sourceLog));
        QVERIFY(remote.open(QIODevice::ReadOnly));
        QCOMPARE(mirror.readAll(), remote.readAll());
        QVERIFY(QFile::exists(ws.metricsCachePath(id)));
        QVERIFY(!QFile::exists(QDir::home().filePath(QStringLiteral("canary"))));

        // A tree with a child that ignores SIGTERM, stopped by signalling the remote group.
        const QString childPid = dir.filePath(QStringLiteral("child.pid"));
        LaunchRecord tree;
        tree.host = m_target.host;
        tree.sshConfig = m_target.configFile;
        tree.command = {QStringLiteral(PORTBENCH_TEST_DATA "/runs/term_ignoring_tree.sh"), childPid};
        const QString treeId = controller.launch(tree, &error);
        QVERIFY2(!treeId.isEmpty(), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(QFile(childPid).size() > 0, 10000);
        QFile pidFile(childPid);
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const qint64 child = pidFile.readAll().trimmed().toLongLong();
        QVERIFY(ProcessGroup::processAlive(child));
        QVERIFY2(controller.stop(treeId, 500, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!ProcessGroup::processAlive(child), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(ws.load(treeId).status, LaunchRecord::Status::Stopped, 10000);
        QVERIFY2(ws.load(treeId).exitDetail.contains(QStringLiteral("SIGKILL")),
                 qPrintable(ws.load(treeId).exitDetail));
        for (const QString &runId : {id, treeId})
            QDir(QDir::home().filePath(RemoteLauncher::remoteDirFor(runId))).removeRecursively();
    }

    void cleanupTestCase() { m_sshd.stop(); }
};

QTEST_GUILESS_MAIN(TestRemoteRuns)
#include "tst_remoteruns.moc"

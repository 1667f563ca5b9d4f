// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "faketelemetrytool.h"
#include "sshdfixture.h"

#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"
#include "core/engines/telemetry/telemetrycapture.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>

namespace {

/// The telemetry a run recorded (read back as the GUI and `parse` read it).
TelemetryRecording recorded(const QString &path)
{
    return TelemetryCapture::read(path, builtPlugins().deviceBackends()).recording;
}

/// Whether any process is left in the group (a zombie counts until it is reaped).
bool groupAlive(pid_t group)
{
    return ::kill(-group, 0) == 0 || errno != ESRCH;
}

qint64 pidIn(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 0;
}

/// A training that waits for `go` before printing two steps and exiting: the test decides when
/// the run ends, after the samples it checks have arrived.
QStringList trainingAfter(const QString &go)
{
    return {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("i=0; while [ ! -e \"$1\" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; "
                           "echo '{\"step\": 1, \"loss\": 2.5}'; echo '{\"step\": 2, \"loss\": 2.25}'"),
            QStringLiteral("sh"), go};
}

void touch(const QString &path)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
}

} // namespace

/// A run's device telemetry, recorded beside its log while it is live (RunController::setTelemetry,
/// RunTelemetry) with the fake vendor tools of the monitor tests on PATH.
class TestRunTelemetry : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_bin;
    QByteArray m_path;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_bin.isValid());
        QVERIFY(!builtPlugins().backends().isEmpty());
        m_path = qgetenv("PATH");
    }

    void cleanup() { qputenv("PATH", m_path); }

    void localRunRecordsTelemetryAndItsEndStopsTheSampler()
    {
        // The tool notes its pid (its group's, as the sampler starts it in a group of its own),
        // prints the capture and waits silently, as a sampler does between samples.
        QVERIFY(FakeTelemetryTool::write(m_bin.path(), QStringLiteral("nvidia-smi"),
                                         QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
                                         QStringLiteral("echo $$ > STATE\n") + FakeTelemetryTool::replay()));
        qputenv("PATH", m_bin.path().toUtf8() + ":/usr/bin:/bin");
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        // A minute between samples: the silent tool is not taken for stalled (and restarted) while
        // the test looks at it.
        controller.setTelemetry(builtPlugins().backends(), 60000);
        QSignalSpy finished(&controller, &RunController::runFinished);
        LaunchRecord record;
        record.name = QStringLiteral("train");
        const QString go = dir.filePath(QStringLiteral("go"));
        record.command = trainingAfter(go);
        QString error;
        const QString id = controller.launch(record, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        const QString file = ws.telemetryPath(id, QString());
        QCOMPARE(QFileInfo(file).fileName(), QStringLiteral("telemetry-local.tel"));
        // The capture holds 16 samples (2 GPUs, 8 rounds).
        QTRY_COMPARE_WITH_TIMEOUT(recorded(file).sampleCount, qint64(16), 30000);
        const pid_t tool = pid_t(pidIn(m_bin.filePath(QStringLiteral("started"))));
        QVERIFY(tool > 1);
        QVERIFY(groupAlive(tool));
        touch(go);
        QVERIFY(finished.wait(30000));
        // Stopped with the run, not later: nothing is left in the sampler's group.
        QVERIFY(!groupAlive(tool));
        const TelemetryRecording t = recorded(file);
        QCOMPARE(t.sampleCount, qint64(16));
        QCOMPARE(t.problemCount, qint64(0));
        QCOMPARE(t.hosts(), QStringList{QSysInfo::machineHostName()});
        QVERIFY(t.find(QSysInfo::machineHostName(), QStringLiteral("1")));
        const LaunchRecord done = ws.load(id);
        QCOMPARE(done.status, LaunchRecord::Status::Finished);
        QCOMPARE(done.pointCount, 2);
        QCOMPARE(done.notes.size(), 1);
        QVERIFY2(done.notes.first().contains(QStringLiteral("telemetry-local.tel")), qPrintable(done.notes.first()));
        QCOMPARE(ws.telemetryFiles(id), QStringList{file});
    }

    void hostWithoutToolGetsANoteAndNoFile_data()
    {
        QTest::addColumn<bool>("enabled");
        QTest::newRow("recording on: one note") << true;
        QTest::newRow("recording off: nothing") << false;
    }

    void hostWithoutToolGetsANoteAndNoFile()
    {
        QFETCH(bool, enabled);
        QTemporaryDir empty;
        qputenv("PATH", empty.path().toUtf8() + ":/usr/bin:/bin");
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        if (enabled)
            controller.setTelemetry(builtPlugins().backends());
        QSignalSpy finished(&controller, &RunController::runFinished);
        LaunchRecord record;
        const QString go = dir.filePath(QStringLiteral("go"));
        record.command = trainingAfter(go);
        QString error;
        const QString id = controller.launch(record, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        if (enabled)
            QTRY_COMPARE_WITH_TIMEOUT(controller.record(id).notes.size(), 1, 30000);
        touch(go);
        QVERIFY(finished.wait(30000));
        const LaunchRecord done = ws.load(id);
        // The run is not failed by it.
        QCOMPARE(done.status, LaunchRecord::Status::Finished);
        QCOMPARE(done.pointCount, 2);
        QCOMPARE(done.notes.size(), enabled ? 1 : 0);
        if (enabled)
            QVERIFY2(done.notes.first().contains(QStringLiteral("no device tool on this machine")),
                     qPrintable(done.notes.first()));
        QVERIFY(ws.telemetryFiles(id).isEmpty());
    }

    void sshAttachRecordsTheHostsTelemetry()
    {
        SshdFixture sshd;
        if (!sshd.available())
            QSKIP(qPrintable(sshd.unavailableReason()));
        // No trailing sleep: when the recording ends its ssh, the tool's next write fails.
        QVERIFY(FakeTelemetryTool::write(m_bin.path(), QStringLiteral("npu-smi"),
                                         QStringLiteral("npu_smi_info_watch_8npu_manual.txt"),
                                         FakeTelemetryTool::replayLines()));
        sshd.addServerConfig(QStringLiteral("SetEnv PATH=%1:/usr/bin:/bin").arg(m_bin.path()));
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("train.log"));
        touch(log);
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        controller.setTelemetry(builtPlugins().backends(), 1000);
        LaunchRecord record;
        record.host = sshd.hostAlias();
        record.sshConfig = sshd.configFile();
        QString error;
        const QString id = controller.attach(record, log, true, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        const QString file = ws.telemetryPath(id, sshd.hostAlias());
        QCOMPARE(QFileInfo(file).fileName(), QStringLiteral("telemetry-portbench-test-sshd.tel"));
        // The capture holds 8 NPUs' samples.
        QTRY_VERIFY_WITH_TIMEOUT(recorded(file).sampleCount >= 8, 30000);
        QVERIFY2(controller.stop(id, 0, &error), qPrintable(error));
        const TelemetryRecording t = recorded(file);
        QCOMPARE(t.hosts(), QStringList{sshd.hostAlias()});
        QVERIFY(t.find(sshd.hostAlias(), QStringLiteral("7")));
        QCOMPARE(t.problemCount, qint64(0));
        QCOMPARE(ws.telemetryFiles(id), QStringList{file});
    }
};

QTEST_GUILESS_MAIN(TestRunTelemetry)
#include "tst_runtelemetry.moc"

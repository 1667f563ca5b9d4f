// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "clirunner.h"
#include "faketelemetrytool.h"
#include "slurmfixture.h"

#include "core/base/exec/commandrunner.h"
#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchworkspace.h"
#include "core/workflows/runs/slurmclient.h"
#include "core/workflows/runs/slurmjobstate.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestSlurmRuns : public QObject
{
    Q_OBJECT

private:
    SlurmFixture m_slurm;
    QTemporaryDir m_dir;

    QString writeScript(const QString &name, const QByteArray &body)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write("#!/bin/sh\n" + body);
        return path;
    }

private Q_SLOTS:
    // Captured from slurm-wlm 22.05 on Debian 12 (the fixture cluster) and the sacct/squeue
    // formats PortBench asks for.
    void parsesStates_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("state");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("status");
        // clang-format off
        QTest::newRow("scontrol completed")
            << QByteArray("JobId=1 JobName=job.sh\n   UserId=root(0) GroupId=root(0) MCS_label=N/A\n"
                          "   Priority=1 Nice=0 Account=(null) QOS=(null)\n"
                          "   JobState=COMPLETED Reason=None Dependency=(null)\n"
                          "   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0\n")
            << "scontrol" << "COMPLETED" << 0 << int(LaunchRecord::Status::Finished);
        QTest::newRow("scontrol failed")
            << QByteArray("JobId=7 JobName=x\n   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)\n"
                          "   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=3:0\n")
            << "scontrol" << "FAILED" << 3 << int(LaunchRecord::Status::Failed);
        QTest::newRow("scontrol cancelled")
            << QByteArray("JobId=2 JobName=sleep\n   JobState=CANCELLED Reason=None Dependency=(null)\n"
                          "   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:15\n")
            << "scontrol" << "CANCELLED" << 0 << int(LaunchRecord::Status::Stopped);
        QTest::newRow("sacct") << QByteArray("12|CANCELLED by 0|0:15\n") << "sacct" << "CANCELLED" << 0
                               << int(LaunchRecord::Status::Stopped);
        QTest::newRow("squeue pending") << QByteArray("3|PENDING|Resources\n") << "squeue" << "PENDING" << -1
                                        << int(LaunchRecord::Status::Pending);
        QTest::newRow("squeue running") << QByteArray("3|RUNNING|None\n") << "squeue" << "RUNNING" << -1
                                        << int(LaunchRecord::Status::Running);
        // clang-format on
    }

    void parsesStates()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, tool);
        QFETCH(QString, state);
        QFETCH(int, exitCode);
        QFETCH(int, status);
        const SlurmJobState s = tool == QLatin1String("scontrol") ? SlurmJobState::parseScontrol(text)
            : tool == QLatin1String("sacct")                      ? SlurmJobState::parseSacct(text)
                                                                  : SlurmJobState::parseSqueue(text);
        QVERIFY(s);
        QCOMPARE(s.state, state);
        QCOMPARE(s.exitCode, exitCode);
        QCOMPARE(int(s.runStatus()), status);
    }

    void parsesNodeLists_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("scontrol");
        QTest::addColumn<QString>("nodeList");
        QTest::newRow("squeue running") << QByteArray("3|RUNNING|None|debian\n") << false << "debian";
        QTest::newRow("squeue pending: none yet") << QByteArray("3|PENDING|Resources|\n") << false << "";
        QTest::newRow("scontrol running on two nodes")
            << QByteArray("JobId=9 JobName=train.sbatch\n   JobState=RUNNING Reason=None Dependency=(null)\n"
                          "   ReqNodeList=(null) ExcNodeList=(null)\n   NodeList=gpu[01-02]\n"
                          "   BatchHost=gpu01\n")
            << true << "gpu[01-02]";
        QTest::newRow("scontrol pending")
            << QByteArray("JobId=9 JobName=x\n   JobState=PENDING Reason=Priority Dependency=(null)\n"
                          "   ReqNodeList=(null) ExcNodeList=(null)\n   NodeList=(null)\n")
            << true << "";
    }

    void parsesNodeLists()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, scontrol);
        QFETCH(QString, nodeList);
        const SlurmJobState s = scontrol ? SlurmJobState::parseScontrol(text) : SlurmJobState::parseSqueue(text);
        QVERIFY(s);
        QCOMPARE(s.nodeList, nodeList);
    }

    void plainNodeListsNeedNoScontrol()
    {
        QString error;
        // A runner that cannot run anything: no command is needed for a plain list.
        SshTarget nowhere;
        nowhere.host = QStringLiteral("no-such-host.invalid");
        const CommandRunner runner(nowhere);
        QCOMPARE(SlurmClient(runner).hostnames(QStringLiteral("gpu01,gpu02"), &error),
                 (QStringList{QStringLiteral("gpu01"), QStringLiteral("gpu02")}));
        QVERIFY(error.isEmpty());
    }

    void unknownJobIsAnError()
    {
        const SlurmJobState s = SlurmJobState::parseScontrol("slurm_load_jobs error: Invalid job id specified\n");
        QVERIFY(!s);
        QVERIFY(s.error.contains(QStringLiteral("Invalid job id")));
        QVERIFY(!SlurmJobState::parseSqueue(""));
    }

    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void submitFollowAndCancel()
    {
        if (!m_slurm.start())
            QSKIP(qPrintable(QStringLiteral("SLURM could not start here: ") + m_slurm.reason()));
        qputenv("SLURM_CONF", m_slurm.confPath().toLocal8Bit());
        QString nodesError;
        QCOMPARE(SlurmClient(CommandRunner()).hostnames(QStringLiteral("gpu[01-02],cpu7"), &nodesError),
                 (QStringList{QStringLiteral("gpu01"), QStringLiteral("gpu02"), QStringLiteral("cpu7")}));
        LaunchWorkspace ws(m_dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        controller.setPollInterval(300);
        QSignalSpy finished(&controller, &RunController::runFinished);

        LaunchRecord job;
        job.command = {
            writeScript(QStringLiteral("train.sbatch"), "exec " PORTBENCH_TEST_DATA "/runs/megatron_train.sh 5 0.2\n")};
        QString error;
        const QString id = controller.submit(job, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QVERIFY(!ws.load(id).slurmJobId.isEmpty());

        LaunchRecord sleeper;
        sleeper.command = {writeScript(QStringLiteral("sleep.sbatch"), "sleep 300\n")};
        const QString sleepId = controller.submit(sleeper, &error);
        QVERIFY2(!sleepId.isEmpty(), qPrintable(error));

        QTRY_VERIFY_WITH_TIMEOUT(!ws.load(id).isActive(), 60000);
        const LaunchRecord done = ws.load(id);
        QCOMPARE(done.status, LaunchRecord::Status::Finished);
        QCOMPARE(done.exitCode, 0);
        QCOMPARE(done.pointCount, 5);
        QCOMPARE(done.lastStep, qint64(5));
        QVERIFY(QFile::exists(ws.metricsCachePath(id)));

        QVERIFY2(controller.stop(sleepId, 0, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(ws.load(sleepId).status, LaunchRecord::Status::Stopped, 30000);
        const SlurmJobState cancelled = SlurmClient(CommandRunner()).state(ws.load(sleepId).slurmJobId);
        QCOMPARE(cancelled.state, QStringLiteral("CANCELLED"));

        // The CLI: submit --wait exits 0 for a job that completed, and `runs --json` lists all three.
        // The job runs on this machine (the one-node cluster): its telemetry is recorded here, from
        // the fake nvidia-smi on the CLI's PATH. The job ends once a sample is in the file.
        QTemporaryDir bin;
        QVERIFY(FakeTelemetryTool::write(bin.path(), QStringLiteral("nvidia-smi"),
                                         QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt"),
                                         FakeTelemetryTool::replay()));
        QProcessEnvironment env = FakeTelemetryTool::withToolsIn(bin.path(), isolatedEnvironment());
        env.insert(QStringLiteral("SLURM_CONF"), m_slurm.confPath());
        env.insert(QStringLiteral("PORTBENCH_WORKSPACE"), ws.root());
        const QString sampled
            = writeScript(QStringLiteral("sampled.sbatch"),
                          "i=0; until grep -qs '^[0-9]' '" + ws.root().toUtf8()
                              + "'/*/telemetry-local.tel || [ $i -ge 600 ]; do sleep 0.1; i=$((i+1)); done\n"
                                "exec " PORTBENCH_TEST_DATA "/runs/megatron_train.sh 5 0.2\n");
        const CliResult cli = runCli({QStringLiteral("submit"), QStringLiteral("--wait"), sampled}, env);
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        QVERIFY(cli.out.contains("finished(0)"));
        QVERIFY2(cli.err.contains("note: Device telemetry from nvidia-smi --query-gpu on this machine is recorded in "
                                  "telemetry-local.tel"),
                 cli.err.constData());
        const CliResult listed = runCli({QStringLiteral("runs"), QStringLiteral("--json")}, env);
        QString telemetry;
        for (const QJsonValue &run : listed.json().object().value(QStringLiteral("runs")).toArray()) {
            const QJsonArray files = run.toObject().value(QStringLiteral("telemetry")).toArray();
            if (!files.isEmpty())
                telemetry = files.first().toString();
        }
        QVERIFY2(telemetry.endsWith(QStringLiteral("/telemetry-local.tel")), listed.out.constData());
        const CliResult parsed
            = runCli({QStringLiteral("parse"), QStringLiteral("--json"), QStringLiteral("--summary"), telemetry}, env);
        QVERIFY2(parsed.exitCode == 0, parsed.err.constData());
        const QJsonObject summary
            = parsed.json().object().value(QStringLiteral("telemetry")).toArray().first().toObject();
        QVERIFY2(summary.value(QStringLiteral("samples")).toInt() > 0, parsed.out.constData());
        const CliResult failing = runCli({QStringLiteral("submit"), QStringLiteral("--wait"),
                                          writeScript(QStringLiteral("fail.sbatch"), "exit 3\n")},
                                         env);
        QCOMPARE(failing.exitCode, 1);
        const CliResult runs = runCli({QStringLiteral("runs"), QStringLiteral("--json")}, env);
        QCOMPARE(runs.exitCode, 0);
        QCOMPARE(runs.json().object().value(QStringLiteral("runs")).toArray().size(), 4);
    }
};

QTEST_GUILESS_MAIN(TestSlurmRuns)
#include "tst_slurmruns.moc"

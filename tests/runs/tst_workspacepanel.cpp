// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/workflows/runs/runcontroller.h"
#include "core/workflows/runs/launchrecordmodel.h"
#include "core/workflows/runs/launchworkspace.h"
#include "runs/workspacepanel.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

class TestWorkspacePanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void launchedRunAppearsFinishesAndOpens()
    {
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.path());
        RunController controller(ws);
        QStringList opened;
        WorkspacePanel panel(ws, controller, [&opened](const QStringList &p) { opened = p; });
        QCOMPARE(panel.model()->rowCount(), 0);

        LaunchRecord r;
        r.name = QStringLiteral("gui run");
        r.command = {QStringLiteral(PORTBENCH_TEST_DATA "/runs/megatron_train.sh"), QStringLiteral("3")};
        QSignalSpy finished(&controller, &RunController::runFinished);
        QString error;
        const QString id = controller.launch(r, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QCOMPARE(panel.model()->rowCount(), 1);
        QVERIFY(finished.wait(20000));
        const int row = panel.model()->rowOf(id);
        QCOMPARE(panel.model()->index(row, LaunchRecordModel::Status).data().toString(),
                 QStringLiteral("finished (0)"));
        QCOMPARE(panel.model()->index(row, LaunchRecordModel::Name).data().toString(), QStringLiteral("gui run"));

        panel.view()->selectRow(0);
        panel.openSelected();
        QCOMPARE(opened, QStringList{ws.logPath(id)});

        // A run recorded by another process (the CLI) shows up on reload.
        LaunchRecord other;
        other.name = QStringLiteral("from cli");
        QVERIFY(!ws.create(other, &error).id.isEmpty());
        panel.reload();
        QCOMPARE(panel.model()->rowCount(), 2);
    }

    void followWarningsShowWithTheStatus()
    {
        // What following a log met (here a truncation) was said nowhere in the GUI.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        WorkspacePanel panel(ws, controller, [](const QStringList &) {});
        const QString log = dir.filePath(QStringLiteral("train.jsonl"));
        QFile f(log);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"step\": 1, \"loss\": 3.0}\n{\"step\": 2, \"loss\": 2.9}\n");
        f.close();
        QString error;
        const QString id = controller.attach(LaunchRecord(), log, true, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(controller.points(id).pointCount(), 2, 20000);
        panel.view()->selectRow(panel.model()->rowOf(id));
        const auto *status = panel.findChild<QLabel *>(QStringLiteral("WorkspaceRunStatus"));
        QVERIFY(status);
        // The warning arrives while the run is the current one: its status is shown again.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.close();
        QTRY_VERIFY2_WITH_TIMEOUT(
            status->text().contains(QStringLiteral("warning: ") + log + QStringLiteral(" was truncated")),
            qPrintable(status->text()), 20000);
    }

    void aRunsTelemetryIsOfferedOnceItIsThere()
    {
        // A live run's telemetry file appears a moment after it starts (its tool is looked for
        // first): the run selected before that shows it when it comes, once.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        RunController controller(ws);
        LaunchRecord r;
        r.name = QStringLiteral("live");
        r.status = LaunchRecord::Status::Running;
        QString error;
        r = ws.create(r, &error);
        QVERIFY2(!r.id.isEmpty(), qPrintable(error));
        WorkspacePanel panel(ws, controller, [](const QStringList &) {});
        QSignalSpy wanted(&panel, &WorkspacePanel::telemetryWanted);
        panel.view()->setCurrentIndex(panel.view()->model()->index(0, 0));
        QCOMPARE(wanted.size(), 0);
        const QString file = ws.telemetryPath(r.id, QString());
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        r.notes << QStringLiteral(
            "Device telemetry from nvidia-smi on this machine is recorded in telemetry-local.tel");
        Q_EMIT controller.recordChanged(r);
        QCOMPARE(wanted.size(), 1);
        QCOMPARE(wanted.first().first().toStringList(), QStringList{file});
        Q_EMIT controller.recordChanged(r);
        QCOMPARE(wanted.size(), 1);
        // A second host's recording (a job on two nodes) starts later: offered again, with both.
        const QString second = ws.telemetryPath(r.id, QStringLiteral("node-b"));
        QFile g(second);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.close();
        Q_EMIT controller.recordChanged(r);
        QCOMPARE(wanted.size(), 2);
        QCOMPARE(wanted.last().first().toStringList().size(), 2);
        QVERIFY(wanted.last().first().toStringList().contains(second));
    }
};

QTEST_MAIN(TestWorkspacePanel)
#include "tst_workspacepanel.moc"

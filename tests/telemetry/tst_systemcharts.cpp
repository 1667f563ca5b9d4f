// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "charts/curvechart.h"
#include "fileopenrouter.h"
#include "isolatedhome.h"
#include "mainwindow.h"
#include "core/sources/plugins/devicebackend.h"
#include "telemetry/systemchartspanel.h"
#include "core/engines/telemetry/telemetrymetric.h"
#include "core/workflows/runs/launchworkspace.h"
#include "runs/workspacepanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QListWidget>
#include <QSignalSpy>
#include <QLabel>
#include <QTableView>
#include <QSortFilterProxyModel>
#include <QTest>

#include <cmath>

namespace {

QString dataPath(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/") + name;
}

QList<const DeviceBackend *> backends()
{
    return builtPlugins().deviceBackends();
}

QStringList labels(const CurveChart &chart)
{
    QStringList l;
    for (const ChartCurve &c : chart.curves())
        l << c.label;
    return l;
}

} // namespace

/// The System Charts dock: one line per host:device for the chosen metric, and the flags.
class TestSystemCharts : public QObject
{
    Q_OBJECT

    IsolatedHome m_home;

private Q_SLOTS:
    void initTestCase() { m_home.applyToThisProcess(); }

    void fileOpenRoutesCapturesToTheDock()
    {
        // A captured nvidia-smi CSV is also a CSV the log reader would chart: the telemetry handler
        // comes first.
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("portbench.ini")), QSettings::IniFormat);
        MainWindow w(settings, builtPlugins());
        QSignalSpy opened(&w.fileRouter(), &FileOpenRouter::opened);
        auto *panel = w.findChild<SystemChartsPanel *>();
        QVERIFY(panel);
        QSignalSpy loaded(panel, &SystemChartsPanel::loaded);
        w.openFiles({dataPath(QStringLiteral("nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt"))});
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().at(1).toString(), QStringLiteral("System charts"));
        QVERIFY(loaded.wait(10000));
        QVERIFY(!w.findChild<QDockWidget *>(QStringLiteral("SystemChartsDock"))->isHidden());
        QCOMPARE(labels(*panel->chart()), (QStringList{QStringLiteral("local:0"), QStringLiteral("local:1")}));
    }

    // Several hosts' captures opened at once (File > Open with two files, a drop, the command
    // line) show together: one line per host:device, not the last file alone.
    void filesOpenedTogetherShowTogether()
    {
        QTemporaryDir dir;
        const QString nodeB = dir.filePath(QStringLiteral("node-b.tel"));
        QFile idle(dataPath(QStringLiteral("flags_all_idle.tel")));
        QVERIFY(idle.open(QIODevice::ReadOnly));
        QFile second(nodeB);
        QVERIFY(second.open(QIODevice::WriteOnly));
        second.write(idle.readAll().replace("#host node1", "#host node2"));
        second.close();
        QSettings settings(dir.filePath(QStringLiteral("portbench.ini")), QSettings::IniFormat);
        MainWindow w(settings, builtPlugins());
        QSignalSpy opened(&w.fileRouter(), &FileOpenRouter::opened);
        auto *panel = w.findChild<SystemChartsPanel *>();
        QVERIFY(panel);
        QSignalSpy loaded(panel, &SystemChartsPanel::loaded);
        w.openFiles({dataPath(QStringLiteral("flags_4gpu.tel")), nodeB});
        QCOMPARE(opened.size(), 2);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(panel->files().size(), 2);
        QCOMPARE(labels(*panel->chart()).size(), 8);
    }

    void aWorkspaceRunShowsItsRecordedTelemetry()
    {
        // A run recorded earlier (before this start of the GUI) with telemetry from two hosts.
        QTemporaryDir dir;
        LaunchWorkspace ws(dir.filePath(QStringLiteral("ws")));
        LaunchRecord r;
        r.name = QStringLiteral("recorded");
        r.status = LaunchRecord::Status::Finished;
        QString error;
        const QString id = ws.create(r, &error).id;
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        const QString first = ws.telemetryPath(id, QStringLiteral("node-a"));
        const QString second = ws.telemetryPath(id, QStringLiteral("node-b"));
        QVERIFY(QFile::copy(dataPath(QStringLiteral("flags_4gpu.tel")), first));
        QFile idle(dataPath(QStringLiteral("flags_all_idle.tel")));
        QVERIFY(idle.open(QIODevice::ReadOnly));
        QFile secondFile(second);
        QVERIFY(secondFile.open(QIODevice::WriteOnly));
        secondFile.write(idle.readAll().replace("#host node1", "#host node2"));
        secondFile.close();
        QSettings settings(dir.filePath(QStringLiteral("portbench.ini")), QSettings::IniFormat);
        settings.setValue(LaunchWorkspace::settingsKey(), ws.root());
        MainWindow w(settings, builtPlugins());
        auto *panel = w.findChild<SystemChartsPanel *>();
        auto *workspace = w.findChild<WorkspacePanel *>();
        QVERIFY(panel && workspace);
        QSignalSpy loaded(panel, &SystemChartsPanel::loaded);
        QCOMPARE(workspace->view()->model()->rowCount(), 1);
        // As a click does: the row is selected and made current.
        workspace->view()->setCurrentIndex(workspace->view()->model()->index(0, 0));
        QVERIFY(loaded.wait(10000));
        // Both hosts in one chart set.
        QCOMPARE(panel->files(), (QStringList{first, second}));
        const QStringList lines = labels(*panel->chart());
        QCOMPARE(lines.size(), 8);
        QCOMPARE(lines.first(), QStringLiteral("node1:0"));
        QCOMPARE(lines.last(), QStringLiteral("node2:3"));
        const auto *status = workspace->findChild<QLabel *>(QStringLiteral("WorkspaceRunStatus"));
        QVERIFY(status);
        QVERIFY2(status->text().contains(QStringLiteral("telemetry-node-a.tel, telemetry-node-b.tel")),
                 qPrintable(status->text()));
    }

    void showsOneLinePerDeviceAndTheFlags()
    {
        SystemChartsPanel panel(backends());
        const QString file = dataPath(QStringLiteral("flags_4gpu.tel"));
        QVERIFY(panel.canOpen(file));
        QSignalSpy loaded(&panel, &SystemChartsPanel::loaded);
        panel.openFile(file);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(panel.metric(), TelemetryMetric::utilisation);
        QCOMPARE(labels(*panel.chart()),
                 (QStringList{QStringLiteral("node1:0"), QStringLiteral("node1:1"), QStringLiteral("node1:2"),
                              QStringLiteral("node1:3")}));
        QVERIFY(panel.chart()->spec().timeX); // the wall-clock axis the loss charts share
        const ChartCurve &idle = panel.chart()->curves().at(3);
        QCOMPARE(idle.x.front(), 1764000000.0);
        QCOMPARE(idle.y.at(4), 0.0);
        QCOMPARE(panel.findChild<QListWidget *>(QStringLiteral("flags"))->count(), 3);

        panel.setMetric(TelemetryMetric::memoryPercent);
        QCOMPARE(panel.chart()->curves().at(1).y.at(3), 97.2);
    }

    void showsSeveralFilesTogetherAndFollowsThem()
    {
        // Two hosts' nvidia-smi captures (no host in them: each is named after its file), one
        // still being written.
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("gpu-a.csv"));
        QVERIFY(QFile::copy(dataPath(QStringLiteral("nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt")), a));
        QFile source(dataPath(QStringLiteral("nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt")));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = source.readAll().split('\n');
        QFile b(dir.filePath(QStringLiteral("gpu-b.csv")));
        QVERIFY(b.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        for (int i = 0; i < 4; ++i)
            b.write(lines[i] + '\n');

        SystemChartsPanel panel(backends());
        QSignalSpy loaded(&panel, &SystemChartsPanel::loaded);
        QSignalSpy grown(&panel, &SystemChartsPanel::grown);
        panel.openFiles({a, b.fileName()});
        QVERIFY(loaded.wait(10000));
        QCOMPARE(labels(*panel.chart()),
                 (QStringList{QStringLiteral("gpu-a:0"), QStringLiteral("gpu-a:1"), QStringLiteral("gpu-b:0"),
                              QStringLiteral("gpu-b:1")}));
        QVERIFY(panel.chart()->spec().timeX);
        QCOMPARE(panel.chart()->curves().at(0).size(), 8);
        QCOMPARE(panel.chart()->curves().at(2).size(), 2);

        for (int i = 4; i < 8; ++i)
            b.write(lines[i] + '\n');
        QVERIFY(grown.wait(10000));
        QCOMPARE(panel.chart()->curves().at(2).size(), 4);
        QCOMPARE(panel.chart()->curves().at(0).size(), 8);
    }

    void aCaptureWithoutAClockCountsSeconds()
    {
        SystemChartsPanel panel(backends());
        QSignalSpy loaded(&panel, &SystemChartsPanel::loaded);
        panel.openFile(dataPath(QStringLiteral("npu_smi_info_watch_310B_davinci_mini.txt")));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(labels(*panel.chart()), QStringList{QStringLiteral("local:0:0")});
        QVERIFY(!panel.chart()->spec().timeX);
        QCOMPARE(panel.chart()->curves().first().x.back(), 11.0);
        QVERIFY(panel.findChild<QComboBox *>(QStringLiteral("metric"))->findData(TelemetryMetric::powerWatts) >= 0);
    }

    void followsAFileStillBeingWritten()
    {
        QFile source(dataPath(QStringLiteral("flags_4gpu.tel")));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = source.readAll().split('\n'); // 4 header lines, 32 samples, ""
        QTemporaryDir dir;
        QFile growing(dir.filePath(QStringLiteral("node.tel")));
        QVERIFY(growing.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        for (int i = 0; i < 4 + 8; ++i) // two rounds of the four devices
            growing.write(lines[i] + '\n');

        SystemChartsPanel panel(backends());
        QSignalSpy loaded(&panel, &SystemChartsPanel::loaded);
        QSignalSpy grown(&panel, &SystemChartsPanel::grown);
        panel.openFile(growing.fileName());
        QVERIFY(loaded.wait(10000));
        QCOMPARE(panel.chart()->curves().first().size(), 2);

        // The monitor goes on writing; its last line is not complete yet.
        for (int i = 4 + 8; i < 4 + 31; ++i)
            growing.write(lines[i] + '\n');
        growing.write(lines[4 + 31]);
        QVERIFY(grown.wait(10000));
        QCOMPARE(panel.chart()->curves().at(2).size(), 8);
        QCOMPARE(panel.chart()->curves().at(3).size(), 7); // its eighth sample waits for its line break
        growing.write("\n");
        QVERIFY(grown.wait(10000));
        QCOMPARE(panel.chart()->curves().at(3).size(), 8);
        QCOMPARE(panel.findChild<QListWidget *>(QStringLiteral("flags"))->count(), 3);
    }

    void otherFilesAreNotItsOwn()
    {
        SystemChartsPanel panel(backends());
        QVERIFY(!panel.canOpen(QStringLiteral(PORTBENCH_TEST_DATA "/logs/h100/SOURCES.md")));
    }
};

QTEST_MAIN(TestSystemCharts)
#include "tst_systemcharts.moc"

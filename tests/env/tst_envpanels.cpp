#include "backendsfixture.h"
#include "env/environmentpanel.h"
#include "topology/topologyimage.h"
#include "topology/topologypanel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestEnvPanels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void topologyPanelOpensCaptureAndExports()
    {
        TopologyPanel panel(builtPlugins());
        const QString file = QStringLiteral(PORTBENCH_TEST_DATA "/env/nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt");
        QVERIFY(panel.canOpen(file));
        QVERIFY(!panel.canOpen(QStringLiteral(PORTBENCH_TEST_DATA "/env/SOURCES.md")));
        QVERIFY(panel.openFile(file));
        QCOMPARE(panel.topology().accelerators().size(), 4);
        QCOMPARE(panel.topology().source, QStringLiteral("nvidia-smi topo -m"));

        const QImage img = TopologyImage::image(panel.topology());
        QVERIFY(!img.isNull());
        QVERIFY(img.width() > 200);
        QTemporaryDir dir;
        QVERIFY(TopologyImage::save(panel.topology(), dir.filePath(QStringLiteral("t.png"))).isEmpty());
        QVERIFY(QImage(dir.filePath(QStringLiteral("t.png"))).size() == img.size());
        QVERIFY(TopologyImage::save(panel.topology(), dir.filePath(QStringLiteral("t.svg"))).isEmpty());
    }

    void environmentPanelRunsTheSameChecks()
    {
        EnvironmentPanel panel(builtPlugins());
        QSignalSpy done(&panel, &EnvironmentPanel::finished);
        panel.run();
        QVERIFY(panel.isRunning());
        QVERIFY(done.wait(120000));
        const EnvReport &r = panel.report();
        QVERIFY(!r.checks.isEmpty());
        QStringList ids;
        for (const EnvCheck &c : r.checks)
            ids << c.id;
        QVERIFY(ids.contains(QStringLiteral("host.shm")));
        QVERIFY(ids.contains(QStringLiteral("npu.driver")));
        QVERIFY(ids.contains(QStringLiteral("python.interpreter")));
    }
};

QTEST_MAIN(TestEnvPanels)
#include "tst_envpanels.moc"

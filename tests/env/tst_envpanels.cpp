#include "backendsfixture.h"
#include "env/environmentpanel.h"
#include "topology/topologyimage.h"
#include "topology/topologypanel.h"

#include <QAction>
#include <QApplication>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
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

    void probeThatFindsNothingClearsTheView()
    {
        for (const char *tool : {"nvidia-smi", "npu-smi", "mthreads-gmi"}) {
            if (!QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
                QSKIP("a vendor topology tool is installed here: the probe would find a topology");
        }
        TopologyPanel panel(builtPlugins());
        QVERIFY(panel.openFile(QStringLiteral(PORTBENCH_TEST_DATA "/env/nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt")));
        auto *view = panel.findChild<QGraphicsView *>();
        auto *title = panel.findChild<QLabel *>(QStringLiteral("TopologyTitle"));
        QVERIFY(view && title);
        QVERIFY(!view->scene()->items().isEmpty());

        // Its tool bar button, as a person probes.
        const QList<QAction *> actions = panel.findChildren<QAction *>();
        const auto probe = std::find_if(actions.cbegin(), actions.cend(),
                                        [](const QAction *a) { return a->text() == QLatin1String("Probe This Machine"); });
        QVERIFY(probe != actions.cend());
        (*probe)->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(title->text().startsWith(QStringLiteral("Probe found no topology")), 30000);
        // The earlier capture is gone, not shown as if it were this machine's.
        QVERIFY(panel.topology().nodes.isEmpty());
        QVERIFY(view->scene()->items().isEmpty());
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

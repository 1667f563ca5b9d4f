// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "backendsfixture.h"
#include "env/environmentpanel.h"
#include "core/base/i18n/translationcatalog.h"
#include "topology/topologyimage.h"
#include "core/sources/topology/topologylayout.h"
#include "topology/topologypanel.h"

#include <QAction>
#include <QApplication>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
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
        // The map has a legend naming every link class it draws.
        QStringList texts;
        for (QGraphicsItem *item : panel.findChild<QGraphicsView *>()->scene()->items()) {
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                texts << text->text();
        }
        for (const LinkType &link : panel.topology().linkTypes())
            QVERIFY2(texts.contains(link.name()), qPrintable(link.name()));

        const QImage img = TopologyImage::image(panel.topology());
        QVERIFY(!img.isNull());
        QVERIFY(img.width() > 200);
        QTemporaryDir dir;
        QVERIFY(TopologyImage::save(panel.topology(), dir.filePath(QStringLiteral("t.png"))).isEmpty());
        QVERIFY(QImage(dir.filePath(QStringLiteral("t.png"))).size() == img.size());
        QVERIFY(TopologyImage::save(panel.topology(), dir.filePath(QStringLiteral("t.svg"))).isEmpty());
    }

    /// The language changes with a capture open: the toolbar, the title, the matrix header, the
    /// advice and the map's tool tips follow, and go back to English.
    void topologyPanelSwitchesLanguage()
    {
        TopologyPanel panel(builtPlugins());
        panel.show();
        QVERIFY(panel.openFile(QStringLiteral(PORTBENCH_TEST_DATA "/env/nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt")));
        auto texts = [&panel] {
            const int cpuColumn = int(panel.topology().nodes.size());
            QString nodeTip;
            for (QGraphicsItem *item : panel.findChild<QGraphicsView *>()->scene()->items()) {
                if (item->toolTip().startsWith(QLatin1String("GPU0\n")))
                    nodeTip = item->toolTip()
                                  .section(QLatin1Char('\n'), 1, 1)
                                  .section(QRegularExpression(QStringLiteral("[:：]")), 0, 0);
            }
            QStringList actions; // the toolbar's, in order (its own toggle action has no text)
            for (QAction *action : panel.findChildren<QAction *>()) {
                if (!action->text().isEmpty())
                    actions << action->text();
            }
            return QStringList{
                actions.value(0),
                panel.findChild<QLabel *>(QStringLiteral("TopologyTitle"))->text().section(QLatin1Char(' '), -2),
                panel.findChild<QTableView *>()->model()->headerData(cpuColumn, Qt::Horizontal).toString(),
                panel.findChild<QListWidget *>()->item(0)->text().left(14), nodeTip};
        };
        const QStringList english{QStringLiteral("Open Capture…"), QStringLiteral("1 NIC(s)"),
                                  QStringLiteral("CPU Affinity"), QStringLiteral("All 4 GPUs are"),
                                  QStringLiteral("CPU affinity")};
        QCOMPARE(texts(), english);
        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        const QStringList chinese{QStringLiteral("打开抓取文件…"), QStringLiteral("个加速卡，1 个网卡"),
                                  QStringLiteral("CPU 亲和性"), QStringLiteral("全部 4 个 GPU 通过 "),
                                  QStringLiteral("CPU 亲和性")};
        QTRY_COMPARE(texts(), chinese);
        QVERIFY(TranslationCatalog::install(QStringLiteral("en"), &error));
        QTRY_COMPARE(texts(), english);
    }

    void fullMeshIsDrawnAsARingNotAChain()
    {
        TopologyPanel panel(builtPlugins());
        QVERIFY(panel.openFile(QStringLiteral(PORTBENCH_TEST_DATA "/env/npu_smi_info_t_topo_910B3_8npu_HCCS.txt")));
        const Topology &t = panel.topology();
        QCOMPARE(t.accelerators().size(), 8);
        const TopologyLayout layout = TopologyLayout::compute(t);
        // No drawn link passes through a device between its ends (a grid or a row draws the
        // HCCS mesh as a chain: links run through the devices in between).
        const QList<int> acc = t.accelerators();
        for (int i : acc) {
            for (int j : acc) {
                if (i >= j || !TopologyLayout::drawsEdge(t, i, j))
                    continue;
                const QLineF edge(layout.centers.at(i), layout.centers.at(j));
                for (int k : acc) {
                    if (k == i || k == j)
                        continue;
                    const QRectF box(layout.centers.at(k)
                                         - QPointF(TopologyLayout::nodeWidth / 2, TopologyLayout::nodeHeight / 2),
                                     QSizeF(TopologyLayout::nodeWidth, TopologyLayout::nodeHeight));
                    for (const QLineF &side :
                         {QLineF(box.topLeft(), box.topRight()), QLineF(box.bottomLeft(), box.bottomRight()),
                          QLineF(box.topLeft(), box.bottomLeft()), QLineF(box.topRight(), box.bottomRight())}) {
                        QVERIFY2(edge.intersects(side, nullptr) != QLineF::BoundedIntersection,
                                 qPrintable(QStringLiteral("link %1-%2 crosses %3")
                                                .arg(t.nodes.at(i).name, t.nodes.at(j).name, t.nodes.at(k).name)));
                    }
                }
            }
        }
        // Every device inside its group's box.
        for (int k = 0; k < t.nodes.size(); ++k)
            QVERIFY(layout.bounds.contains(layout.centers.at(k)));
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
        const auto probe = std::find_if(actions.cbegin(), actions.cend(), [](const QAction *a) {
            return a->text() == QLatin1String("Probe This Machine");
        });
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

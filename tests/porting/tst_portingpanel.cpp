#include "porttesthelpers.h"

#include "fileopenrouter.h"
#include "mainwindow.h"
#include "porting/portdiffview.h"
#include "porting/portfindingsmodel.h"
#include "porting/portingpanel.h"

#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

class TestPortingPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scanShowsFindingsAndDiff()
    {
        PortingPanel panel(testPlugins());
        QSignalSpy finished(&panel, &PortingPanel::scanFinished);
        panel.openPath(portingData(QStringLiteral("megatron_pretrain_gpt.py")));
        QVERIFY(finished.wait(20000));
        QCOMPARE(panel.result().target, QStringLiteral("npu"));
        QCOMPARE(panel.model()->rowCount(), int(panel.result().findings().size()));
        QVERIFY(panel.model()->rowCount() > 10);
        const QString right = panel.diffView()->rightText();
        QVERIFY(right.contains(QLatin1String("import torch_npu")));
        QVERIFY(right.contains(QLatin1String("torch.npu.NPUGraph()")));
        QVERIFY(panel.diffView()->leftText().contains(QLatin1String("torch.cuda.CUDAGraph()")));
        // Rows are aligned: the inserted import faces a blank row on the left.
        QCOMPARE(panel.diffView()->leftText().count(QLatin1Char('\n')), right.count(QLatin1Char('\n')));
    }

    /// Check Port verifies the path as a ported tree: what the rules would still change is work left.
    void checkPortReportsLeftovers()
    {
        QTemporaryDir dir;
        QVERIFY(writeText(dir.filePath(QStringLiteral("train.py")),
                          "import torch\nimport torch_npu\nn = torch.npu.device_count()\ntorch.cuda.synchronize()\n"));
        PortingPanel panel(testPlugins());
        QSignalSpy finished(&panel, &PortingPanel::scanFinished);
        panel.openPath(dir.path());
        QVERIFY(finished.wait(20000));
        panel.checkPort();
        QVERIFY(finished.wait(60000));
        const QList<Port::Finding> findings = panel.result().findings();
        QCOMPARE(findings.size(), 1);
        QCOMPARE(findings.constFirst().line, 4);
        QCOMPARE(findings.constFirst().ruleId, QStringLiteral("npu.torch-cuda-api"));
        QCOMPARE(findings.constFirst().severity, Port::Severity::Manual);
        QVERIFY(!panel.result().files.constFirst().changed()); // a check shows no rewrite
    }

    void droppedFolderIsRoutedToThePanel()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        MainWindow window(settings, testPlugins());
        auto panel = window.findChild<PortingPanel *>();
        QVERIFY(panel);
        QSignalSpy finished(panel, &PortingPanel::scanFinished);
        QCOMPARE(window.fileRouter().open(portingData(QStringLiteral("project"))), QStringLiteral("Porting"));
        QVERIFY(finished.wait(20000));
        QCOMPARE(panel->result().files.size(), 5);
        QVERIFY(window.findChild<QDockWidget *>(QStringLiteral("PortingDock")));
    }
};

QTEST_MAIN(TestPortingPanel)
#include "tst_portingpanel.moc"

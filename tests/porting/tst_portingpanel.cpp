// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "isolatedhome.h"
#include "porttesthelpers.h"

#include "fileopenrouter.h"
#include "core/base/i18n/translationcatalog.h"
#include "mainwindow.h"
#include "porting/portdiffview.h"
#include "core/engines/porting/portfindingsmodel.h"
#include "porting/portingpanel.h"
#include "core/engines/porting/portreport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>

class TestPortingPanel : public QObject
{
    Q_OBJECT

    /// HOME and the XDG folders of this process: the run workspace, ssh config and settings the
    /// main window finds are the test's, not the user's.
    IsolatedHome m_home;

private Q_SLOTS:
    void initTestCase() { m_home.applyToThisProcess(); }
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

    /// The scan's summary in the Messages dock reads in a language chosen after the scan.
    void summaryMessageFollowsTheLanguage()
    {
        PortingPanel panel(testPlugins());
        QSignalSpy finished(&panel, &PortingPanel::scanFinished);
        QSignalSpy messages(&panel, &PortingPanel::message);
        panel.openPath(portingData(QStringLiteral("megatron_pretrain_gpt.py")));
        QVERIFY(finished.wait(20000));
        QVERIFY(!messages.isEmpty());
        const LocalizedText summary = messages.last().at(0).value<LocalizedText>();
        QVERIFY2(summary.text().startsWith(QStringLiteral("Porting: cuda → npu: ")), qPrintable(summary.text()));
        // The message keeps no file texts, yet counts the changed files as the scan did.
        QCOMPARE(summary.text(),
                 QStringLiteral("Porting: ")
                     + PortReport::summaryText(panel.result()).section(QLatin1Char('\n'), 0, 0));
        QVERIFY(TranslationCatalog::install(QStringLiteral("zh_CN")));
        const QString chinese = summary.text();
        QVERIFY(TranslationCatalog::install(QStringLiteral("en")));
        QVERIFY2(chinese.startsWith(QStringLiteral("迁移：cuda → npu：")), qPrintable(chinese));
    }

    /// The automatic migration box is the target plugin's: offered with its import as the tooltip
    /// where the rules name one (npu), off where they do not (musa) and for the reverse direction.
    void automaticMigrationComesFromTheTargetsRules()
    {
        PortingPanel panel(testPlugins());
        QCheckBox *box = nullptr;
        QCheckBox *reverse = nullptr;
        for (QCheckBox *b : panel.findChildren<QCheckBox *>()) {
            if (b->text() == QLatin1String("Automatic migration"))
                box = b;
            else if (b->text() == QLatin1String("Reverse"))
                reverse = b;
        }
        QVERIFY(box && reverse);
        auto target = panel.findChild<QComboBox *>();
        target->setCurrentIndex(target->findData(QStringLiteral("npu")));
        QVERIFY(box->isEnabled());
        QCOMPARE(box->toolTip(),
                 QStringLiteral("Also add 'from torch_npu.contrib import transfer_to_npu' to entry points"));
        reverse->setChecked(true);
        QVERIFY(!box->isEnabled());
        reverse->setChecked(false);
        target->setCurrentIndex(target->findData(QStringLiteral("musa")));
        QVERIFY(!box->isEnabled());
        QVERIFY(!box->toolTip().contains(QLatin1String("transfer_to_npu")));
    }

    /// Findings made for one target are marked outdated, and cannot be applied, once another target,
    /// the direction or the source is chosen; choosing them back, or scanning again, clears it.
    void otherTargetMarksFindingsOutdated()
    {
        PortingPanel panel(testPlugins());
        QSignalSpy finished(&panel, &PortingPanel::scanFinished);
        panel.openPath(portingData(QStringLiteral("megatron_pretrain_gpt.py")));
        QVERIFY(finished.wait(20000));
        QComboBox *target = nullptr;
        for (QComboBox *box : panel.findChildren<QComboBox *>()) {
            if (box->findData(QStringLiteral("npu")) >= 0)
                target = box;
        }
        QVERIFY(target && target->count() >= 2);
        QCOMPARE(target->currentData().toString(), QStringLiteral("npu"));
        QPushButton *apply = nullptr;
        for (QPushButton *b : panel.findChildren<QPushButton *>()) {
            if (b->text() == QLatin1String("Apply"))
                apply = b;
        }
        QVERIFY(apply && apply->isEnabled());
        auto *summary = [&panel] {
            for (QLabel *l : panel.findChildren<QLabel *>()) {
                if (l->toolTip() == PortReport::summaryText(panel.result()))
                    return l;
            }
            return static_cast<QLabel *>(nullptr);
        }();
        QVERIFY(summary);
        QVERIFY(!summary->text().startsWith(QLatin1String("Outdated")));
        const int other = target->currentIndex() == 0 ? 1 : 0;
        target->setCurrentIndex(other);
        QVERIFY(panel.isResultOutdated());
        QVERIFY2(summary->text().startsWith(QLatin1String("Outdated")), qPrintable(summary->text()));
        QVERIFY(!apply->isEnabled());
        QVERIFY(!panel.findChild<QTableView *>()->isEnabled());
        // Back to the scanned target: current again.
        target->setCurrentIndex(target->findData(QStringLiteral("npu")));
        QVERIFY(!panel.isResultOutdated());
        QVERIFY(apply->isEnabled());
        // Another source, then a scan for it: current.
        panel.findChild<QLineEdit *>()->setText(portingData(QStringLiteral("hf_trainer_finetune.py")));
        QVERIFY(panel.isResultOutdated());
        panel.scan();
        QVERIFY(finished.wait(20000));
        QVERIFY(!panel.isResultOutdated());
        QVERIFY(!summary->text().startsWith(QLatin1String("Outdated")));
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

    /// The language changes at run time, with a scan on screen: buttons, the target list, the
    /// severity filters, the findings' header and severities, the summary; and back to English.
    void switchesLanguageAtRunTime()
    {
        PortingPanel panel(testPlugins());
        panel.show();
        QSignalSpy finished(&panel, &PortingPanel::scanFinished);
        panel.openPath(portingData(QStringLiteral("megatron_pretrain_gpt.py")));
        QVERIFY(finished.wait(20000));
        auto table = panel.findChild<QTableView *>();
        auto texts = [&panel, table] {
            QStringList buttons;
            for (QPushButton *b : panel.findChildren<QPushButton *>())
                buttons << b->text();
            QStringList boxes;
            for (QCheckBox *b : panel.findChildren<QCheckBox *>())
                boxes << b->text();
            int manualRow = 0;
            while (panel.model()->findings().at(manualRow).severity != Port::Severity::Manual)
                ++manualRow;
            QString summary;
            for (QLabel *l : panel.findChildren<QLabel *>()) {
                // "source → npu: …; …" in English, "source → npu：…；…" in Chinese
                const qsizetype arrow = l->text().indexOf(QStringLiteral("→ npu"));
                if (arrow >= 0)
                    summary
                        = l->text().mid(arrow + 6).section(QRegularExpression(QStringLiteral("[;；]")), 0, 0).trimmed();
            }
            return QStringList{buttons.join(QLatin1Char('|')),
                               boxes.join(QLatin1Char('|')),
                               panel.findChild<QComboBox *>()->itemText(0),
                               table->model()->headerData(PortFindingsModel::SeverityColumn, Qt::Horizontal).toString(),
                               panel.model()->index(manualRow, PortFindingsModel::SeverityColumn).data().toString(),
                               panel.findChild<QLineEdit *>()->placeholderText(),
                               summary};
        };
        const QStringList english{QStringLiteral("Browse…|Scan|Check Port|Cancel|Apply|Export Report…"),
                                  QStringLiteral("Reverse|Automatic migration|auto-fix|manual|unsupported"),
                                  QStringLiteral("Huawei Ascend NPU"), // the plugin's product name
                                  QStringLiteral("Severity"),
                                  QStringLiteral("manual"),
                                  QStringLiteral("CUDA training repository or .py file (drop one here)"),
                                  QStringLiteral("1 file(s) scanned, 1 changed")};
        QCOMPARE(texts(), english);

        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        const QStringList chinese{QStringLiteral("浏览…|扫描|检查迁移结果|取消|应用|导出报告…"),
                                  QStringLiteral("反向迁移|自动迁移|自动修复|需手动|不支持"),
                                  QStringLiteral("Huawei Ascend NPU"), // product names stay as the plugin gives them
                                  QStringLiteral("级别"),
                                  QStringLiteral("需手动"),
                                  QStringLiteral("CUDA 训练代码仓库或 .py 文件（可拖放到此处）"),
                                  QStringLiteral("扫描 1 个文件，修改 1 个")};
        QTRY_COMPARE(texts(), chinese);

        QVERIFY(TranslationCatalog::install(QStringLiteral("en"), &error));
        QTRY_COMPARE(texts(), english);
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

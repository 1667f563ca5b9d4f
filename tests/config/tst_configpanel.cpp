// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/config/backendprofiles.h"
#include "config/configpanel.h"
#include "config/memorybar.h"

#include "core/sources/config/configissuemodel.h"
#include "core/sources/config/launchcommand.h"
#include "core/base/i18n/translationcatalog.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QTimer>
#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

/// The config dock: import, live validation, memory bar, artifact tabs, saving.
class TestConfigPanel : public QObject
{
    Q_OBJECT

    static QString data(const QString &relative) { return QStringLiteral(PORTBENCH_TEST_DATA "/config/") + relative; }

    QTemporaryDir m_home;

    /// Picks `path` in the next modal file dialog.
    static void answerFileDialog(const QString &path)
    {
        QTimer::singleShot(0, qApp, [path] {
            auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!dialog) {
                answerFileDialog(path); // not open yet: try on the next turn
                return;
            }
            dialog->selectFile(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog's override is protected
        });
    }

    /// Answers the next modal message box with `button`; records its text.
    static void answerMessageBox(QMessageBox::StandardButton button, QString *text)
    {
        QTimer::singleShot(0, qApp, [button, text] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box) {
                answerMessageBox(button, text);
                return;
            }
            *text = box->text();
            QTest::mouseClick(box->button(button), Qt::LeftButton);
        });
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Backends, device presets and environment lines come from the backend plugins.
        QVERIFY2(!builtPlugins().backends().isEmpty(), "the backend plugins are not built");
        QVERIFY(BackendProfiles::find(QStringLiteral("npu")));
    }

    void issueModel()
    {
        ConfigIssueModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setIssues(
            {{ConfigIssue::Severity::Error, QStringLiteral("precision.bf16"), QStringLiteral("both on")},
             {ConfigIssue::Severity::Warning, QStringLiteral("strategy.zero.stage"), QStringLiteral("npu")}});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, ConfigIssueModel::FieldColumn).data().toString(), QStringLiteral("precision.bf16"));
        QCOMPARE(model.index(1, ConfigIssueModel::SeverityColumn).data().toString(), QStringLiteral("warning"));
        QVERIFY(model.index(0, 0).data(ConfigIssueModel::IsErrorRole).toBool());
        model.setIssues({});
        QCOMPARE(model.rowCount(), 0);
    }

    void importShowsArtifactsAndUpdatesLive()
    {
        QSettings settings(m_home.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ConfigPanel panel(settings);
        panel.show();
        const QString fixture = data(QStringLiteral("launch/ascend_910b_qwen15_7b_fsdp.sh"));
        QVERIFY(panel.importFiles({fixture}));
        auto tabs = panel.findChild<QTabWidget *>(QStringLiteral("ConfigArtifacts"));
        QVERIFY(tabs);
        QCOMPARE(tabs->tabToolTip(0), QStringLiteral("launch.sh"));
        QFile f(fixture);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString launch = qobject_cast<QPlainTextEdit *>(tabs->widget(0))->toPlainText();
        QCOMPARE(launch, QString::fromUtf8(f.readAll()));

        // Typing in the form: the artifact follows after the pause.
        auto accumulation = panel.findChild<QSpinBox *>(QStringLiteral("field:schedule.gradAccum"));
        QVERIFY(accumulation);
        accumulation->setValue(4);
        QTRY_VERIFY(qobject_cast<QPlainTextEdit *>(tabs->widget(0))
                        ->toPlainText()
                        .contains(QLatin1String("--gradient_accumulation_steps 4")));

        // Turning on ZeRO next to FSDP: live error on the field, and a DeepSpeed tab appears.
        auto zero = panel.findChild<QCheckBox *>(QStringLiteral("field:strategy.zero.enabled"));
        QVERIFY(zero);
        zero->setChecked(true);
        auto issues = panel.findChild<QTableView *>(QStringLiteral("ConfigIssues"));
        QTRY_VERIFY(issues->model()->rowCount() > 0);
        QCOMPARE(issues->model()->index(0, ConfigIssueModel::FieldColumn).data().toString(),
                 QStringLiteral("strategy.zero.enabled"));
        QVERIFY(!zero->styleSheet().isEmpty());
        bool hasDeepSpeedTab = false;
        for (int i = 0; i < tabs->count(); ++i)
            hasDeepSpeedTab = hasDeepSpeedTab || tabs->tabToolTip(i) == QLatin1String("ds_config.json");
        QVERIFY(hasDeepSpeedTab);

        // A non-number in a number field is reported against that field, not a crash.
        auto lr = panel.findChild<QLineEdit *>(QStringLiteral("field:schedule.learningRate"));
        QTest::keyClicks(lr, QStringLiteral("x"));
        QTRY_COMPARE(issues->model()->index(0, ConfigIssueModel::FieldColumn).data().toString(),
                     QStringLiteral("schedule.learningRate"));
    }

    /// Open / Import… over unsaved edits asks first, as quitting and File > Open do: Cancel keeps the
    /// edits, Yes imports.
    void openImportAsksBeforeReplacingEdits()
    {
        QSettings settings(m_home.filePath(QStringLiteral("ask.ini")), QSettings::IniFormat);
        ConfigPanel panel(settings);
        panel.show();
        QVERIFY(panel.importFiles({data(QStringLiteral("launch/ascend_910b_qwen15_7b_fsdp.sh"))}));
        QVERIFY(!panel.isModified());
        auto accumulation = panel.findChild<QSpinBox *>(QStringLiteral("field:schedule.gradAccum"));
        QVERIFY(accumulation);
        accumulation->setValue(7);
        QTRY_VERIFY(panel.isModified());
        QAction *open = nullptr;
        for (QAction *a : panel.findChildren<QAction *>()) {
            if (a->text() == QStringLiteral("Open / Import…"))
                open = a;
        }
        QVERIFY(open);
        const QString deepSpeed = data(QStringLiteral("configs/deepspeed_config_zero2_offload_hf_auto.json"));
        QString asked;
        answerFileDialog(deepSpeed);
        answerMessageBox(QMessageBox::Cancel, &asked);
        open->trigger();
        QVERIFY2(asked.contains(QStringLiteral("not saved")), qPrintable(asked));
        QCOMPARE(accumulation->value(), 7);
        QVERIFY(panel.isModified());
        asked.clear();
        answerFileDialog(deepSpeed);
        answerMessageBox(QMessageBox::Yes, &asked);
        open->trigger();
        QVERIFY(!asked.isEmpty());
        QVERIFY(!panel.isModified());
    }

    void memoryBarAndDevicesFound()
    {
        QSettings settings(m_home.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ConfigPanel panel(settings);
        QVERIFY(panel.importFiles({data(QStringLiteral("reference/qwen15_7b_fsdp.json"))}));
        auto bar = panel.findChild<MemoryBar *>(QStringLiteral("ConfigMemoryBar"));
        QVERIFY(bar->summary().contains(QLatin1String("24.7 GiB of 64.0 GiB")));
        QVERIFY(bar->toolTip().contains(QLatin1String("optimizer states")));
        panel.setField(QStringLiteral("strategy.fsdp.enabled"), false); // DDP: 16 bytes per parameter per device
        panel.refreshNow();
        QVERIFY(bar->summary().contains(QLatin1String("does not fit")));
        auto issues = panel.findChild<QTableView *>(QStringLiteral("ConfigIssues"));
        panel.setDevicesFound(2);
        panel.refreshNow();
        QCOMPARE(issues->model()->index(0, ConfigIssueModel::FieldColumn).data().toString(),
                 QStringLiteral("launch.devicesPerNode"));
    }

    void savingKeepsBackups()
    {
        QSettings settings(m_home.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ConfigPanel panel(settings);
        QVERIFY(panel.importFiles({data(QStringLiteral("reference/llama2_70b_fsdp_2nodes.json"))}));
        QTemporaryDir out;
        QVERIFY(panel.saveArtifactsTo(out.path(), false));
        QVERIFY(QFile::exists(out.filePath(QStringLiteral("configs/fsdp_config.yaml"))));
        QVERIFY(QFile::exists(out.filePath(QStringLiteral("submit.sbatch"))));
        panel.setField(QStringLiteral("launch.nodes"), 4);
        panel.refreshNow();
        QVERIFY(panel.saveArtifactsTo(out.path(), false));
        QVERIFY(QFile::exists(out.filePath(QStringLiteral("launch.sh.bak"))));
    }

    /// The language changes at run time: the form, the toolbar, the issue list, the memory bar and
    /// the artifact tabs follow, and go back to English.
    void switchesLanguageAtRunTime()
    {
        QSettings settings(m_home.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        ConfigPanel panel(settings);
        panel.show();
        QVERIFY(panel.importFiles({data(QStringLiteral("reference/qwen15_7b_fsdp.json"))}));
        panel.setField(QStringLiteral("launch.script"), QString());
        panel.refreshNow();
        // The first part named in the memory bar's tool tip.
        static const QRegularExpression memoryLegend(QStringLiteral("■</font> ([^<]+)</td>"));
        auto texts = [&panel] {
            auto backend = panel.findChild<QWidget *>(QStringLiteral("field:backend"));
            QString label;
            for (QLabel *l : panel.findChildren<QLabel *>()) {
                if (l->buddy() == backend)
                    label = l->text();
            }
            auto issues = panel.findChild<QTableView *>(QStringLiteral("ConfigIssues"));
            auto tabs = panel.findChild<QTabWidget *>(QStringLiteral("ConfigArtifacts"));
            auto rate = panel.findChild<QLineEdit *>(QStringLiteral("field:schedule.learningRate"));
            return QStringList{
                panel.findChildren<QGroupBox *>().constFirst()->title(),
                label,
                panel.actions().constFirst()->text(),
                issues->model()->headerData(ConfigIssueModel::SeverityColumn, Qt::Horizontal).toString(),
                issues->model()
                    ->match(issues->model()->index(0, ConfigIssueModel::FieldColumn), Qt::DisplayRole,
                            QStringLiteral("launch.script"))
                    .value(0)
                    .siblingAtColumn(ConfigIssueModel::MessageColumn)
                    .data()
                    .toString(),
                tabs->tabText(0),
                rate->placeholderText(),
                memoryLegend.match(panel.findChild<MemoryBar *>(QStringLiteral("ConfigMemoryBar"))->toolTip())
                    .captured(1)};
        };
        // The config has no training script: an issue says so.
        const QStringList english{QStringLiteral("Hardware"),
                                  QStringLiteral("Backend"),
                                  QStringLiteral("Open / Import…"),
                                  QStringLiteral("Severity"),
                                  QStringLiteral("no training script to launch"),
                                  QStringLiteral("Launch"),
                                  QStringLiteral("number, e.g. 2e-5"),
                                  QStringLiteral("parameters")};
        QCOMPARE(texts(), english);

        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        const QStringList chinese{QStringLiteral("硬件"),
                                  QStringLiteral("后端"),
                                  QStringLiteral("打开 / 导入…"),
                                  QStringLiteral("级别"),
                                  QStringLiteral("没有要启动的训练脚本"),
                                  QStringLiteral("启动"),
                                  QStringLiteral("数值，例如 2e-5"),
                                  QStringLiteral("参数")};
        QTRY_COMPARE(texts(), chinese);

        QVERIFY(TranslationCatalog::install(QStringLiteral("en"), &error));
        QTRY_COMPARE(texts(), english);
    }
};

QTEST_MAIN(TestConfigPanel)
#include "tst_configpanel.moc"

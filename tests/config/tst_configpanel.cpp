#include "builtplugins.h"
#include "config/backendprofiles.h"
#include "config/configpanel.h"
#include "config/memorybar.h"

#include "config/configissuemodel.h"
#include "config/launchcommand.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
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
        model.setIssues({{ConfigIssue::Severity::Error, QStringLiteral("precision.bf16"), QStringLiteral("both on")},
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
        QTRY_VERIFY(qobject_cast<QPlainTextEdit *>(tabs->widget(0))->toPlainText().contains(
            QLatin1String("--gradient_accumulation_steps 4")));

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
};

QTEST_MAIN(TestConfigPanel)
#include "tst_configpanel.moc"

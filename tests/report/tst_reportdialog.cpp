#include "runs/runlistmodel.h"
#include "i18n/translationcatalog.h"
#include "logs/logreader.h"
#include "report/reportdialog.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

namespace {
const QString megatron = QStringLiteral(PORTBENCH_TEST_DATA "/report/megatron_training_log_2024_throughput_moe.txt");
}

/// The Export Report dialog's Language: it starts as the interface's, and a choice changes the
/// report (preview and export) without changing the window around it.
class TestReportDialog : public QObject
{
    Q_OBJECT

private:
    RunListModel m_runs;

private Q_SLOTS:
    void initTestCase()
    {
        ParseResult r = LogReader::readFile(megatron, ParseOptions{});
        QVERIFY2(r, qPrintable(r.error));
        m_runs.addRun(r.run);
    }

    void cleanup() { TranslationCatalog::install(QStringLiteral("en")); }

    void startsAsTheInterface_data()
    {
        QTest::addColumn<QString>("interface");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void startsAsTheInterface()
    {
        QFETCH(QString, interface);
        QVERIFY(TranslationCatalog::install(interface));
        ReportDialog dialog(m_runs, ReportDialog::Context{});
        QCOMPARE(dialog.language(), interface);
        const QString summary = interface == QLatin1String("en") ? QStringLiteral("Summary") : QStringLiteral("摘要");
        QCOMPARE(dialog.document().sections.first().title, summary);
    }

    void chineseReportFromAnEnglishWindow()
    {
        ReportDialog dialog(m_runs, ReportDialog::Context{});
        auto *language = dialog.findChild<QComboBox *>(QStringLiteral("ReportLanguage"));
        QVERIFY(language);
        QCOMPARE(language->currentData().toString(), QStringLiteral("en"));
        language->setCurrentIndex(language->findData(QStringLiteral("zh_CN")));
        QCOMPARE(dialog.language(), QStringLiteral("zh_CN"));
        QCOMPARE(dialog.document().sections.first().title, QStringLiteral("摘要"));
        // The preview follows; the dialog itself stays English.
        auto *preview = dialog.findChild<QTextBrowser *>();
        QVERIFY(preview);
        QTRY_VERIFY_WITH_TIMEOUT(preview->toPlainText().contains(QStringLiteral("摘要")), 10000);
        QCOMPARE(dialog.windowTitle(), QStringLiteral("Export Report"));
        QCOMPARE(TranslationCatalog::current(), QStringLiteral("en"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.html"));
        QCOMPARE(dialog.exportTo(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.contains(QLatin1String("lang=\"zh-CN\"")));
        QVERIFY(html.contains(QStringLiteral("<h2>目录</h2>")));
    }
};

QTEST_MAIN(TestReportDialog)
#include "tst_reportdialog.moc"

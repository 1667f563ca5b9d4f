// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/sources/logs/logreader.h"
#include "core/workflows/report/reportgenerator.h"
#include "core/workflows/report/reportlanguagescope.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <memory>
#include <utility>

namespace {

const QString megatron = QStringLiteral(PORTBENCH_TEST_DATA "/report/megatron_training_log_2024_throughput_moe.txt");

/// Counts the LanguageChange events the application object receives.
class LanguageChangeCounter : public QObject
{
public:
    int count = 0;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        count += event->type() == QEvent::LanguageChange;
        return QObject::eventFilter(watched, event);
    }
};

QStringList titles(const ReportDocument &doc)
{
    QStringList out;
    for (const ReportDocument::Section &s : doc.sections)
        out << s.title;
    return out;
}

} // namespace

/// A report's language is its own: ReportGenerator installs it only while it builds, whatever
/// the application speaks, and the application does not see a language change.
class TestReportLanguage : public QObject
{
    Q_OBJECT

private:
    RunMetrics m_run;
    ReportInput m_input;

    ReportDocument build(const QString &language) const
    {
        ReportOptions options;
        options.language = language;
        return ReportGenerator(options).build(m_input);
    }

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
        ParseResult r = LogReader::readFile(megatron, ParseOptions{});
        QVERIFY2(r, qPrintable(r.error));
        m_run = r.run;
        m_input.runs << &m_run;
    }

    void cleanup() { TranslationCatalog::install(QStringLiteral("en")); }

    void reportLanguageWhateverTheInterface_data()
    {
        QTest::addColumn<QString>("interface");
        QTest::addColumn<QString>("report");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<bool>("elsewhere"); // built on another thread (the GUI's Report dialog)
        const QStringList english{QStringLiteral("Summary"), QStringLiteral("Runs"), QStringLiteral("Charts")};
        const QStringList chinese{QStringLiteral("摘要"), QStringLiteral("运行"), QStringLiteral("图表")};
        QTest::newRow("en ui, zh report") << QStringLiteral("en") << QStringLiteral("zh_CN") << chinese << false;
        QTest::newRow("zh ui, en report") << QStringLiteral("zh_CN") << QStringLiteral("en") << english << false;
        QTest::newRow("zh ui, zh report") << QStringLiteral("zh_CN") << QStringLiteral("zh_CN") << chinese << false;
        QTest::newRow("en ui, en report") << QStringLiteral("en") << QStringLiteral("en") << english << false;
        QTest::newRow("en ui, zh report, another thread")
            << QStringLiteral("en") << QStringLiteral("zh_CN") << chinese << true;
        QTest::newRow("zh ui, en report, another thread")
            << QStringLiteral("zh_CN") << QStringLiteral("en") << english << true;
    }

    void reportLanguageWhateverTheInterface()
    {
        QFETCH(QString, interface);
        QFETCH(QString, report);
        QFETCH(QStringList, expected);
        QFETCH(bool, elsewhere);
        QVERIFY(TranslationCatalog::install(interface));
        const QString interfaceSummary = ReportOptions::sectionTitle(ReportOptions::Section::Summary);
        if (elsewhere)
            ReportLanguageScope::serveOtherThreads(); // after the interface's catalogs, as the dialog does
        LanguageChangeCounter counter;
        QCoreApplication::instance()->installEventFilter(&counter);
        ReportDocument doc;
        QString interfaceMeanwhile = interfaceSummary;
        if (elsewhere) {
            // Held between two sections, while this application thread asks for a word.
            QSemaphore inside, asked;
            bool held = false;
            std::unique_ptr<QThread> thread(QThread::create([&] {
                ReportOptions options;
                options.language = report;
                doc = ReportGenerator(options).build(m_input, nullptr, [&] {
                    if (!std::exchange(held, true)) {
                        inside.release();
                        asked.acquire();
                    }
                    return false;
                });
            }));
            thread->start();
            inside.acquire();
            interfaceMeanwhile = ReportOptions::sectionTitle(ReportOptions::Section::Summary);
            asked.release();
            thread->wait();
        } else {
            doc = build(report);
        }
        QCoreApplication::instance()->removeEventFilter(&counter);
        QCOMPARE(interfaceMeanwhile, interfaceSummary);
        QCOMPARE(titles(doc), expected);
        QCOMPARE(doc.language, report);
        QCOMPARE(doc.title,
                 report == QLatin1String("en") ? QStringLiteral("PortBench report") : QStringLiteral("PortBench 报告"));
        // Nothing outside the report changed language, and nobody was told it did.
        QCOMPARE(ReportOptions::sectionTitle(ReportOptions::Section::Summary), interfaceSummary);
        QCOMPARE(TranslationCatalog::current(), interface);
        QCOMPARE(counter.count, 0);
    }

    // The date follows the language, the numbers do not.
    void datesTranslateNumbersDoNot()
    {
        const ReportDocument en = build(QStringLiteral("en"));
        const ReportDocument zh = build(QStringLiteral("zh_CN"));
        QVERIFY(
            zh.sections.first().blocks.first().text.contains(QStringLiteral("%1年").arg(zh.generated.date().year())));
        QVERIFY(en.sections.first().blocks.first().text.startsWith(QLatin1String("Generated ")));
        // The runs table: same cells except the headers.
        const ReportDocument::Block &enRuns = en.sections.at(1).blocks.first();
        const ReportDocument::Block &zhRuns = zh.sections.at(1).blocks.first();
        QCOMPARE(zhRuns.rows.first().mid(1), enRuns.rows.first().mid(1));
        QVERIFY(zhRuns.header != enRuns.header);
    }

    void unknownLanguageIsEnglish()
    {
        const ReportDocument doc = build(QStringLiteral("fr"));
        QCOMPARE(titles(doc).first(), QStringLiteral("Summary"));
    }
};

QTEST_GUILESS_MAIN(TestReportLanguage)
#include "tst_reportlanguage.moc"

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/env/envreport.h"
#include "core/sources/logs/logreader.h"
#include "core/engines/parity/paritycsv.h"
#include "core/engines/parity/parityresult.h"
#include "core/workflows/report/reportbuilder.h"
#include "core/workflows/report/reporthtmlwriter.h"
#include "core/workflows/report/reportmarkdownwriter.h"
#include "core/engines/telemetry/runtelemetrylookup.h"

#include <QJsonArray>
#include <QTest>
#include <QXmlStreamReader>

namespace {

const QString megatron = QStringLiteral(PORTBENCH_TEST_DATA "/report/megatron_training_log_2024_throughput_moe.txt");

/// The run with every loss value multiplied: a candidate whose relative error is known exactly.
RunMetrics scaled(const RunMetrics &run, double factor)
{
    RunMetrics out = run;
    const QString loss = QStringLiteral("lm_loss");
    for (int p = 0; p < out.pointCount(); ++p) {
        const double v = out.value(p, loss);
        if (!RunMetrics::isMissing(v))
            out.setValue(p, loss, v * factor);
    }
    return out;
}

QStringList sectionIds(const QString &html, QString *error)
{
    QStringList ids;
    QXmlStreamReader xml(html);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("section"))
            ids << xml.attributes().value(QLatin1String("id")).toString();
        if (xml.isStartElement() && xml.name() == QLatin1String("script"))
            *error = QStringLiteral("a script element");
    }
    if (xml.hasError())
        *error = QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString());
    return ids;
}

} // namespace

class TestReportBuilder : public QObject
{
    Q_OBJECT

private:
    RunMetrics m_baseline;

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
        ParseResult r = LogReader::readFile(megatron, ParseOptions{});
        QVERIFY2(r, qPrintable(r.error));
        m_baseline = r.run;
        m_baseline.name = QStringLiteral("cuda");
        QVERIFY(m_baseline.hasMetric(QStringLiteral("lm_loss")));
    }

    void sectionsFollowOptions_data()
    {
        QTest::addColumn<QString>("sections");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("all with input") << QString()
                                        << QStringList{QStringLiteral("summary"), QStringLiteral("runs"),
                                                       QStringLiteral("charts"), QStringLiteral("parity")};
        QTest::newRow("parity only") << QStringLiteral("parity") << QStringList{QStringLiteral("parity")};
        QTest::newRow("order kept") << QStringLiteral("charts,summary")
                                    << QStringList{QStringLiteral("charts"), QStringLiteral("summary")};
        QTest::newRow("no input for env") << QStringLiteral("environment,runs") << QStringList{QStringLiteral("runs")};
    }

    void sectionsFollowOptions()
    {
        QFETCH(QString, sections);
        QFETCH(QStringList, expected);
        ReportOptions options;
        if (!sections.isEmpty()) {
            options.sections.clear();
            for (const QString &name : sections.split(QLatin1Char(','))) {
                ReportOptions::Section s;
                QVERIFY(ReportOptions::sectionFromName(name, &s));
                options.sections << s;
            }
        }
        const RunMetrics candidate = scaled(m_baseline, 1.05);
        ReportInput input;
        input.runs = {&m_baseline, &candidate};
        input.baseline = 0;
        ParityResult parity;
        const ReportDocument doc = ReportBuilder(options).build(input, &parity);
        QStringList ids;
        for (const ReportDocument::Section &s : doc.sections)
            ids << s.id;
        QCOMPARE(ids, expected);
        QCOMPARE(parity.verdict, ParityResult::Verdict::Fail); // 5 % > the 2 % of the ascend preset
        QCOMPARE(doc.verdict, QStringLiteral("FAIL"));
        QCOMPARE(parity.candidates.size(), 1);
        QVERIFY(std::abs(parity.candidates.at(0).meanRel - 0.05) < 1e-9);

        QString error;
        QCOMPARE(sectionIds(ReportHtmlWriter::write(doc, nullptr), &error), expected);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // A report is only as true as the reading of its logs: the reader's warnings are in it.
    void readWarningsAreReported()
    {
        RunMetrics warned = scaled(m_baseline, 1.001);
        warned.name = QStringLiteral("npu");
        warned.readWarnings << QStringLiteral("2 lines look like metric lines but were not read (first: line 7 ...)");
        ReportInput input;
        input.runs = {&m_baseline, &warned};
        input.baseline = 0;
        const ReportDocument doc = ReportBuilder(ReportOptions{}).build(input);
        const QString md = ReportMarkdownWriter::write(doc, nullptr, QStringLiteral("r")).markdown;
        QVERIFY2(md.contains(QLatin1String("Warnings from reading the logs")), qPrintable(md.left(2000)));
        QVERIFY(md.contains(QLatin1String("npu: 2 lines look like metric lines but were not read")));
        input.runs = {&m_baseline};
        const QString clean
            = ReportMarkdownWriter::write(ReportBuilder(ReportOptions{}).build(input), nullptr, QStringLiteral("r"))
                  .markdown;
        QVERIFY(!clean.contains(QLatin1String("Warnings from reading the logs")));
    }

    void hostileRunNameIsEscaped()
    {
        RunMetrics evil = scaled(m_baseline, 1.001);
        evil.name = QStringLiteral("<script>alert('x')</script> & \"quoted\" | *bold* \x1b[31m");
        ReportInput input;
        input.runs = {&m_baseline, &evil};
        input.baseline = 0;
        const ReportDocument doc = ReportBuilder(ReportOptions{}).build(input);
        const QString html = ReportHtmlWriter::write(doc, nullptr);
        QVERIFY(!html.contains(QLatin1String("<script")));
        QVERIFY(
            html.contains(QLatin1String("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;")));
        QString error;
        QVERIFY(!sectionIds(html, &error).isEmpty());
        QVERIFY2(error.isEmpty(), qPrintable(error));

        const QString md = ReportMarkdownWriter::write(doc, nullptr, QStringLiteral("r")).markdown;
        QVERIFY(!md.contains(QLatin1String("<script")));
        QVERIFY(md.contains(QLatin1String("&lt;script&gt;")));
        // The name's pipe does not add a table column.
        QVERIFY(md.contains(QLatin1String("\\| \\*bold\\*")));
    }

    void absurdWallTimeIsShownAsSeconds()
    {
        // A damaged time cell of 1e300 s was rounded into 64 bits: "-2562047788015215:-30:-08".
        const ParseResult r
            = LogReader::readData(QByteArray("step,timestamp,loss\n1,0,2.5\n2,1e300,2.4\n"), QStringLiteral("m.csv"));
        QVERIFY2(r, qPrintable(r.error));
        ReportInput input;
        input.runs = {&r.run};
        input.baseline = 0;
        const QString md
            = ReportMarkdownWriter::write(ReportBuilder(ReportOptions{}).build(input), nullptr, QStringLiteral("r"))
                  .markdown;
        QVERIFY2(md.contains(QLatin1String("| 1e+300 s |")), qPrintable(md));
    }

    // The devices beside the throughput (issue 37): a table in the parity section, the same in
    // HTML and Markdown, only when a run has telemetry.
    void devicesTableBesideThroughput_data()
    {
        QTest::addColumn<bool>("telemetry");
        QTest::newRow("candidate recorded") << true;
        QTest::newRow("no telemetry") << false;
    }
    void devicesTableBesideThroughput()
    {
        QFETCH(bool, telemetry);
        const RunMetrics candidate = scaled(m_baseline, 1.001);
        ReportInput input;
        input.runs = {&m_baseline, &candidate};
        input.baseline = 0;
        if (telemetry)
            input.telemetry = {RunTelemetrySummary(),
                               RunTelemetryLookup::read(
                                   {QStringLiteral(PORTBENCH_TEST_DATA "/parity/telemetry/telemetry-npu01.tel")}, {})};
        ParityResult parity;
        const ReportDocument doc = ReportBuilder(ReportOptions{}).build(input, &parity);
        QCOMPARE(parity.candidates.at(0).telemetry.devices, telemetry ? 2 : 0);
        const QString md = ReportMarkdownWriter::write(doc, nullptr, QStringLiteral("r")).markdown;
        const QString html = ReportHtmlWriter::write(doc, nullptr);
        for (const QString &text : {md, html}) {
            QCOMPARE(text.contains(QLatin1String("Mean utilisation")), telemetry);
            QCOMPARE(text.contains(QLatin1String("58982 MiB (90 %)")), telemetry);
            QCOMPARE(text.contains(QLatin1String("300 W")), telemetry);
        }
        if (telemetry) {
            // One row per run: the baseline without telemetry, the candidate 1.000× at 60 %.
            QVERIFY2(md.contains(QStringLiteral("| cuda (baseline) | 5534 elapsed\\_ms | 1.000× | — | — | — | — |")),
                     qPrintable(md));
            QVERIFY2(
                md.contains(QStringLiteral("| 5534 elapsed\\_ms | 1.000× | 2 | 60 % | 58982 MiB (90 %) | 300 W |")),
                qPrintable(md));
        }
    }

    void parityCsvHasEveryAlignedStep()
    {
        const RunMetrics candidate = scaled(m_baseline, 1.05);
        ReportInput input;
        input.runs = {&m_baseline, &candidate};
        input.baseline = 0;
        ParityResult parity;
        const ReportDocument doc = ReportBuilder(ReportOptions{}).build(input, &parity);
        QCOMPARE(doc.attachments.size(), 1);
        const QByteArray csv = doc.attachments.at(0).second;
        const QList<QByteArray> lines = csv.trimmed().split('\n');
        QCOMPARE(lines.first(), QByteArray("candidate,step,baseline,candidate_value,diff,abs_err,rel_err,flags"));
        QCOMPARE(lines.size() - 1, int(parity.candidates.at(0).rows.size()));
        QCOMPARE(lines.size() - 1, 5);
        for (int i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> cells = lines.at(i).split(',');
            QCOMPARE(cells.size(), 8);
            QVERIFY(std::abs(cells.at(6).toDouble() - 0.05) < 1e-9);
            QCOMPARE(cells.at(7), QByteArray("beyond"));
        }
    }

    void environmentReadBack()
    {
        EnvReport env;
        env.host = QStringLiteral("node<1>");
        env.backend = QStringLiteral("npu");
        env.generated = QDateTime::currentDateTime();
        env.checks << EnvCheck::make(QStringLiteral("npu.cann"), QStringLiteral("CANN"), EnvCheck::Status::Fail,
                                     QStringLiteral("7.0"), QStringLiteral("8.0"), QStringLiteral("install CANN 8"));
        env.checks << EnvCheck::make(QStringLiteral("host.shm"), QStringLiteral("/dev/shm"), EnvCheck::Status::Ok,
                                     QStringLiteral("64 GiB"));
        EnvReport back;
        QCOMPARE(EnvReport::fromJson(env.toJson(), &back), QString());
        QCOMPARE(back.toJson().value(QStringLiteral("checks")), env.toJson().value(QStringLiteral("checks")));
        QCOMPARE(back.host, env.host);
        QJsonObject bad = env.toJson();
        QJsonArray checks = bad.value(QStringLiteral("checks")).toArray();
        QJsonObject c = checks.at(1).toObject();
        c[QStringLiteral("status")] = QStringLiteral("maybe");
        checks[1] = c;
        bad[QStringLiteral("checks")] = checks;
        QVERIFY(EnvReport::fromJson(bad, &back).contains(QLatin1String("checks[1].status")));

        ReportInput input;
        input.runs = {&m_baseline};
        input.environment = env;
        const ReportDocument doc = ReportBuilder(ReportOptions{}).build(input);
        QCOMPARE(doc.verdict, QStringLiteral("FAIL")); // the environment's failure is up front
        QCOMPARE(doc.sections.at(0).id, QStringLiteral("summary"));
        QCOMPARE(doc.sections.at(1).id, QStringLiteral("environment"));
    }
};

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_reportbuilder.moc"

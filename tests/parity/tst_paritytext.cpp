// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "clirunner.h"

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/numbertext.h"
#include "parity/paritypanel.h"
#include "core/engines/parity/paritystatsmodel.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/report/reportbuilder.h"
#include "core/workflows/report/reporthtmlwriter.h"
#include "core/workflows/report/reportmarkdownwriter.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

namespace {

const QString h100 = QStringLiteral(PORTBENCH_TEST_DATA "/parity/h100_hf/");

RunMetrics read(const QString &path)
{
    ParseResult r = LogReader::readFile(path, ParseOptions{});
    if (!r)
        qFatal("cannot read %s: %s", qPrintable(path), qPrintable(r.error));
    return r.run;
}

} // namespace

/// One parity result shown three ways: `portbench-cli parity` text, the GUI's parity panel
/// (its statistics model) and a report (Markdown and HTML). Each number must read the same in all
/// three, and as NumberText renders the raw value: a relative error as a percentage, an absent
/// step as NumberText::none.
class TestParityText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
    }

    void formatRules_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("share") << NumberText::percent(0.012366) << QStringLiteral("1.237 %");
        QTest::newRow("whole share") << NumberText::percent(1.0) << QStringLiteral("100 %");
        QTest::newRow("zero share") << NumberText::percent(-0.0) << QStringLiteral("0 %");
        QTest::newRow("share of nothing") << NumberText::percent(inf) << QStringLiteral("Infinity");
        QTest::newRow("value") << NumberText::number(0.123456789) << QStringLiteral("0.123457");
        QTest::newRow("whole value") << NumberText::number(123456789.0) << QStringLiteral("123456789");
        QTest::newRow("small value") << NumberText::number(1.5e-7) << QStringLiteral("1.5e-07");
        QTest::newRow("nan") << NumberText::number(std::nan("")) << QStringLiteral("NaN");
        QTest::newRow("-inf") << NumberText::number(-inf) << QStringLiteral("-Infinity");
        QTest::newRow("step") << NumberText::step(400) << QStringLiteral("400");
        QTest::newRow("no step") << NumberText::step(-1) << QStringLiteral("—");
        QTest::newRow("ratio") << NumberText::ratio(0.95) << QStringLiteral("0.950×");
        QTest::newRow("at step") << ParityText::atStep(QStringLiteral("2 %"), 7) << QStringLiteral("2 % @ 7");
        QTest::newRow("at no step") << ParityText::atStep(QStringLiteral("2 %"), -1) << QStringLiteral("2 %");
        QTest::newRow("json nan") << NumberText::json(std::nan("")).toString() << QStringLiteral("NaN");
        QTest::newRow("json inf") << NumberText::json(inf).toString() << QStringLiteral("Infinity");
        QTest::newRow("shortest") << NumberText::shortest(0.1) << QStringLiteral("0.1");
    }

    void formatRules()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(text, expected);
    }

    void jsonNonFiniteReadsBack()
    {
        for (double v :
             {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), 0.1}) {
            const double back = NumberText::fromJson(NumberText::json(v));
            QVERIFY(std::isnan(v) ? std::isnan(back) : back == v);
        }
        QVERIFY(std::isnan(NumberText::fromJson(QJsonValue())));
    }

    void sameNumbersInCliGuiAndReport()
    {
        // Real H100 runs: bf16 against fp32, a result with non-round errors, a maximum at a
        // step, throughput from both logs.
        const QString baselinePath = h100 + QStringLiteral("cuda_fp32.console.log");
        const QString candidatePath = h100 + QStringLiteral("cuda_bf16.console.log");

        // GUI: the parity panel computes it and shows it through its statistics model.
        LoadedRunsModel runs;
        ParityPanel panel(runs);
        const int baseline = runs.addRun(read(baselinePath));
        const int candidate = runs.addRun(read(candidatePath));
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(baseline, {candidate});
        QVERIFY(ready.wait(20000));
        QVERIFY2(panel.result(), qPrintable(panel.result().error));
        const ParityResult::Candidate &c = panel.result().candidates.at(0);
        const ParityStatsModel &model = *panel.statsModel();
        const auto gui
            = [&](const char *key) { return model.index(model.rowOf(QLatin1String(key)), 0).data().toString(); };

        // CLI: the same two logs, the same (default) criteria.
        const CliResult cli = runCli({QStringLiteral("parity"), baselinePath, candidatePath});
        QVERIFY2(cli.exitCode == 0 || cli.exitCode == 1, cli.err.constData());
        const QString cliText = QString::fromUtf8(cli.out);

        // Report: Markdown and HTML from the report builder.
        ReportInput input;
        const RunMetrics a = read(baselinePath), b = read(candidatePath);
        input.runs = {&a, &b};
        input.baseline = 0;
        ParityResult reported;
        const ReportDocument doc = ReportBuilder(ReportOptions{}).build(input, &reported);
        QCOMPARE(reported.candidates.size(), 1);
        QCOMPARE(reported.candidates.at(0).meanRel, c.meanRel); // the same result, computed three times
        const QString markdown = ReportMarkdownWriter::write(doc, nullptr, QStringLiteral("report")).markdown;
        const QString html = ReportHtmlWriter::write(doc, nullptr);

        // Each statistic as NumberText renders it, found in all three renderings.
        const QVector<QPair<const char *, QString>> expected{
            {"meanRel", NumberText::percent(c.meanRel)},
            {"maxRel", ParityText::atStep(NumberText::percent(c.maxRel), c.maxRelStep)},
            {"rmseRel", NumberText::percent(c.rmseRel)},
            {"meanAbs", NumberText::number(c.meanAbs)},
            {"maxAbs", ParityText::atStep(NumberText::number(c.maxAbs), c.maxAbsStep)},
            {"rmseAbs", NumberText::number(c.rmseAbs)},
            {"meanDiff", NumberText::number(c.meanDiff)},
            {"withinShare", ParityText::within(c)},
            {"firstDivergenceStep", NumberText::step(c.firstDivergenceStep)},
            {"drift", ParityText::drift(c.drift)},
        };
        QVERIFY(c.maxRelStep >= 0);
        QVERIFY(c.drift.evaluated);
        QVERIFY2(NumberText::percent(c.meanRel).contains(QLatin1String(" %")), "a relative error is a percentage");
        for (const auto &[key, text] : expected) {
            QCOMPARE(gui(key), text);
            QVERIFY2(cliText.contains(text),
                     qPrintable(QStringLiteral("CLI lacks %1 '%2':\n%3").arg(QLatin1String(key), text, cliText)));
            QVERIFY2(markdown.contains(ReportMarkdownWriter::escape(text)),
                     qPrintable(QStringLiteral("Markdown lacks %1 '%2'").arg(QLatin1String(key), text)));
            QVERIFY2(html.contains(ReportHtmlWriter::escape(text)),
                     qPrintable(QStringLiteral("HTML lacks %1 '%2'").arg(QLatin1String(key), text)));
        }
        // The throughput ratio (these console logs have none: the same note in the CLI and the GUI,
        // the same absent ratio in the report's key numbers).
        QVERIFY(c.throughput.source.isEmpty());
        QCOMPARE(gui("throughput"), ParityText::throughput(c.throughput));
        QVERIFY(cliText.contains(QLatin1String("throughput       ") + ParityText::throughput(c.throughput)));
        QVERIFY(markdown.contains(ReportMarkdownWriter::escape(ParityText::throughput(c.throughput))));
        // The verdict line and the mean relative error of the report's summary table.
        QVERIFY(cliText.contains(ParityText::verdictLine(panel.result())));
        QCOMPARE(gui("verdict"), ParityResult::verdictName(c.verdict));
    }
};

QTEST_MAIN(TestParityText)
#include "tst_paritytext.moc"

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "clirunner.h"
#include "paritytestruns.h"

#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/engines/parity/paritycriteria.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/parityjson.h"
#include "core/engines/parity/paritypresets.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/report/reportbuilder.h"
#include "core/workflows/report/reportlanguagescope.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace ParityTestRuns;
using Verdict = ParityResult::Verdict;

Q_DECLARE_METATYPE(ParityOptions)

namespace {

/// The reason codes of the rules a preset sets limits for (docs/parity.md, "Verdict"); the other
/// reasons (drift, spikes, fairness, ...) are observations every preset reports alike.
const QStringList ruleCodes{QStringLiteral("candidate-nonfinite"),
                            QStringLiteral("first-step"),
                            QStringLiteral("divergence"),
                            QStringLiteral("within-share"),
                            QStringLiteral("mean"),
                            QStringLiteral("mean-rel"),
                            QStringLiteral("mean-abs"),
                            QStringLiteral("metric-mean-rel"),
                            QStringLiteral("throughput"),
                            QStringLiteral("few-steps")};

/// A run of `last` steps: the compared loss, grad_norm and throughput, each changed by `edit`
/// (metric, step, value → value).
RunMetrics run(const QString &name, qint64 last,
               const std::function<double(const QString &, qint64, double)> &edit = {})
{
    RunMetrics r;
    r.name = name;
    for (qint64 s = 1; s <= last; ++s) {
        const int p = r.appendPoint(s);
        const std::pair<QString, double> values[] = {{MetricNames::lmLoss, loss(s)},
                                                     {MetricNames::gradNorm, 1.0 + 0.5 * std::exp(-double(s) / 300.0)},
                                                     {MetricNames::tokensPerSecond, 1000.0}};
        for (const auto &[metric, value] : values)
            r.setValue(p, metric, edit ? edit(metric, s, value) : value);
    }
    return r;
}

struct Violation
{
    QString what;
    QStringList expected; ///< the codes the engine must give for it
    RunMetrics baseline, candidate;
};

/// For each limit the options set, a candidate that breaks it (and, where the rule's arithmetic
/// makes that impossible to avoid, others: a 4 % offset on every step is also a divergence).
/// Built from the same fields judge() in parityengine.cpp reads.
QVector<Violation> violations(const ParityOptions &o)
{
    const qint64 n = std::max<qint64>(400, o.skipWarmup + o.minJudgedSteps + 100);
    const RunMetrics a = run(QStringLiteral("cuda"), n);
    const auto loss = [](const std::function<double(qint64, double)> &f) {
        return [f](const QString &metric, qint64 s, double v) { return metric == MetricNames::lmLoss ? f(s, v) : v; };
    };
    QVector<Violation> out;
    out.append({QStringLiteral("NaN"),
                {QStringLiteral("candidate-nonfinite")},
                a,
                run(QStringLiteral("npu"), n, loss([n](qint64 s, double v) {
                        return s == n / 2 ? std::numeric_limits<double>::quiet_NaN() : v;
                    }))});
    if (o.firstStepAbsLimit > 0 || o.firstStepRelLimit > 0)
        out.append({QStringLiteral("first step"),
                    {QStringLiteral("first-step")},
                    a,
                    run(QStringLiteral("npu"), n,
                        loss([&o](qint64 s, double v) { return s == o.skipWarmup + 1 ? v * 1.5 : v; }))});
    out.append({QStringLiteral("late divergence"),
                {QStringLiteral("divergence")},
                a,
                run(QStringLiteral("npu"), n, loss([n](qint64 s, double v) { return s > n - 20 ? v * 1.5 : v; }))});
    if (o.minWithinShare > 0)
        // Every tenth step beyond: never most of a window, so no divergence, but 90 % within.
        out.append({QStringLiteral("scattered steps beyond"),
                    {QStringLiteral("within-share")},
                    a,
                    run(QStringLiteral("npu"), n, loss([](qint64 s, double v) { return s % 10 ? v : v * 1.5; }))});
    if (o.meanRelLimit > 0 || o.meanAbsLimit > 0) {
        QStringList codes;
        if (o.meanEitherLimit && o.meanRelLimit > 0 && o.meanAbsLimit > 0)
            codes << QStringLiteral("mean");
        else if (o.meanRelLimit > 0)
            codes << QStringLiteral("mean-rel");
        if (!o.meanEitherLimit && o.meanAbsLimit > 0)
            codes << QStringLiteral("mean-abs");
        out.append({QStringLiteral("offset on every step"), codes, a,
                    run(QStringLiteral("npu"), n,
                        loss([&o](qint64, double v) { return v * (1 + 2 * o.meanRelLimit) + 2 * o.meanAbsLimit; }))});
    }
    if (o.gradNormMeanRelLimit > 0)
        out.append({QStringLiteral("grad norm off"),
                    {QStringLiteral("metric-mean-rel")},
                    a,
                    run(QStringLiteral("npu"), n, [&o](const QString &metric, qint64, double v) {
                        return metric == MetricNames::gradNorm ? v * (1 + 2 * o.gradNormMeanRelLimit) : v;
                    })});
    if (o.minThroughputRatio > 0)
        out.append({QStringLiteral("slow"),
                    {QStringLiteral("throughput")},
                    a,
                    run(QStringLiteral("npu"), n, [&o](const QString &metric, qint64, double v) {
                        return metric == MetricNames::tokensPerSecond ? v * o.minThroughputRatio / 2 : v;
                    })});
    if (o.minJudgedSteps > 1) {
        const qint64 few = o.skipWarmup + o.minJudgedSteps - 1;
        out.append({QStringLiteral("short"),
                    {QStringLiteral("few-steps")},
                    run(QStringLiteral("cuda"), few),
                    run(QStringLiteral("npu"), few)});
    }
    return out;
}

const ParityCriteria::Rule *findRule(const QVector<ParityCriteria::Rule> &rules, const ParityResult::Reason &r)
{
    for (const ParityCriteria::Rule &rule : rules) {
        if (rule.code == r.code && rule.level == r.level && (rule.metric.isEmpty() || rule.metric == r.metric))
            return &rule;
    }
    return nullptr;
}

void presetRows()
{
    QTest::addColumn<ParityOptions>("options");
    QTest::addColumn<QStringList>("cliArgs");
    for (const QString &name : ParityPresets::fixedNames())
        QTest::newRow(qPrintable(name)) << ParityOptions::forPreset(name)
                                        << QStringList{QStringLiteral("--preset"), name};
    QTest::newRow("custom") << ParityOptions::forPreset(ParityOptions::customPreset(), 0.03, 0.001)
                            << QStringList{QStringLiteral("--preset"),  QStringLiteral("custom"),
                                           QStringLiteral("--rel-tol"), QStringLiteral("3%"),
                                           QStringLiteral("--abs-tol"), QStringLiteral("0.001")};
    ParityOptions gated = ParityOptions::forPreset(QStringLiteral("ascend"));
    gated.minThroughputRatio = 0.9;
    gated.skipWarmup = 5;
    QTest::newRow("ascend, throughput gate, warm-up")
        << gated
        << QStringList{QStringLiteral("--min-throughput-ratio"), QStringLiteral("0.9"), QStringLiteral("--skip-warmup"),
                       QStringLiteral("5")};
}

RunMetrics read(const QString &path)
{
    ParseResult r = LogReader::readFile(path, ParseOptions{});
    if (!r)
        qFatal("cannot read %s: %s", qPrintable(path), qPrintable(r.error));
    return r.run;
}

/// The report's criteria: the list that follows the parity section's first paragraph.
QStringList reportCriteria(const ReportDocument &doc)
{
    for (const ReportDocument::Section &s : doc.sections) {
        if (s.id != ReportOptions::sectionName(ReportOptions::Section::Parity))
            continue;
        for (const ReportDocument::Block &b : s.blocks) {
            if (b.kind == ReportDocument::Block::Kind::List)
                return b.items;
        }
    }
    return {};
}

} // namespace

/// A parity rule is written once (ParityCriteria): every rule the engine applies, for every
/// preset, is in the text the CLI prints and in the JSON, and the report lists the same sentences.
class TestParityCriteriaText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
    }

    /// A sentence is filled in one pass: a "%2" in a run's name is not replaced by the next argument.
    void sentenceFillsInOnePass()
    {
        const ParitySentence s{
            "ParityReason",
            "%1 differs: %2 vs %3 (%4)",
            {QStringLiteral("run%2"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}};
        QCOMPARE(s.english(), QStringLiteral("run%2 differs: a vs b (c)"));
        QCOMPARE(s.translated(), s.english()); // no catalogue installed
    }

    void everyAppliedRuleIsWritten_data() { presetRows(); }
    void everyAppliedRuleIsWritten()
    {
        QFETCH(ParityOptions, options);
        const QVector<ParityCriteria::Rule> rules = ParityCriteria::rules(options);
        QStringList applied;
        for (const Violation &v : violations(options)) {
            const ParityResult r = ParityEngine(options).compare(v.baseline, {&v.candidate});
            QVERIFY2(r, qPrintable(r.error));
            const ParityResult::Candidate &c = r.candidates.at(0);
            const QString text = ParityText::lines(r).join(QLatin1Char('\n'));
            const QJsonArray json = ParityJson::toJson(r, false)
                                        .value(QStringLiteral("criteria"))
                                        .toObject()
                                        .value(QStringLiteral("rules"))
                                        .toArray();
            for (const QString &code : v.expected)
                QVERIFY2(std::any_of(c.reasons.cbegin(), c.reasons.cend(),
                                     [&](const ParityResult::Reason &reason) { return reason.code == code; }),
                         qPrintable(v.what + QStringLiteral(": no ") + code + QLatin1Char('\n') + describe(c)));
            for (const ParityResult::Reason &reason : c.reasons) {
                if (!ruleCodes.contains(reason.code))
                    continue;
                const ParityCriteria::Rule *rule = findRule(rules, reason);
                QVERIFY2(rule,
                         qPrintable(QStringLiteral("%1: the engine applies %2 %3, the criteria do not say so")
                                        .arg(v.what, ParityResult::verdictName(reason.level), reason.code)));
                const QString sentence = rule->sentence.english();
                QVERIFY2(text.contains(sentence), qPrintable(sentence + QStringLiteral("\nnot in\n") + text));
                QVERIFY2(std::any_of(json.cbegin(), json.cend(),
                                     [&](const QJsonValue &j) {
                                         const QJsonObject o = j.toObject();
                                         return o.value(QStringLiteral("code")).toString() == reason.code
                                             && o.value(QStringLiteral("text")).toString() == sentence;
                                     }),
                         qPrintable(reason.code + QStringLiteral(" not in the JSON criteria")));
                if (!applied.contains(reason.code))
                    applied.append(reason.code);
            }
        }
        // And nothing is written that the engine does not apply: each rule was seen deciding.
        QStringList written;
        for (const ParityCriteria::Rule &rule : rules)
            written.append(rule.code);
        applied.sort();
        written.sort();
        QCOMPARE(applied, written);
    }

    void reportListsWhatTheCliPrints_data() { presetRows(); }
    void reportListsWhatTheCliPrints()
    {
        QFETCH(ParityOptions, options);
        QFETCH(QStringList, cliArgs);
        const QString baseline = h100(QStringLiteral("cuda_fp32.console.log"));
        const QString candidate = h100(QStringLiteral("cuda_bf16.console.log"));
        const CliResult cli = runCli(QStringList{QStringLiteral("parity"), baseline, candidate} + cliArgs);
        QVERIFY2(cli.exitCode == 0 || cli.exitCode == 1, cli.err.constData());
        // The criteria: the lines under "Preset NAME (...)." up to the first empty line.
        const QStringList lines = QString::fromUtf8(cli.out).split(QLatin1Char('\n'));
        const qsizetype head = lines.indexOf(ParityCriteria::preset(options).english());
        QVERIFY2(head >= 0, cli.out.constData());
        QStringList printed;
        for (qsizetype i = head + 1; i < lines.size() && lines.at(i).startsWith(QLatin1String("  ")); ++i)
            printed.append(lines.at(i).trimmed());
        QCOMPARE(printed, ParityCriteria::sentences(options, false));

        const RunMetrics a = read(baseline), b = read(candidate);
        ReportInput input;
        input.runs = {&a, &b};
        input.baseline = 0;
        ReportOptions reportOptions;
        reportOptions.parity = options;
        QCOMPARE(reportCriteria(ReportBuilder(reportOptions).build(input)), printed);

        // A Chinese report says the same rules in Chinese: every sentence has its translation.
        reportOptions.language = QStringLiteral("zh_CN");
        ReportLanguageScope chinese(reportOptions.language);
        QVERIFY2(chinese.error().isEmpty(), qPrintable(chinese.error()));
        const QStringList translated = reportCriteria(ReportBuilder(reportOptions).build(input));
        QCOMPARE(translated, ParityCriteria::sentences(options, true));
        QCOMPARE(translated.size(), printed.size());
        for (int i = 0; i < printed.size(); ++i)
            QVERIFY2(translated.at(i) != printed.at(i), qPrintable(printed.at(i) + QStringLiteral(" is untranslated")));
    }
};

QTEST_GUILESS_MAIN(TestParityCriteriaText)
#include "tst_paritycriteriatext.moc"

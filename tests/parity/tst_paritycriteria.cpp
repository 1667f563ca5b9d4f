// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "paritytestruns.h"
#include "core/sources/plugins/devicebackend.h"

#include "core/sources/env/envreport.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/base/model/metricnames.h"
#include "core/engines/parity/parityenvdiff.h"
#include "core/base/model/runmetrics.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/paritystatsmodel.h"

#include <QDateTime>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace ParityTestRuns;
using Verdict = ParityResult::Verdict;

namespace {

/// A run with `metric` = value(step) for steps 1..last.
RunMetrics series(const QString &name, qint64 last, const std::function<double(qint64)> &value,
                  const QString &metric = MetricNames::loss)
{
    RunMetrics run;
    run.name = name;
    for (qint64 s = 1; s <= last; ++s)
        run.setValue(run.appendPoint(s), metric, value(s));
    return run;
}

bool hasReason(const ParityResult::Candidate &c, const QString &code, const QString &metric = {})
{
    for (const ParityResult::Reason &r : c.reasons) {
        if (r.code == code && (metric.isEmpty() || r.metric == metric))
            return true;
    }
    return false;
}

const ParityResult::MismatchClass *findClass(const ParityResult::Candidate &c, const QString &code)
{
    for (const ParityResult::MismatchClass &k : c.classes) {
        if (k.code == code)
            return &k;
    }
    return nullptr;
}

/// The comparison of a smooth loss curve over `steps` steps with the same curve changed by
/// `candidate`, both with ±0.1 % noise of their own, as real runs have (a noise-free curve has a
/// MAD of 0, and every kink would be a spike).
ParityResult compareChanged(qint64 steps, const std::function<double(qint64, double)> &candidate)
{
    const auto noiseA = noise(0.001, 11), noiseB = noise(0.001, 12);
    const RunMetrics a = series(QStringLiteral("cuda"), steps, [&](qint64 s) { return loss(s) * noiseA(s); });
    const RunMetrics b
        = series(QStringLiteral("npu"), steps, [&](qint64 s) { return candidate(s, loss(s) * noiseB(s)); });
    return ParityEngine(ParityOptions::forPreset(QStringLiteral("ascend"))).compare(a, {&b});
}

/// The English words in a text meant to be Chinese: runs of three or more Latin letters, except
/// the verdict words and NaN/inf, which every language writes so, and identifiers (metric names).
QStringList englishWords(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("(?<![\\w])[A-Za-z]{3,}(?![\\w])"));
    static const QStringList kept = {QStringLiteral("PASS"), QStringLiteral("WARN"), QStringLiteral("FAIL"),
                                     QStringLiteral("NaN"),  QStringLiteral("inf"),  QStringLiteral("loss")};
    QStringList words;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured();
        if (!kept.contains(w))
            words << w;
    }
    return words;
}

/// Every statistic's cell of the result's first candidate that still holds English words.
QStringList englishCells(const ParityResult &result)
{
    ParityStatsModel model;
    model.setResult(result);
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString text = model.index(row, 0).data().toString();
        if (!englishWords(text).isEmpty())
            cells << model.index(row, 0).data(ParityStatsModel::KeyRole).toString() + QStringLiteral(": ") + text;
    }
    return cells;
}

} // namespace

/// Mismatch classes on constructed runs, the presets' thresholds at their boundaries, and the noise
/// envelope (docs/parity.md).
class TestParityCriteria : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { TranslationCatalog::install(QStringLiteral("en")); }
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
    }

    void mismatchClasses_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<qint64>("fromStep");
        QTest::addColumn<qint64>("toStep");
        QTest::addColumn<std::function<double(qint64, double)>>("candidate");
        // Each row changes a smooth loss curve of 2,000 steps in one way; the class and its range follow
        // (drift: the fit over the last 25 % of the judged steps, 1501–2000).
        QTest::newRow("first-step gap") << QStringLiteral("first-step-gap") << qint64(1) << qint64(2000)
                                        << std::function<double(qint64, double)>(
                                               [](qint64, double v) { return v * 1.05; });
        // Parting over 50 steps from step 1200 (an abrupt jump would also be a spike): beyond 2 % from
        // step 1221, where 0.05·20.5/50 = 2.05 % (step 1220: 1.95 %).
        QTest::newRow("late divergence") << QStringLiteral("late-divergence") << qint64(1221) << qint64(2000)
                                         << std::function<double(qint64, double)>([](qint64 s, double v) {
                                                return v
                                                    * (1.0 + 0.05 * std::clamp((double(s) - 1200.5) / 50.0, 0.0, 1.0));
                                            });
        QTest::newRow("long-run drift") << QStringLiteral("long-run-drift") << qint64(1501) << qint64(2000)
                                        << std::function<double(qint64, double)>([](qint64 s, double v) {
                                               // creeping up to 1.95 %: within tolerance, but a trend
                                               return v
                                                   * (1.0 + 0.0195 * double(std::max<qint64>(0, s - 1500)) / 500.0);
                                           });
        QTest::newRow("extra spike") << QStringLiteral("extra-spikes") << qint64(900) << qint64(900)
                                     << std::function<double(qint64, double)>(
                                            [](qint64 s, double v) { return s == 900 ? v * 1.5 : v; });
        QTest::newRow("NaN from step 1700") << QStringLiteral("nan-inf") << qint64(1700) << qint64(2000)
                                            << std::function<double(qint64, double)>([](qint64 s, double v) {
                                                   return s >= 1700 ? std::numeric_limits<double>::quiet_NaN() : v;
                                               });
    }
    void mismatchClasses()
    {
        QFETCH(QString, code);
        QFETCH(qint64, fromStep);
        QFETCH(qint64, toStep);
        QFETCH(std::function<double(qint64, double)>, candidate);
        const ParityResult r = compareChanged(2000, candidate);
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::Candidate &c = r.candidates.at(0);
        const ParityResult::MismatchClass *k = findClass(c, code);
        QVERIFY2(k, qPrintable(describe(c)));
        QCOMPARE(k->fromStep, fromStep);
        QCOMPARE(k->toStep, toStep);
        QVERIFY(!k->evidence.isEmpty());
        QVERIFY(!k->checkFirst.isEmpty());
        // One cause, one class: the smooth loss has no other disagreement to report.
        QVERIFY2(c.classes.size() == 1, qPrintable(describe(c)));
    }

    void classesAndStatisticsReadChinese_data() { mismatchClasses_data(); }
    /// In 简体中文 a class's label, evidence and what to check first read Chinese (the evidence
    /// stayed English), and so does every statistic's cell ("none (9 unknown)", "not in both
    /// logs" and the fairness labels stayed English); English again after the switch back.
    void classesAndStatisticsReadChinese()
    {
        QFETCH(QString, code);
        QFETCH(std::function<double(qint64, double)>, candidate);
        const ParityResult r = compareChanged(2000, candidate);
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::MismatchClass *k = findClass(r.candidates.at(0), code);
        QVERIFY2(k, qPrintable(describe(r.candidates.at(0))));
        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        for (const QString &text : {k->translatedLabel(), k->translatedEvidence()})
            QVERIFY2(englishWords(text).isEmpty(), qPrintable(text));
        // What to check first names operators and tools (LayerNorm, msprobe) in any language.
        for (const QString &text : {k->translatedEvidence(), k->translatedCheckFirst()})
            QVERIFY2(text.contains(han), qPrintable(text));
        const QStringList cells = englishCells(r);
        QVERIFY2(cells.isEmpty(), qPrintable(cells.join(QLatin1Char('\n'))));
        QVERIFY2(TranslationCatalog::install(QStringLiteral("en"), &error), qPrintable(error));
        QCOMPARE(k->translatedEvidence(), k->evidence);
        QCOMPARE(k->translatedLabel(), k->label);
    }

    void shortRunStatisticsReadChinese()
    {
        // Eight steps: too few for the drift fit, whose cell said "too few steps" in every language.
        const ParityResult r = compareChanged(8, [](qint64, double v) { return v; });
        QVERIFY2(r, qPrintable(r.error));
        QVERIFY(!r.candidates.at(0).drift.evaluated);
        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        const QStringList cells = englishCells(r);
        QVERIFY2(cells.isEmpty(), qPrintable(cells.join(QLatin1Char('\n'))));
        QVERIFY2(TranslationCatalog::install(QStringLiteral("en"), &error), qPrintable(error));
        QVERIFY(englishCells(r).join(QLatin1Char(' ')).contains(QLatin1String("too few steps")));
    }

    void identicalRunsHaveNoClass()
    {
        const RunMetrics a = series(QStringLiteral("cuda"), 2000, [](qint64 s) { return loss(s); });
        const ParityResult r = ParityEngine(ParityOptions::forPreset(QStringLiteral("ascend"))).compare(a, {&a});
        QVERIFY(r.candidates.at(0).classes.isEmpty());
    }

    void manyExtraSpikesListTheFirstEight()
    {
        // 18 spikes, every 100 steps from 200: the evidence names the first eight and says there are more
        // (it once returned its text from a dangling QStringBuilder: garbage, or bad_alloc).
        const auto noiseA = noise(0.001, 11), noiseB = noise(0.001, 12);
        const RunMetrics a = series(QStringLiteral("cuda"), 2000, [&](qint64 s) { return loss(s) * noiseA(s); });
        const RunMetrics b = series(QStringLiteral("npu"), 2000, [&](qint64 s) {
            return loss(s) * noiseB(s) * (s >= 200 && s % 100 == 0 ? 1.5 : 1.0);
        });
        const ParityResult r = ParityEngine(ParityOptions::forPreset(QStringLiteral("ascend"))).compare(a, {&b});
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::MismatchClass *k = findClass(r.candidates.at(0), QStringLiteral("extra-spikes"));
        QVERIFY2(k, qPrintable(describe(r.candidates.at(0))));
        QCOMPARE(k->evidence,
                 QStringLiteral("18 loss spike(s) the baseline does not have, at steps 200, 300, 400, "
                                "500, 600, 700, 800, 900, …"));
    }

    void presetBoundaries_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<qint64>("steps");
        QTest::addColumn<double>("baseline"); ///< a constant baseline value
        QTest::addColumn<double>("firstDiff"); ///< candidate − baseline at step 1
        QTest::addColumn<double>("laterDiff"); ///< candidate − baseline from step 2 on (relative when `relative`)
        QTest::addColumn<bool>("relative");
        QTest::addColumn<QString>("code"); ///< the reason at stake
        QTest::addColumn<bool>("expected"); ///< whether it is raised

        const QString ms = QStringLiteral("mindspore"), fp = QStringLiteral("flagperf"), st = QStringLiteral("strict");
        // MindSpore, first step: abs < 0.005 or rel < 0.5 %. At 0.5 the abs limit is the looser one,
        // at 10 the relative one (0.05).
        QTest::newRow("ms first abs 0.0049")
            << ms << qint64(1000) << 0.5 << 0.0049 << 0.0 << false << QStringLiteral("first-step") << false;
        QTest::newRow("ms first abs 0.0051")
            << ms << qint64(1000) << 0.5 << 0.0051 << 0.0 << false << QStringLiteral("first-step") << true;
        QTest::newRow("ms first rel 0.49%")
            << ms << qint64(1000) << 10.0 << 0.049 << 0.0 << false << QStringLiteral("first-step") << false;
        QTest::newRow("ms first rel 0.51%")
            << ms << qint64(1000) << 10.0 << 0.051 << 0.0 << false << QStringLiteral("first-step") << true;
        // MindSpore, mean over the run: abs < 0.01 or rel < 1 % (2,000 steps; step 1 exact).
        QTest::newRow("ms mean abs 0.00995")
            << ms << qint64(2000) << 0.5 << 0.0 << 0.00995 << false << QStringLiteral("mean") << false;
        QTest::newRow("ms mean abs 0.0101")
            << ms << qint64(2000) << 0.5 << 0.0 << 0.0101 << false << QStringLiteral("mean") << true;
        QTest::newRow("ms mean rel 0.995%")
            << ms << qint64(2000) << 10.0 << 0.0 << 0.00995 << true << QStringLiteral("mean") << false;
        QTest::newRow("ms mean rel 1.01%")
            << ms << qint64(2000) << 10.0 << 0.0 << 0.0101 << true << QStringLiteral("mean") << true;
        // MindSpore: fewer than 1,000 judged steps is a WARN.
        QTest::newRow("ms 999 steps") << ms << qint64(999) << 2.0 << 0.0 << 0.0 << false << QStringLiteral("few-steps")
                                      << true;
        QTest::newRow("ms 1000 steps") << ms << qint64(1000) << 2.0 << 0.0 << 0.0 << false
                                       << QStringLiteral("few-steps") << false;
        // FlagPerf: mean relative error < 2 % from step 21 on (steps 1–20 are not judged).
        QTest::newRow("flagperf 1.99%") << fp << qint64(500) << 3.0 << 1.0 << 0.0199 << true
                                        << QStringLiteral("mean-rel") << false;
        QTest::newRow("flagperf 2.01%") << fp << qint64(500) << 3.0 << 1.0 << 0.0201 << true
                                        << QStringLiteral("mean-rel") << true;
        // strict (MUSA): 1e-4 at every step.
        QTest::newRow("strict 0.9e-4") << st << qint64(500) << 2.0 << 0.9e-4 << 0.9e-4 << false
                                       << QStringLiteral("divergence") << false;
        QTest::newRow("strict 1.1e-4") << st << qint64(500) << 2.0 << 1.1e-4 << 1.1e-4 << false
                                       << QStringLiteral("divergence") << true;
    }
    void presetBoundaries()
    {
        QFETCH(QString, preset);
        QFETCH(qint64, steps);
        QFETCH(double, baseline);
        QFETCH(double, firstDiff);
        QFETCH(double, laterDiff);
        QFETCH(bool, relative);
        QFETCH(QString, code);
        QFETCH(bool, expected);
        const RunMetrics a = series(QStringLiteral("cuda"), steps, [&](qint64) { return baseline; });
        const RunMetrics b = series(QStringLiteral("npu"), steps, [&](qint64 s) {
            if (s == 1)
                return baseline + firstDiff;
            return relative ? baseline * (1.0 + laterDiff) : baseline + laterDiff;
        });
        const ParityResult r = ParityEngine(ParityOptions::forPreset(preset)).compare(a, {&b});
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::Candidate &c = r.candidates.at(0);
        QVERIFY2(hasReason(c, code) == expected, qPrintable(describe(c)));
        if (expected && code != QLatin1String("few-steps"))
            QCOMPARE(c.verdict,
                     code == QLatin1String("divergence") && preset != QLatin1String("strict") ? Verdict::Warn
                                                                                              : Verdict::Fail);
    }

    void gradNormMeanRelativeError_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<bool>("fails");
        QTest::newRow("9.9 %") << 1.099 << false;
        QTest::newRow("10.1 %") << 1.101 << true;
    }
    void gradNormMeanRelativeError()
    {
        // MindSpore judges the global grad norm too; the verdict names the metric that failed.
        QFETCH(double, factor);
        QFETCH(bool, fails);
        RunMetrics a = series(QStringLiteral("cuda"), 1000, [](qint64 s) { return loss(s); });
        RunMetrics b = series(QStringLiteral("npu"), 1000, [](qint64 s) { return loss(s); });
        for (int p = 0; p < a.pointCount(); ++p) {
            a.setValue(p, MetricNames::gradNorm, 1.0 + 0.001 * (p % 7));
            b.setValue(p, MetricNames::gradNorm, (1.0 + 0.001 * (p % 7)) * factor);
        }
        const ParityResult r = ParityEngine(ParityOptions::forPreset(QStringLiteral("mindspore"))).compare(a, {&b});
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.metricChecks.size(), 1);
        QCOMPARE(c.metricChecks.at(0).metric, MetricNames::gradNorm);
        QCOMPARE(c.metricChecks.at(0).passed, !fails);
        QVERIFY2(hasReason(c, QStringLiteral("metric-mean-rel"), MetricNames::gradNorm) == fails,
                 qPrintable(describe(c)));
        QCOMPARE(c.verdict == Verdict::Fail, fails);
        QVERIFY(!hasReason(c, QStringLiteral("mean"), MetricNames::loss)); // the loss itself is identical
    }

    void gradNormAbsentWarns()
    {
        const RunMetrics a = series(QStringLiteral("cuda"), 1000, [](qint64 s) { return loss(s); });
        const ParityResult r = ParityEngine(ParityOptions::forPreset(QStringLiteral("mindspore"))).compare(a, {&a});
        QVERIFY(hasReason(r.candidates.at(0), QStringLiteral("metric-missing"), MetricNames::gradNorm));
        QCOMPARE(r.verdict, Verdict::Warn);
    }

    void envelope_data()
    {
        QTest::addColumn<double>("secondBaseline"); ///< factor of the second baseline run
        QTest::addColumn<double>("candidate"); ///< factor of the candidate
        QTest::addColumn<bool>("reproducible");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<int>("outside");
        // Tolerance 2 %: the envelope of A and 1.01·A reaches 1.0302·A.
        QTest::newRow("inside a reproducible envelope") << 1.01 << 1.025 << true << int(Verdict::Pass) << 0;
        QTest::newRow("outside it") << 1.01 << 1.04 << true << int(Verdict::Fail) << 2000;
        // Baselines 3 % apart differ by more than the tolerance: the baseline is not reproducible.
        QTest::newRow("inside an irreproducible envelope") << 1.03 << 1.025 << false << int(Verdict::Warn) << 0;
    }
    void envelope()
    {
        QFETCH(double, secondBaseline);
        QFETCH(double, candidate);
        QFETCH(bool, reproducible);
        QFETCH(int, verdict);
        QFETCH(int, outside);
        const RunMetrics a = series(QStringLiteral("cuda"), 2000, [](qint64 s) { return loss(s); });
        const RunMetrics a2 = series(QStringLiteral("cuda2"), 2000, [&](qint64 s) { return loss(s) * secondBaseline; });
        const RunMetrics b = series(QStringLiteral("npu"), 2000, [&](qint64 s) { return loss(s) * candidate; });
        const ParityEngine engine(ParityOptions::forPreset(QStringLiteral("ascend")));
        // Against A alone a constant 2.5 % offset fails; the envelope is what accepts it.
        QCOMPARE(engine.compare(a, {&b}).verdict, Verdict::Fail);
        const ParityResult r = engine.compare(a, {&b}, {&a2});
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(r.baselineReproducible, reproducible);
        QCOMPARE(r.envelopeBaselines.size(), 1);
        QCOMPARE(r.envelopeBaselines.at(0).beyondTolerance, reproducible ? 0 : 2000);
        QCOMPARE(hasReason(c, QStringLiteral("baseline-not-reproducible")), !reproducible);
        QCOMPARE(c.envelope.steps, 2000);
        QCOMPARE(c.envelope.outside, outside);
        QCOMPARE(int(c.verdict), verdict);
        if (outside > 0) {
            QCOMPARE(c.envelope.firstOutside, qint64(1));
            QCOMPARE(c.envelope.outsideRanges.size(), 1);
            QCOMPARE(c.envelope.outsideRanges.at(0), qMakePair(qint64(1), qint64(2000)));
        }
    }

    void toleranceBelowPrintedResolutionWarns()
    {
        // Four significant digits, as the HF console prints: strict's 1e-4 cannot be judged on them.
        const auto printed = [](double v) { return QString::number(v, 'g', 4).toDouble(); };
        const RunMetrics a = series(QStringLiteral("cuda"), 500, [&](qint64 s) { return printed(loss(s)); });
        const ParityResult strict = ParityEngine(ParityOptions::forPreset(QStringLiteral("strict"))).compare(a, {&a});
        const ParityResult::Candidate &c = strict.candidates.at(0);
        QCOMPARE(c.precision.size(), 1);
        QCOMPARE(c.precision.at(0).baselineDigits, 4);
        QVERIFY(c.precision.at(0).toleranceBelowResolution);
        QVERIFY(hasReason(c, QStringLiteral("precision")));
        QCOMPARE(strict.verdict, Verdict::Warn); // identical printed values, yet no PASS
        const ParityResult ascend = ParityEngine(ParityOptions::forPreset(QStringLiteral("ascend"))).compare(a, {&a});
        QCOMPARE(ascend.verdict, Verdict::Pass); // 2 % is far above the printed step
        // Full-precision values raise no precision warning.
        const RunMetrics full = series(QStringLiteral("cuda"), 500, [](qint64 s) { return loss(s); });
        const ParityResult fullStrict
            = ParityEngine(ParityOptions::forPreset(QStringLiteral("strict"))).compare(full, {&full});
        QCOMPARE(fullStrict.verdict, Verdict::Pass);
        QVERIFY(fullStrict.candidates.at(0).precision.at(0).baselineDigits >= 8);
    }

    void environmentDiff()
    {
        // Two reports as `portbench-cli env --json` writes them (EnvReport::toJson), a CUDA host and
        // an NPU host: only what differs is listed, the executable path and the date are not facts.
        EnvReport cuda;
        cuda.host = QStringLiteral("gpu01");
        cuda.backend = QStringLiteral("cuda");
        cuda.generated = QDateTime::currentDateTimeUtc();
        cuda.python.version = QStringLiteral("3.11.2");
        cuda.python.executable = QStringLiteral("/opt/venv/bin/python");
        cuda.python.modules
            = {{QStringLiteral("torch"), QStringLiteral("2.4.0")}, {QStringLiteral("numpy"), QStringLiteral("1.26.4")}};
        cuda.hostFacts.values = {{QStringLiteral("CUBLAS_WORKSPACE_CONFIG"), QStringLiteral(":4096:8")}};
        cuda.checks = {{QStringLiteral("host.shm"),
                        QStringLiteral("/dev/shm"),
                        EnvCheck::Status::Ok,
                        QStringLiteral("64 GiB"),
                        {},
                        {}}};
        EnvReport npu = cuda;
        npu.host = QStringLiteral("npu01");
        npu.backend = QStringLiteral("npu");
        npu.python.executable = QStringLiteral("/usr/bin/python3");
        npu.python.modules.insert(QStringLiteral("torch_npu"), QStringLiteral("2.4.0.post2"));
        npu.hostFacts.values.clear();
        int same = 0;
        const QVector<ParityEnvDiff::Row> rows = ParityEnvDiff::compare(cuda.toJson(), npu.toJson(), &same);
        QStringList keys;
        for (const ParityEnvDiff::Row &r : rows)
            keys.append(r.key);
        QCOMPARE(keys,
                 (QStringList{QStringLiteral("backend"), QStringLiteral("hostFacts.CUBLAS_WORKSPACE_CONFIG"),
                              QStringLiteral("python.modules.torch_npu")}));
        QCOMPARE(rows.at(1).candidate, QStringLiteral("(absent)"));
        QCOMPARE(rows.at(2).baseline, QStringLiteral("(absent)"));
        QVERIFY(same >= 4); // python version, torch, numpy, the shm check
    }

    // The devices of each machine as its tool listed them, read by the backend plugins from real
    // captures: the diff faces device N with device N and says how much memory each has.
    void environmentDiffHasDeviceMemory_data()
    {
        QTest::addColumn<QString>("candidateBackend");
        QTest::addColumn<QString>("candidateCapture");
        QTest::addColumn<QStringList>("rows"); // key, baseline, candidate
        QTest::newRow("8 x V100 vs 8 x 910B3")
            << QStringLiteral("npu") << QStringLiteral("npu_smi_info_910B3_8npu_24.1.rc1.txt")
            << QStringList{QStringLiteral("devices.0.memoryTotalMiB"), QStringLiteral("32768"),
                           QStringLiteral("65536")};
        QTest::newRow("8 x V100 vs 8 x 910B2")
            << QStringLiteral("npu") << QStringLiteral("npu_smi_info_910B2_8npu_23.0.7.txt")
            << QStringList{QStringLiteral("devices.5.memoryTotalMiB"), QStringLiteral("32764"),
                           QStringLiteral("65536")};
    }
    void environmentDiffHasDeviceMemory()
    {
        QFETCH(QString, candidateBackend);
        QFETCH(QString, candidateCapture);
        QFETCH(QStringList, rows);
        const auto probe = [](const QString &backend, const QString &capture) {
            QFile f(QStringLiteral(PORTBENCH_TEST_DATA "/env/") + capture);
            BackendProbe p;
            p.backendId = backend;
            p.toolFound = f.open(QIODevice::ReadOnly);
            p.inventory = builtPlugins().backend(backend)->parseDevices(f.readAll());
            return p;
        };
        EnvReport a, b;
        a.backends = {probe(QStringLiteral("cuda"), QStringLiteral("nvidia_smi_query_gpu_csv_V100_real.txt"))};
        b.backends = {probe(candidateBackend, candidateCapture)};
        QCOMPARE(a.backends.first().inventory.devices.size(), 8);
        QCOMPARE(b.backends.first().inventory.devices.size(), 8);
        const QVector<ParityEnvDiff::Row> diff = ParityEnvDiff::compare(a.toJson(), b.toJson());
        QStringList found;
        for (const ParityEnvDiff::Row &r : diff) {
            if (r.key == rows.at(0))
                found << r.key << r.baseline << r.candidate;
        }
        QCOMPARE(found, rows);
        const auto named = [&](const QString &key) {
            return std::any_of(diff.begin(), diff.end(), [&](const ParityEnvDiff::Row &r) { return r.key == key; });
        };
        QVERIFY(named(QStringLiteral("devices.0.name"))); // Tesla V100-SXM2-32GB vs 910B…
        QVERIFY(!named(QStringLiteral("devices.count"))); // eight each: alike
        QVERIFY(!named(QStringLiteral("devices.0.memoryUsedMiB"))); // a moment's, not a fact
    }
};

QTEST_GUILESS_MAIN(TestParityCriteria)
#include "tst_paritycriteria.moc"

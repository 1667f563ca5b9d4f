// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "paritytestruns.h"
#include "spikylogs.h"

#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/parityjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTest>

#include <cmath>
#include <limits>

using namespace ParityTestRuns;
using Verdict = ParityResult::Verdict;

namespace {

ParityResult compare(const RunMetrics &a, const RunMetrics &b,
                     const ParityOptions &o = ParityOptions::forPreset(QStringLiteral("ascend")))
{
    return ParityEngine(o).compare(a, {&b});
}

const ParityResult::Reason *reason(const ParityResult::Candidate &c, const QString &code)
{
    for (const ParityResult::Reason &r : c.reasons) {
        if (r.code == code)
            return &r;
    }
    return nullptr;
}

constexpr double loggedNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

class TestParityEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        builtPlugins(); // the parity presets the backend plugins bring, the default among them
    }

    void negativeStepsAreRefusedNamingTheRun_data()
    {
        QTest::addColumn<qint64>("baselineFirst");
        QTest::addColumn<qint64>("candidateFirst");
        QTest::addColumn<qint64>("candidateOffset");
        QTest::addColumn<QString>("error");
        QTest::newRow("candidate from -5") << qint64(0) << qint64(-5) << qint64(0)
                                           << "'npu' has steps below 0 (from -5): parity judges steps from 0 on";
        QTest::newRow("baseline from -1") << qint64(-1) << qint64(0) << qint64(0)
                                          << "'cuda' has steps below 0 (from -1): parity judges steps from 0 on";
        QTest::newRow("an offset that shifts below 0")
            << qint64(0) << qint64(0) << qint64(-10)
            << "'npu' has steps below 0 (from -10 after the step offset -10): parity judges steps from 0 on";
    }

    // "No step" is -1 throughout the result (first divergence, class and drift ranges): a run that
    // reaches below 0 is refused with its name, not judged into "(steps —-—)" or a divergence at
    // step -1 that reads as none.
    void negativeStepsAreRefusedNamingTheRun()
    {
        QFETCH(qint64, baselineFirst);
        QFETCH(qint64, candidateFirst);
        QFETCH(qint64, candidateOffset);
        QFETCH(QString, error);
        const RunMetrics a = make(QStringLiteral("cuda"), baselineFirst, 100, 1);
        const RunMetrics b
            = make(QStringLiteral("npu"), candidateFirst, 100, 1, [](qint64 s) { return s < 0 ? 1.5 : 1.0; });
        ParityOptions o = ParityOptions::forPreset(QStringLiteral("ascend"));
        o.candidateStepOffsets = {candidateOffset};
        const ParityResult r = ParityEngine(o).compare(a, {&b});
        QVERIFY(!r);
        QVERIFY2(r.error.startsWith(error), qPrintable(r.error));
    }

    void identicalRunsPassWithZeroError()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1);
        const ParityResult r = compare(a, b);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.verdict, Verdict::Pass);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QVERIFY2(c.reasons.isEmpty(), qPrintable(describe(c)));
        QCOMPARE(c.commonSteps, 1000);
        QCOMPARE(int(c.rows.size()), 1000);
        QCOMPARE(c.judgedSteps, 1000);
        QCOMPARE(c.meanAbs, 0.0);
        QCOMPARE(c.maxAbs, 0.0);
        QCOMPARE(c.meanRel, 0.0);
        QCOMPARE(c.maxRel, 0.0);
        QCOMPARE(c.rmseAbs, 0.0);
        QCOMPARE(c.withinShare, 1.0);
        QCOMPARE(c.firstBeyondStep, -1);
        QCOMPARE(c.firstDivergenceStep, -1);
        QVERIFY(c.drift.evaluated);
        QVERIFY(!c.drift.detected);
        QCOMPARE(c.baselineMetric, MetricNames::lmLoss);
    }

    void halfPercentNoisePassesAscend_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {1u, 2u, 3u, 42u})
            QTest::addRow("seed %u", seed) << seed;
    }
    void halfPercentNoisePassesAscend()
    {
        QFETCH(quint32, seed);
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 2000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 1, 2000, 1, noise(0.005, seed));
        const ParityResult r = compare(a, b);
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::Candidate &c = r.candidates.at(0);
        QVERIFY2(r.verdict == Verdict::Pass, qPrintable(describe(c)));
        QVERIFY(c.maxRel <= 0.005 + 1e-12);
        QVERIFY(c.maxRel > 0.004); // the noise is really there
        QVERIFY(std::abs(c.meanRel - 0.0025) < 0.0003); // mean of |U(-0.5 %, 0.5 %)|
        QCOMPARE(c.withinShare, 1.0);
        QVERIFY(!c.drift.detected);

        // The same pair is far from deterministic: strict (abs ≤ 1e-4) must fail it.
        const ParityResult strict = compare(a, b, ParityOptions::forPreset(QStringLiteral("strict")));
        QCOMPARE(strict.verdict, Verdict::Fail);
        QVERIFY(reason(strict.candidates.at(0), QStringLiteral("within-share")));
    }

    void driftFromStep500FailsAtFirstDivergence()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        auto jitter = noise(0.004, 7);
        // Relative error ramps up by 1 % per step from step 500, on top of ±0.4 % noise.
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1,
                                  [&](qint64 s) { return jitter(s) + (s >= 500 ? 0.01 * double(s - 499) : 0.0); });
        ParityOptions o = ParityOptions::forPreset(QStringLiteral("ascend"));
        const ParityResult r = compare(a, b, o);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(r.verdict, Verdict::Fail);
        QVERIFY2(c.firstDivergenceStep >= 500 && c.firstDivergenceStep <= 500 + o.divergenceWindow,
                 qPrintable(QString::number(c.firstDivergenceStep)));
        const ParityResult::Reason *d = reason(c, QStringLiteral("divergence"));
        QVERIFY(d);
        QCOMPARE(d->step, c.firstDivergenceStep);
        QVERIFY(d->message.contains(QString::number(c.firstDivergenceStep)));
        QVERIFY(c.firstBeyondStep >= 500);
    }

    void singleNoisyStepIsNotDivergenceUnlessAsked()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1, [](qint64 s) { return s == 200 ? 1.05 : 1.0; });
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.firstDivergenceStep, -1);
        QCOMPARE(c.firstBeyondStep, 200);
        QCOMPARE(c.beyondCount, 1);
        QCOMPARE(c.maxRelStep, 200);
        QVERIFY(std::abs(c.maxRel - 0.05) < 1e-12);
        QCOMPARE(c.withinShare, 0.999); // exactly the ModelLink bar: still acceptable
        QCOMPARE(r.verdict, Verdict::Warn);
        QVERIFY(reason(c, QStringLiteral("beyond-steps")));

        ParityOptions o = ParityOptions::forPreset(QStringLiteral("ascend"));
        o.divergenceWindow = 1;
        const ParityResult single = compare(a, b, o);
        QCOMPARE(single.candidates.at(0).firstDivergenceStep, 200);
        QCOMPARE(single.verdict, Verdict::Fail);
    }

    void candidateNaNFailsNamingTheStep()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1);
        b.setValue(299, MetricNames::lmLoss, loggedNaN); // point 299 is step 300
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(r.verdict, Verdict::Fail);
        QCOMPARE(c.candidateNonFiniteSteps, QVector<qint64>{300});
        QCOMPARE(c.firstCandidateNaNWithFiniteBaseline, 300);
        const ParityResult::Reason *n = reason(c, QStringLiteral("candidate-nonfinite"));
        QVERIFY(n);
        QCOMPARE(n->level, Verdict::Fail);
        QCOMPARE(n->step, 300);
        QVERIFY2(n->message.contains(QStringLiteral("step 300")), qPrintable(n->message));
        // The NaN is not averaged into the errors; it is a judged step outside tolerance.
        QCOMPARE(c.meanAbs, 0.0);
        QCOMPARE(c.finiteSteps, 999);
        QCOMPARE(c.withinCount, 999);
        QCOMPARE(c.judgedSteps, 1000);
        QVERIFY(c.rows[299].has(ParityResult::Row::CandidateNonFinite));
        QVERIFY(c.rows[299].has(ParityResult::Row::Beyond));
    }

    void candidateInfInsideWarmupStillFails()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 10);
        RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1);
        b.setValue(4, MetricNames::lmLoss, std::numeric_limits<double>::infinity()); // step 5: not in the baseline
        ParityOptions o;
        o.skipWarmup = 100;
        const ParityResult r = compare(a, b, o);
        QCOMPARE(r.verdict, Verdict::Fail);
        QCOMPARE(r.candidates.at(0).firstCandidateNaNWithFiniteBaseline, 5);
    }

    void baselineNaNWarnsOnly()
    {
        RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1);
        a.setValue(299, MetricNames::lmLoss, loggedNaN);
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(r.verdict, Verdict::Warn);
        QVERIFY(reason(c, QStringLiteral("baseline-nonfinite")));
        QCOMPARE(c.judgedSteps, 999);
        QCOMPARE(c.baselineNonFiniteSteps, QVector<qint64>{300});
    }

    void differentLoggingIntervalsUseCommonSteps()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 10, 1000, 10, noise(0.003, 5));
        const ParityResult r = compare(a, b);
        QVERIFY2(r, qPrintable(r.error));
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.commonSteps, 100);
        QCOMPARE(int(c.rows.size()), 100);
        QCOMPARE(c.interpolatedSteps, 0);
        QCOMPARE(c.baselineOnlySteps, 900);
        QCOMPARE(c.candidateOnlySteps, 0);
        for (const ParityResult::Row &row : c.rows)
            QCOMPARE(row.step % 10, 0);
        QCOMPARE(r.verdict, Verdict::Pass);
    }

    void interpolationIsMarked()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 10, 1000, 10);
        ParityOptions o;
        o.interpolate = true;
        const ParityResult r = compare(a, b, o);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.commonSteps, 100);
        QCOMPARE(c.interpolatedSteps, 891); // steps 10..1000 that are not multiples of 10
        QCOMPARE(int(c.rows.size()), 991);
        QCOMPARE(c.baselineOnlySteps, 9); // steps 1..9 lie before the candidate's first step
        const ParityResult::Row &row = c.rows[3]; // step 13, between candidate steps 10 and 20
        QCOMPARE(row.step, 13);
        QVERIFY(row.has(ParityResult::Row::Interpolated));
        QCOMPARE(row.candidate, loss(10) + (loss(20) - loss(10)) * 0.3);
        QVERIFY(!c.rows[10].has(ParityResult::Row::Interpolated)); // step 20
        QCOMPARE(r.verdict, Verdict::Pass); // linear interpolation of a smooth curve stays within 2 %
    }

    void throughputRatio_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<double>("baseline");
        QTest::addColumn<double>("candidate");
        QTest::newRow("ms per step") << MetricNames::elapsedMs << 100.0 << 400.0;
        QTest::newRow("tokens/s") << MetricNames::tokensPerSecond << 40000.0 << 10000.0;
        QTest::newRow("samples/s") << MetricNames::samplesPerSecond << 8.0 << 2.0;
        QTest::newRow("wall time") << QStringLiteral("wall_time") << 1.0 << 4.0; // seconds per step
    }
    void throughputRatio()
    {
        QFETCH(QString, source);
        QFETCH(double, baseline);
        QFETCH(double, candidate);
        RunMetrics a = make(QStringLiteral("cuda"), 1, 500, 1);
        RunMetrics b = make(QStringLiteral("musa"), 1, 500, 1);
        RunMetrics timedA, timedB;
        for (RunMetrics *run : {&a, &b}) {
            const double v = run == &a ? baseline : candidate;
            RunMetrics timed;
            timed.name = run->name;
            for (int p = 0; p < run->pointCount(); ++p) {
                const qint64 step = run->step(p);
                const bool wall = source == QLatin1String("wall_time");
                // A slow first step (graph compilation) must not move the steady-state figure.
                const double first = p == 0 ? 30.0 : 1.0;
                const int q = timed.appendPoint(
                    step, wall ? 1.7e9 + double(step) * v + (p ? 30.0 : 0.0) : RunMetrics::noWallTime);
                timed.setValue(q, MetricNames::lmLoss, run->value(p, MetricNames::lmLoss));
                if (!wall)
                    timed.setValue(q, source, source == MetricNames::elapsedMs ? v * first : v / first);
            }
            *run = timed;
        }
        const ParityResult r = compare(a, b);
        const ParityResult::Throughput &t = r.candidates.at(0).throughput;
        QCOMPARE(t.source, source);
        QCOMPARE(t.ratio, 0.25);
        QVERIFY(t.baselinePoints > 400);
        QCOMPARE(r.verdict, Verdict::Pass); // slowness is reported, not judged, unless asked

        ParityOptions o;
        o.minThroughputRatio = 0.5;
        const ParityResult gated = compare(a, b, o);
        QCOMPARE(gated.verdict, Verdict::Warn);
        QVERIFY(reason(gated.candidates.at(0), QStringLiteral("throughput")));
    }

    void restartSegmentsSupersedeEarlierSteps()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        // The candidate crashed after step 600 and resumed from the checkpoint at step 500; its
        // first attempt at 501..600 went wrong and was redone.
        RunMetrics b = make(QStringLiteral("npu"), 1, 600, 1, [](qint64 s) { return s > 500 ? 1.5 : 1.0; });
        b.append(make(QStringLiteral("npu"), 501, 1000, 1));
        QCOMPARE(b.segmentStarts().size(), 2);
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.candidatePoints, 1000);
        QCOMPARE(c.commonSteps, 1000);
        QVERIFY2(r.verdict == Verdict::Pass, qPrintable(describe(c)));
        QCOMPARE(c.maxAbs, 0.0);
    }

    void stepOffsetAlignsRuns()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        RunMetrics b;
        b.name = QStringLiteral("npu");
        for (qint64 s = 1; s <= 1000; ++s)
            b.setValue(b.appendPoint(s + 1000), MetricNames::lmLoss, loss(s));
        const ParityResult unaligned = compare(a, b);
        QVERIFY(!unaligned);
        QVERIFY2(unaligned.error.contains(QStringLiteral("no step in common")), qPrintable(unaligned.error));

        ParityOptions o;
        o.candidateStepOffsets = {-1000};
        const ParityResult r = compare(a, b, o);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.candidates.at(0).commonSteps, 1000);
        QCOMPARE(r.candidates.at(0).stepOffset, -1000);
        QCOMPARE(r.verdict, Verdict::Pass);
    }

    void warmupIsExcludedOnRequest()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1, [](qint64 s) { return s <= 100 ? 1.2 : 1.0; });
        QCOMPARE(compare(a, b).verdict, Verdict::Fail);
        ParityOptions o;
        o.skipWarmup = 100;
        const ParityResult r = compare(a, b, o);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.warmupSteps, 100);
        QCOMPARE(c.judgedSteps, 900);
        QVERIFY2(r.verdict == Verdict::Pass, qPrintable(describe(c)));
        QVERIFY(c.rows[0].has(ParityResult::Row::Warmup));
        QVERIFY(!c.rows[100].has(ParityResult::Row::Warmup));
    }

    void slowDriftWithinToleranceWarns()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        // Within 2 % everywhere, but the error keeps growing at the end.
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1,
                                  [](qint64 s) { return 1.0 + 0.019 * std::pow(double(s) / 1000.0, 4); });
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.beyondCount, 0);
        QVERIFY(c.drift.detected);
        QVERIFY(c.drift.relChange > 0.01);
        QCOMPARE(c.drift.toStep, 1000);
        QCOMPARE(c.drift.fromStep, 751);
        QCOMPARE(r.verdict, Verdict::Warn);
        QVERIFY(reason(c, QStringLiteral("drift")));
    }

    void constantOffsetBeyondToleranceFails()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1, [](qint64) { return 1.025; });
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(r.verdict, Verdict::Fail);
        QVERIFY(reason(c, QStringLiteral("mean-rel")));
        QVERIFY(reason(c, QStringLiteral("within-share")));
        QCOMPARE(c.firstDivergenceStep, 1);
        QVERIFY(std::abs(c.meanRel - 0.025) < 1e-12);
        QVERIFY(c.meanDiff > 0);
    }

    void fairnessFlagsContradictions()
    {
        RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        RunMetrics b = make(QStringLiteral("npu"), 1, 900, 1);
        a.meta.insert(QStringLiteral("seq_length"), 4096);
        b.meta.insert(QStringLiteral("seq_length"), 2048);
        a.meta.insert(QStringLiteral("world_size"), 8);
        b.meta.insert(QStringLiteral("World Size"), QStringLiteral("8"));
        for (int p = 0; p < a.pointCount(); ++p)
            a.setValue(p, MetricNames::learningRate, 1e-4);
        for (int p = 0; p < b.pointCount(); ++p)
            b.setValue(p, MetricNames::learningRate, b.step(p) >= 250 ? 2e-4 : 1.0004e-4); // .3E rounding is equal
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(r.verdict, Verdict::Warn);
        QHash<QString, ParityResult::FairnessItem> items;
        for (const ParityResult::FairnessItem &f : c.fairness)
            items.insert(f.key, f);
        using Status = ParityResult::FairnessItem::Status;
        QCOMPARE(items.value(QStringLiteral("seq_length")).status, Status::Mismatch);
        QCOMPARE(items.value(QStringLiteral("seq_length")).baselineValue, QStringLiteral("4096"));
        QCOMPARE(items.value(QStringLiteral("world_size")).status, Status::Match);
        QCOMPARE(items.value(QStringLiteral("lr_schedule")).status, Status::Mismatch);
        QCOMPARE(items.value(QStringLiteral("lr_schedule")).step, 250);
        QCOMPARE(items.value(QStringLiteral("step_count")).status, Status::Mismatch);
        QCOMPARE(items.value(QStringLiteral("step_count")).candidateValue, QStringLiteral("900"));
        QCOMPARE(items.value(QStringLiteral("seed")).status, Status::Unknown);
        QVERIFY(reason(c, QStringLiteral("fairness-seq_length")));
        QVERIFY(reason(c, QStringLiteral("fairness-lr_schedule")));
        QVERIFY(reason(c, QStringLiteral("fairness-step_count")));
        QVERIFY(!reason(c, QStringLiteral("fairness-world_size")));
    }

    void gradNormSpikes()
    {
        RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        RunMetrics b = make(QStringLiteral("npu"), 1, 1000, 1);
        QRandomGenerator rng(3);
        for (int p = 0; p < 1000; ++p) {
            const double g = 1.0 + 0.05 * rng.generateDouble();
            a.setValue(p, MetricNames::gradNorm, g);
            b.setValue(p, MetricNames::gradNorm, p == 699 ? 8.0 : g);
        }
        const ParityResult r = compare(a, b);
        const ParityResult::Candidate &c = r.candidates.at(0);
        QCOMPARE(c.spikes.size(), 2);
        const ParityResult::SpikeSet &g = c.spikes.at(1);
        QCOMPARE(g.metric, MetricNames::gradNorm);
        QCOMPARE(g.candidate.size(), 1);
        QCOMPARE(g.candidate.first().step, 700);
        QVERIFY(g.candidate.first().mads > 6);
        QCOMPARE(g.candidateOnly(), 1);
        QVERIFY(g.baseline.isEmpty());
        QCOMPARE(r.verdict, Verdict::Warn);
        QCOMPARE(reason(c, QStringLiteral("spikes"))->step, 700);

        // The same spike in the baseline, two steps earlier, is shared: nothing to warn about.
        a.setValue(697, MetricNames::gradNorm, 8.0);
        const ParityResult shared = compare(a, b);
        QVERIFY(shared.candidates.at(0).spikes.at(1).candidate.first().inOtherRun);
        QCOMPARE(shared.verdict, Verdict::Pass);
    }

    void extraSpikesEvidence()
    {
        // Read from two JSON Lines logs as the CLI reads them: the evidence text listing the
        // candidate's own spikes was built from a QStringBuilder over freed temporaries.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const ParseResult a = LogReader::readFile(SpikyLogs::write(QDir(dir.path()), QStringLiteral("cuda"), {}));
        const ParseResult b
            = LogReader::readFile(SpikyLogs::write(QDir(dir.path()), QStringLiteral("npu"), SpikyLogs::spikeSteps()));
        QCOMPARE(a.run.pointCount(), SpikyLogs::steps);
        QCOMPARE(b.run.pointCount(), SpikyLogs::steps);
        const ParityResult r = compare(a.run, b.run);
        const ParityResult::Candidate &c = r.candidates.at(0);
        const ParityResult::MismatchClass *extra = nullptr;
        for (const ParityResult::MismatchClass &k : c.classes)
            extra = k.code == QLatin1String("extra-spikes") ? &k : extra;
        QVERIFY2(extra, qPrintable(describe(c)));
        QCOMPARE(extra->evidence, SpikyLogs::expectedEvidence(MetricNames::loss));
        QCOMPARE(extra->fromStep, SpikyLogs::spikeSteps().constFirst());
        QCOMPARE(extra->toStep, SpikyLogs::spikeSteps().constLast());
    }

    void metricResolution()
    {
        const RunMetrics a = make(QStringLiteral("megatron"), 1, 100, 1, {}, MetricNames::lmLoss);
        const RunMetrics b = make(QStringLiteral("hf"), 1, 100, 1, {}, MetricNames::loss);
        const ParityResult r = compare(a, b);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.candidates.at(0).baselineMetric, MetricNames::lmLoss);
        QCOMPARE(r.candidates.at(0).candidateMetric, MetricNames::loss);

        ParityOptions o;
        o.metric = QStringLiteral("Grad Norm");
        const ParityResult missing = compare(a, b, o);
        QVERIFY(!missing);
        QVERIFY2(missing.error.contains(QStringLiteral("grad_norm")), qPrintable(missing.error));
    }

    void candidateLimitAndWorstVerdict()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 200, 1);
        const RunMetrics good = make(QStringLiteral("npu"), 1, 200, 1);
        const RunMetrics bad = make(QStringLiteral("musa"), 1, 200, 1, [](qint64) { return 1.1; });
        const ParityEngine engine{ParityOptions()};
        const ParityResult r = engine.compare(a, {&good, &bad});
        QCOMPARE(r.candidates.size(), 2);
        QCOMPARE(r.candidates.at(0).verdict, Verdict::Pass);
        QCOMPARE(r.candidates.at(1).verdict, Verdict::Fail);
        QCOMPARE(r.verdict, Verdict::Fail);
        const ParityResult tooMany = engine.compare(a, {&good, &good, &good, &good, &good, &good, &good});
        QVERIFY(!tooMany);
        QVERIFY(!engine.compare(a, {}));
    }

    void streamedJsonIsTheSameDocument()
    {
        // `parity --json` streams the table row by row; what it writes parses to toJson()'s document.
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 300, 1);
        RunMetrics b = make(QStringLiteral("npu \"x\""), 1, 300, 1, [](qint64 s) { return s >= 200 ? 1.1 : 1.0; });
        b.setValue(59, MetricNames::lmLoss, loggedNaN);
        const RunMetrics c = make(QStringLiteral("musa"), 1, 300, 1, noise(0.001, 3));
        const ParityResult r
            = ParityEngine(ParityOptions::forPreset(QStringLiteral("ascend"))).compare(a, {&b, &c}, {&c});
        for (bool withTable : {true, false}) {
            QString text;
            QTextStream out(&text);
            ParityJson::write(out, r, withTable, {{QStringLiteral("inputs"), QJsonArray{1, 2}}});
            out.flush();
            QJsonParseError error;
            const QJsonObject streamed = QJsonDocument::fromJson(text.toUtf8(), &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
            QJsonObject expected = ParityJson::toJson(r, withTable);
            expected.insert(QStringLiteral("inputs"), QJsonArray{1, 2});
            QCOMPARE(streamed, expected);
        }
    }

    void jsonCarriesStatisticsAndTable()
    {
        const RunMetrics a = make(QStringLiteral("cuda"), 1, 100, 1);
        RunMetrics b = make(QStringLiteral("npu"), 1, 100, 1, [](qint64 s) { return s == 50 ? 1.1 : 1.0; });
        b.setValue(59, MetricNames::lmLoss, loggedNaN);
        const ParityResult r = compare(a, b);
        const QJsonObject root = ParityJson::toJson(r);
        QCOMPARE(root.value(QStringLiteral("verdict")).toString(), QStringLiteral("FAIL"));
        QCOMPARE(root.value(QStringLiteral("options")).toObject().value(QStringLiteral("preset")).toString(),
                 QStringLiteral("ascend"));
        const QJsonObject c = root.value(QStringLiteral("candidates")).toArray().at(0).toObject();
        const QJsonObject errors = c.value(QStringLiteral("errors")).toObject();
        QCOMPARE(errors.value(QStringLiteral("maxRelStep")).toInteger(), 50);
        QVERIFY(errors.value(QStringLiteral("firstDivergenceStep")).isNull());
        QCOMPARE(errors.value(QStringLiteral("withinCount")).toInt(), 98);
        QCOMPARE(c.value(QStringLiteral("nonFinite")).toObject().value(QStringLiteral("candidateSteps")).toArray(),
                 QJsonArray{60});
        const QJsonArray table = c.value(QStringLiteral("table")).toArray();
        QCOMPARE(table.size(), 100);
        const QJsonObject row50 = table.at(49).toObject();
        QCOMPARE(row50.value(QStringLiteral("step")).toInteger(), 50);
        // The per-step numbers are the logged values and their plain differences.
        const double base = row50.value(QStringLiteral("baseline")).toDouble();
        const double cand = row50.value(QStringLiteral("candidate")).toDouble();
        QCOMPARE(base, loss(50));
        QCOMPARE(row50.value(QStringLiteral("diff")).toDouble(), cand - base);
        QCOMPARE(row50.value(QStringLiteral("relErr")).toDouble(), std::abs(cand - base) / base);
        QCOMPARE(row50.value(QStringLiteral("flags")).toArray(), QJsonArray{QStringLiteral("beyond")});
        const QJsonObject row60 = table.at(59).toObject();
        QCOMPARE(row60.value(QStringLiteral("candidate")).toString(), QStringLiteral("NaN"));
        QVERIFY(!table.at(0).toObject().contains(QStringLiteral("flags")));
        QVERIFY(!ParityJson::toJson(r, false)
                     .value(QStringLiteral("candidates"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .contains(QStringLiteral("table")));
        for (const char *key : {"alignment", "drift", "spikes", "throughput", "fairness", "reasons"})
            QVERIFY2(c.contains(QLatin1String(key)), key);
    }
};

QTEST_GUILESS_MAIN(TestParityEngine)
#include "tst_parityengine.moc"

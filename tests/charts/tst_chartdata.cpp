// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/charts/chartcsvwriter.h"
#include "core/engines/charts/decimator.h"
#include "core/engines/charts/emasmoother.h"
#include "core/engines/charts/legendnames.h"
#include "core/engines/charts/minmaxindex.h"
#include "core/engines/charts/runcurvebuilder.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

#include <QBuffer>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>

using Values = std::vector<double>;
Q_DECLARE_METATYPE(Values)

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

void compareValues(const Values &actual, const Values &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        const double a = actual[i], e = expected[i];
        if (std::isnan(e)) {
            QVERIFY2(std::isnan(a), qPrintable(QStringLiteral("index %1: %2").arg(i).arg(a)));
        } else if (std::isinf(e)) {
            QCOMPARE(a, e);
        } else {
            QVERIFY2(std::abs(a - e) < 1e-9, qPrintable(QStringLiteral("index %1: %2 != %3").arg(i).arg(a).arg(e)));
        }
    }
}

bool contains(const QList<QPointF> &points, double x, double y)
{
    return std::any_of(points.cbegin(), points.cend(), [&](const QPointF &p) { return p.x() == x && p.y() == y; });
}

bool sameValues(const Values &a, const Values &b)
{
    // Bit for bit, NaN included: live appends must give exactly the curve a rebuild gives.
    // memcmp is not to be given the null data of an empty vector (UBSan).
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

// A run with what live logs bring: a constant start that later varies (smoothing flips), a
// restart (new piece) whose values are all equal, a logged NaN, steps where the metric is absent.
RunMetrics liveLikeRun()
{
    RunMetrics r;
    r.name = QStringLiteral("live");
    auto *rng = QRandomGenerator::global();
    for (int i = 0; i < 3000; ++i) {
        const qint64 step = i < 1800 ? i + 1 : (i < 2200 ? i - 1000 : i - 1500);
        const int p = r.appendPoint(step, 1.7e9 + i * 2.0);
        if (i % 11 == 5)
            continue; // lm_loss not logged at this point
        double v = i < 40 ? 5.0 : 3.0 + std::exp(-i / 500.0) + 0.1 * rng->generateDouble();
        if (i >= 1800 && i < 2200)
            v = 4.0;
        if (i == 777)
            v = kNaN;
        r.setValue(p, MetricNames::lmLoss, v);
    }
    return r;
}

RunMetrics slice(const RunMetrics &run, int begin, int end)
{
    RunMetrics chunk;
    const MetricColumn &y = *run.column(MetricNames::lmLoss);
    for (int i = begin; i < end; ++i) {
        const int p = chunk.appendPoint(run.step(i), run.wallTime(i));
        if (!RunMetrics::isMissing(y[size_t(i)]))
            chunk.setValue(p, MetricNames::lmLoss, y[size_t(i)]);
    }
    return chunk;
}
} // namespace

class TestChartData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void legendNamesKeepWhatTellsRunsApart_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("expected");
        // The H100 HF runs as the Runs dock names them.
        QTest::newRow("fp32 vs bf16") << QStringList{QStringLiteral("cuda_fp32.console"),
                                                     QStringLiteral("cuda_bf16.console")}
                                      << QStringList{QStringLiteral("…fp32…"), QStringLiteral("…bf16…")};
        QTest::newRow("six h100 runs")
            << QStringList{QStringLiteral("cpu_fp32.console"),       QStringLiteral("cuda_bf16.console"),
                           QStringLiteral("cuda_fp32.console"),      QStringLiteral("cuda_fp32_lr2e-3.console"),
                           QStringLiteral("cuda_fp32_rep2.console"), QStringLiteral("cuda_fp32_seed1.console")}
            << QStringList{QStringLiteral("cpu_fp32…"),       QStringLiteral("cuda_bf16…"),
                           QStringLiteral("cuda_fp32…"),      QStringLiteral("cuda_fp32_lr2e-3…"),
                           QStringLiteral("cuda_fp32_rep2…"), QStringLiteral("cuda_fp32_seed1…")};
        QTest::newRow("one name is the start of another")
            << QStringList{QStringLiteral("cuda_fp32"), QStringLiteral("cuda_fp32_rep2")}
            << QStringList{QStringLiteral("…fp32"), QStringLiteral("…fp32_rep2")};
        QTest::newRow("paths, an exponent kept whole")
            << QStringList{QStringLiteral("/data/runs/llama_lr1e-3/log.txt"),
                           QStringLiteral("/data/runs/llama_lr2e-3/log.txt")}
            << QStringList{QStringLiteral("…lr1e-3…"), QStringLiteral("…lr2e-3…")};
        QTest::newRow("demo pair") << QStringList{QStringLiteral("demo-fp32"), QStringLiteral("demo-bf16")}
                                   << QStringList{QStringLiteral("…fp32"), QStringLiteral("…bf16")};
        QTest::newRow("nothing shared") << QStringList{QStringLiteral("npu"), QStringLiteral("cuda")}
                                        << QStringList{QStringLiteral("npu"), QStringLiteral("cuda")};
        QTest::newRow("shared inside a word only") << QStringList{QStringLiteral("run1"), QStringLiteral("run2")}
                                                   << QStringList{QStringLiteral("run1"), QStringLiteral("run2")};
        QTest::newRow("same name twice") << QStringList{QStringLiteral("a_x"), QStringLiteral("a_x")}
                                         << QStringList{QStringLiteral("a_x"), QStringLiteral("a_x")};
        QTest::newRow("one run") << QStringList{QStringLiteral("cuda_fp32.console")}
                                 << QStringList{QStringLiteral("cuda_fp32.console")};
    }

    void legendNamesKeepWhatTellsRunsApart()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, expected);
        QCOMPARE(LegendNames::shortest(names), expected);
    }

    void narrowLegendNamesKeepEachRunsOwnWords_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("expected");
        // A 270 px chart's legend column leaves about 45 px a name: "cuda_fp32_lr2e-3…" is cut to
        // "cu…3…"; each run's own words are what tell it apart.
        QTest::newRow("six h100 runs")
            << QStringList{QStringLiteral("cpu_fp32.console"),       QStringLiteral("cuda_bf16.console"),
                           QStringLiteral("cuda_fp32.console"),      QStringLiteral("cuda_fp32_lr2e-3.console"),
                           QStringLiteral("cuda_fp32_rep2.console"), QStringLiteral("cuda_fp32_seed1.console")}
            << QStringList{QStringLiteral("cpu…"),     QStringLiteral("…bf16…"), QStringLiteral("cuda_fp32…"),
                           QStringLiteral("…lr2e-3…"), QStringLiteral("…rep2…"), QStringLiteral("…seed1…")};
        // The Compare overlay's names: the baseline's ends in " (baseline)", so no end is shared.
        QTest::newRow("overlay with its baseline")
            << QStringList{QStringLiteral("cuda_fp32.console (baseline)"), QStringLiteral("cuda_bf16.console"),
                           QStringLiteral("cuda_fp32_lr2e-3.console")}
            << QStringList{QStringLiteral("…(baseline)"), QStringLiteral("…bf16…"), QStringLiteral("…lr2e-3…")};
        QTest::newRow("fp32 vs bf16") << QStringList{QStringLiteral("cuda_fp32.console"),
                                                     QStringLiteral("cuda_bf16.console")}
                                      << QStringList{QStringLiteral("…fp32…"), QStringLiteral("…bf16…")};
        // A name all of whose words another holds stays whole.
        QTest::newRow("one name inside another") << QStringList{QStringLiteral("fp32"), QStringLiteral("cuda_fp32")}
                                                 << QStringList{QStringLiteral("fp32"), QStringLiteral("cuda…")};
        QTest::newRow("same name twice") << QStringList{QStringLiteral("a_x"), QStringLiteral("a_x")}
                                         << QStringList{QStringLiteral("a_x"), QStringLiteral("a_x")};
        QTest::newRow("one run") << QStringList{QStringLiteral("cuda_fp32.console")}
                                 << QStringList{QStringLiteral("cuda_fp32.console")};
    }

    void narrowLegendNamesKeepEachRunsOwnWords()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, expected);
        QCOMPARE(LegendNames::distinct(names), expected);
    }

    void smoothingMatchesHandComputed_data()
    {
        QTest::addColumn<Values>("input");
        QTest::addColumn<double>("weight");
        QTest::addColumn<Values>("expected");
        // last = last·w + (1−w)·y; n += 1; out = last / (1 − wⁿ), worked by hand:
        //   w=0.5, [1,2,3]: 0.5/0.5=1; 1.25/0.75=1.6667; 2.125/0.875=2.428571
        QTest::newRow("w=0.5") << Values{1, 2, 3} << 0.5 << Values{1, 5.0 / 3.0, 17.0 / 7.0};
        //   w=0.6, [2,4]: 0.8/0.4=2; (0.48+1.6)/0.64=3.25
        QTest::newRow("w=0.6") << Values{2, 4} << 0.6 << Values{2, 3.25};
        // Non-finite values pass through and do not advance n.
        QTest::newRow("nan and inf") << Values{1, kNaN, 2, kInf, 3, -kInf} << 0.5
                                     << Values{1, kNaN, 5.0 / 3.0, kInf, 17.0 / 7.0, -kInf};
        QTest::newRow("leading nan") << Values{kNaN, 2, 4} << 0.6 << Values{kNaN, 2, 3.25};
        QTest::newRow("constant") << Values{5, 5, 5, 5} << 0.9 << Values{5, 5, 5, 5};
        QTest::newRow("constant with nan") << Values{0.1, kNaN, 0.1} << 0.99 << Values{0.1, kNaN, 0.1};
        // A constant prefix is still smoothed when the series is not constant: 1, 1, then
        // (0.375+1)/0.875 = 1.571429.
        QTest::newRow("constant prefix") << Values{1, 1, 2} << 0.5 << Values{1, 1, 11.0 / 7.0};
        QTest::newRow("weight 0 is identity") << Values{3, 1, 2} << 0.0 << Values{3, 1, 2};
        // The slider's range ends at 0.999: a larger weight is clamped, not a flat line.
        QTest::newRow("weight clamped") << Values{0, 1} << 1.0 << Values{0, 0.001 / (1 - 0.999 * 0.999)};
        QTest::newRow("empty") << Values{} << 0.5 << Values{};
    }

    void smoothingMatchesHandComputed()
    {
        QFETCH(Values, input);
        QFETCH(double, weight);
        QFETCH(Values, expected);
        compareValues(EmaSmoother::smooth(input, weight), expected);
    }

    void incrementalSmoothingMatchesBatch()
    {
        Values y;
        auto *rng = QRandomGenerator::global();
        for (int i = 0; i < 5000; ++i)
            y.push_back(i % 997 == 0 ? kNaN : 3.0 * std::exp(-i / 2000.0) + rng->generateDouble() * 0.2);
        const Values batch = EmaSmoother::smooth(y, 0.95);
        EmaSmoother live(0.95);
        Values incremental;
        for (double v : y)
            incremental.push_back(live.next(v));
        compareValues(incremental, batch);
        QVERIFY(std::abs(batch.back() - y.back()) < 0.2);
    }

    void liveAppendEqualsWholeBuild_data()
    {
        QTest::addColumn<int>("axis");
        QTest::addColumn<double>("weight");
        QTest::addColumn<int>("chunk");
        QTest::newRow("step, value by value") << int(ChartXAxis::Step) << 0.9 << 1;
        QTest::newRow("step, chunks of 37") << int(ChartXAxis::Step) << 0.6 << 37;
        QTest::newRow("relative, chunks of 500, no smoothing") << int(ChartXAxis::RelativeTime) << 0.0 << 500;
        QTest::newRow("wall, chunks of 13") << int(ChartXAxis::WallClock) << 0.99 << 13;
    }

    void liveAppendEqualsWholeBuild()
    {
        QFETCH(int, axis);
        QFETCH(double, weight);
        QFETCH(int, chunk);
        const RunMetrics full = liveLikeRun();
        const RunCurveBuilder::Options o{ChartXAxis::Kind(axis), 5, weight};
        const ChartCurve whole = RunCurveBuilder::buildChartMetric(full, MetricNames::loss, o);
        QVERIFY(whole.pieceCount() == 3);

        RunMetrics growing = slice(full, 0, 20); // constant so far: smoothing still raw
        ChartCurve live = RunCurveBuilder::buildChartMetric(growing, MetricNames::loss, o);
        MinMaxIndex index(live.y, false);
        bool resmoothed = false;
        for (int from = 20; from < full.pointCount(); from += chunk) {
            const int oldSize = live.size();
            growing.append(slice(full, from, std::min(full.pointCount(), from + chunk)));
            const int changed = RunCurveBuilder::extend(live, growing, MetricNames::loss, o, from);
            QVERIFY2(changed >= 0, qPrintable(QStringLiteral("refused at point %1").arg(from)));
            QVERIFY(changed <= oldSize);
            resmoothed = resmoothed || changed < oldSize;
            index.update(live.y, changed);
        }
        QCOMPARE(resmoothed, weight > 0.0); // the constant start stopped being constant
        QVERIFY(sameValues(live.x, whole.x));
        QVERIFY(sameValues(live.y, whole.y));
        QVERIFY(sameValues(live.smoothed, whole.smoothed));
        QCOMPARE(live.steps, whole.steps);
        QCOMPARE(live.pieceStarts, whole.pieceStarts);

        // The grown index decimates exactly as one built whole, at any zoom.
        const MinMaxIndex wholeIndex(whole.y, false);
        for (double width : {3000.0, 400.0, 37.5}) {
            const Decimator::Options d{whole.x[100], whole.x[100] + width, 97, false};
            for (int p = 0; p < whole.pieceCount(); ++p) {
                const int b = whole.pieceBegin(p), e = whole.pieceEnd(p);
                QCOMPARE(Decimator::minMax(live.x, live.y, b, e, d, &index),
                         Decimator::minMax(whole.x, whole.y, b, e, d, &wholeIndex));
                QCOMPARE(Decimator::minMax(live.x, live.y, b, e, d, &index),
                         Decimator::minMax(whole.x, whole.y, b, e, d));
            }
        }
    }

    void liveAppendRefusesWhatNeedsARebuild()
    {
        const RunMetrics full = liveLikeRun();
        const RunCurveBuilder::Options o{ChartXAxis::Step, 0, 0.6};
        RunMetrics growing = slice(full, 0, 100);
        ChartCurve curve = RunCurveBuilder::buildChartMetric(growing, MetricNames::loss, o);
        const Values before = curve.smoothed;
        growing.append(slice(full, 100, 200));
        // A point already drawn changed (a chunk continuing the last point), other smoothing,
        // an x going back inside a piece: each refused, the curve left as it was.
        QCOMPARE(RunCurveBuilder::extend(curve, growing, MetricNames::loss, o, 99), -1);
        QCOMPARE(RunCurveBuilder::extend(curve, growing, MetricNames::loss, {ChartXAxis::Step, 0, 0.7}, 100), -1);
        QCOMPARE(curve.size(), 100 - 100 / 11);
        QVERIFY(sameValues(curve.smoothed, before));
        RunMetrics clockBack = slice(full, 0, 100);
        ChartCurve wall
            = RunCurveBuilder::buildChartMetric(clockBack, MetricNames::loss, {ChartXAxis::WallClock, 0, 0});
        RunMetrics late;
        late.setValue(late.appendPoint(101, 1.7e9 - 10.0), MetricNames::lmLoss, 1.0);
        clockBack.append(late);
        QCOMPARE(RunCurveBuilder::extend(wall, clockBack, MetricNames::loss, {ChartXAxis::WallClock, 0, 0}, 100), -1);
        QCOMPARE(wall.size(), 100 - 100 / 11);
        // What the model reports for a continuing chunk: the last point, which makes the chart rebuild.
        RunMetrics continuing;
        continuing.firstPointContinues = true;
        continuing.setValue(continuing.appendPoint(growing.step(growing.pointCount() - 1)), MetricNames::gradNorm, 1.0);
        continuing.setValue(continuing.appendPoint(growing.step(growing.pointCount() - 1) + 1), MetricNames::gradNorm,
                            1.0);
        LoadedRunsModel model;
        const int id = model.addRun(growing);
        QSignalSpy spy(&model, &LoadedRunsModel::runPointsChanged);
        model.appendPoints(id, continuing);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.first().at(1).toInt(), growing.pointCount() - 1);
    }

    void decimationKeepsEveryColumnsMinAndMax()
    {
        const int n = 200000, columns = 317;
        Values x(n), y(n);
        auto *rng = QRandomGenerator::global();
        for (int i = 0; i < n; ++i) {
            x[size_t(i)] = i * 0.5;
            y[size_t(i)] = std::sin(i / 5000.0) + rng->generateDouble();
        }
        const Decimator::Options o{x.front(), x.back(), columns, false};
        const QList<QPointF> out = Decimator::minMax(x, y, 0, n, o);
        QVERIFY(out.size() <= 4 * (columns + 2));
        QVERIFY(out.size() >= 2 * columns);
        // Brute force: each column's extremes must be among the output points.
        const double scale = columns / (x.back() - x.front());
        std::vector<int> lo(columns, -1), hi(columns, -1);
        for (int i = 0; i < n; ++i) {
            const int c = std::min(columns - 1, int(std::floor((x[size_t(i)] - x.front()) * scale)));
            if (lo[size_t(c)] < 0 || y[size_t(i)] < y[size_t(lo[size_t(c)])])
                lo[size_t(c)] = i;
            if (hi[size_t(c)] < 0 || y[size_t(i)] > y[size_t(hi[size_t(c)])])
                hi[size_t(c)] = i;
        }
        for (int c = 0; c < columns; ++c) {
            QVERIFY2(contains(out, x[size_t(lo[size_t(c)])], y[size_t(lo[size_t(c)])]), qPrintable(QString::number(c)));
            QVERIFY2(contains(out, x[size_t(hi[size_t(c)])], y[size_t(hi[size_t(c)])]), qPrintable(QString::number(c)));
        }
        QVERIFY(
            std::is_sorted(out.cbegin(), out.cend(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); }));
        QCOMPARE(out.first(), QPointF(x.front(), y.front()));
        QCOMPARE(out.last(), QPointF(x.back(), y.back()));
    }

    void indexGivesTheSameAnswerAsAScan_data()
    {
        QTest::addColumn<bool>("positiveOnly");
        QTest::newRow("linear") << false;
        QTest::newRow("log") << true;
    }

    void indexGivesTheSameAnswerAsAScan()
    {
        QFETCH(bool, positiveOnly);
        const int n = 100003; // not a multiple of the block size
        Values x(n), y(n);
        auto *rng = QRandomGenerator::global();
        for (int i = 0; i < n; ++i) {
            x[size_t(i)] = i * 0.25;
            y[size_t(i)] = i % 1001 == 0 ? kNaN : rng->generateDouble() * 2.0 - 0.5;
        }
        const MinMaxIndex index(y, positiveOnly);
        for (int k = 0; k < 300; ++k) {
            int a = rng->bounded(n), b = rng->bounded(n + 1);
            if (a > b)
                std::swap(a, b);
            int lo = -1, hi = -1;
            for (int i = a; i < b; ++i) {
                const double v = y[size_t(i)];
                if (!std::isfinite(v) || (positiveOnly && v <= 0))
                    continue;
                if (lo < 0 || v < y[size_t(lo)])
                    lo = i;
                if (hi < 0 || v > y[size_t(hi)])
                    hi = i;
            }
            const auto [qlo, qhi] = index.query(y, a, b);
            QCOMPARE(qlo < 0 ? -1.0 : y[size_t(qlo)], lo < 0 ? -1.0 : y[size_t(lo)]);
            QCOMPARE(qhi < 0 ? -1.0 : y[size_t(qhi)], hi < 0 ? -1.0 : y[size_t(hi)]);
        }
        // Decimating through the index gives exactly what scanning gives, zoomed or not.
        for (const auto &[x0, x1] : {std::pair{x.front(), x.back()}, std::pair{1000.3, 7000.9}}) {
            const Decimator::Options o{x0, x1, 611, positiveOnly};
            QCOMPARE(Decimator::minMax(x, y, 0, n, o, &index), Decimator::minMax(x, y, 0, n, o));
        }
    }

    void singlePointSpikeSurvives_data()
    {
        QTest::addColumn<int>("spikeAt");
        QTest::addColumn<double>("spike");
        QTest::newRow("up, middle") << 1234567 << 50.0;
        QTest::newRow("down, middle") << 765432 << -50.0;
        QTest::newRow("first") << 0 << 50.0;
        QTest::newRow("last") << 1999999 << 50.0;
    }

    void singlePointSpikeSurvives()
    {
        QFETCH(int, spikeAt);
        QFETCH(double, spike);
        const int n = 2000000;
        Values x(n), y(n);
        for (int i = 0; i < n; ++i) {
            x[size_t(i)] = i + 1;
            y[size_t(i)] = 2.0 + 0.1 * std::sin(i * 0.001);
        }
        y[size_t(spikeAt)] = spike;
        const QList<QPointF> out = Decimator::minMax(x, y, 0, n, {x.front(), x.back(), 800, false});
        QVERIFY(out.size() < 4000);
        QVERIFY(contains(out, x[size_t(spikeAt)], spike));
        const MinMaxIndex index(y, false);
        QVERIFY(contains(Decimator::minMax(x, y, 0, n, {x.front(), x.back(), 800, false}, &index), x[size_t(spikeAt)],
                         spike));
    }

    void decimationScansOnlyTheVisibleRange()
    {
        Values x, y;
        for (int i = 0; i < 1000; ++i) {
            x.push_back(i);
            y.push_back(i % 2);
        }
        const QList<QPointF> out = Decimator::minMax(x, y, 0, 1000, {100, 200, 1000, false});
        // Few points: all of them, plus one neighbour each side so the line reaches the edges.
        QCOMPARE(out.size(), 103);
        QCOMPARE(out.first().x(), 99.0);
        QCOMPARE(out.last().x(), 201.0);
        // Log scale: zero and negative values cannot be drawn.
        const QList<QPointF> positive = Decimator::minMax(x, y, 0, 1000, {100, 200, 1000, true});
        QVERIFY(std::all_of(positive.cbegin(), positive.cend(), [](const QPointF &p) { return p.y() > 0; }));
    }

    void nonFiniteValuesBecomeMarkers()
    {
        Values x, y;
        for (int i = 0; i < 100000; ++i) {
            x.push_back(i);
            y.push_back(1.0);
        }
        y[500] = kNaN;
        y[501] = kNaN; // same pixel column as 500 at 100 columns: one marker
        y[70000] = kInf;
        const std::vector<int> markers = Decimator::nonFinite(x, y, 0, 100000, {0, 99999, 100, false});
        QCOMPARE(markers, (std::vector<int>{500, 70000}));
        const QList<QPointF> line = Decimator::minMax(x, y, 0, 100000, {0, 99999, 100, false});
        QVERIFY(std::all_of(line.cbegin(), line.cend(), [](const QPointF &p) { return std::isfinite(p.y()); }));
    }

    void runCurveOnEachAxis()
    {
        RunMetrics run;
        run.name = QStringLiteral("a");
        run.meta.insert(QStringLiteral("seq_length"), 1024);
        // Steps 10, 20, 30 then a restart from 20; wall time 1000 s + 2 s per step; step 20 logs no loss.
        const qint64 steps[] = {10, 20, 30, 20, 30};
        for (int i = 0; i < 5; ++i) {
            const int p = run.appendPoint(steps[i], 1000.0 + 2 * i);
            if (i != 1)
                run.setValue(p, MetricNames::loss, i == 2 ? kNaN : 5.0 - i);
            run.setValue(p, MetricNames::consumedSamples, double(steps[i] * 8));
        }
        ChartCurve c = RunCurveBuilder::build(run, MetricNames::loss, {ChartXAxis::Step, 100, 0.0});
        compareValues(c.x, Values{110, 130, 120, 130});
        compareValues(c.y, Values{5, kNaN, 2, 1});
        QCOMPARE(c.steps, (std::vector<qint64>{10, 30, 20, 30}));
        QCOMPARE(c.pieceStarts, (std::vector<int>{0, 2}));
        QVERIFY(c.smoothed.empty());

        c = RunCurveBuilder::build(run, MetricNames::loss, {ChartXAxis::RelativeTime, 100, 0.5});
        compareValues(c.x, Values{0, 4, 6, 8});
        // Smoothing restarts with each piece (a restart is a new curve): [5, nan] is constant;
        // [2, 1] at w=0.5 gives 1/0.5 = 2, then (0.5+0.5)/0.75.
        compareValues(c.smoothed, Values{5, kNaN, 2, 1.0 / 0.75});

        c = RunCurveBuilder::build(run, MetricNames::loss, {ChartXAxis::ConsumedTokens, 0, 0.0});
        compareValues(c.x, Values{10 * 8 * 1024, 30 * 8 * 1024, 20 * 8 * 1024, 30 * 8 * 1024});

        c = RunCurveBuilder::build(run, MetricNames::loss, {ChartXAxis::WallClock, 0, 0.0});
        compareValues(c.x, Values{1000, 1004, 1006, 1008});

        QVERIFY(RunCurveBuilder::build(run, MetricNames::gradNorm, {}).x.empty());
        RunMetrics noTime;
        noTime.setValue(noTime.appendPoint(1), MetricNames::loss, 1.0);
        QString why;
        QVERIFY(!ChartXAxis::available(noTime, ChartXAxis::RelativeTime, &why));
        QVERIFY(why.contains(QLatin1String("timestamps")));
        QVERIFY(!ChartXAxis::available(noTime, ChartXAxis::ConsumedTokens, &why));
        QVERIFY(RunCurveBuilder::build(noTime, MetricNames::loss, {ChartXAxis::WallClock, 0, 0}).x.empty());
    }

    void csvHasEveryPoint()
    {
        ChartCurve c;
        c.label = QStringLiteral("run, \"quoted\"");
        for (int i = 0; i < 10000; ++i) {
            c.x.push_back(i);
            c.y.push_back(i == 5000 ? kNaN : 1.0 / (i + 1));
            c.steps.push_back(i);
        }
        RunCurveBuilder::smooth(c, 0.9);
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        const ChartCsvWriter::Result r = ChartCsvWriter::write(buffer, {c}, QStringLiteral("step"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.rows, 10000);
        const QList<QByteArray> lines = buffer.data().split('\n');
        QCOMPARE(lines.size(), 10002); // header + rows + the empty string after the last newline
        QCOMPARE(lines.at(0), QByteArray("series,piece,step,step,value,smoothed"));
        QCOMPARE(lines.at(1), QByteArray("\"run, \"\"quoted\"\"\",0,0,0,1,1"));
        QVERIFY(lines.at(5001).startsWith("\"run, \"\"quoted\"\"\",0,5000,5000,NaN,NaN"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out.csv"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("user data\n");
        old.close();
        QVERIFY(ChartCsvWriter::writeFile(path, {c}, QStringLiteral("step")));
        QFile backup(path + QStringLiteral(".bak"));
        QVERIFY(backup.open(QIODevice::ReadOnly));
        QCOMPARE(backup.readAll(), QByteArray("user data\n"));
        const ChartCsvWriter::Result bad
            = ChartCsvWriter::writeFile(dir.filePath(QStringLiteral("no/such/dir.csv")), {c}, QStringLiteral("step"));
        QVERIFY(!bad);
        QVERIFY(bad.error.contains(QLatin1String("dir.csv")));
    }
};

QTEST_GUILESS_MAIN(TestChartData)
#include "tst_chartdata.moc"

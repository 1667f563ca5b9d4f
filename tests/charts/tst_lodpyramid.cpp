// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/charts/lodpyramid.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

struct Line
{
    std::vector<double> x, y;
};

// Steps from 0 with noise, a few NaN/inf, a stretch of NaN longer than a bucket (a gap), values
// at and below zero (not drawable on a log scale) and single-point spikes up and down.
Line makeLine(int n, quint32 seed)
{
    Line l;
    QRandomGenerator rng(seed);
    for (int i = 0; i < n; ++i) {
        l.x.push_back(i);
        double v = 2.0 + std::sin(i / 500.0) + 0.1 * rng.generateDouble();
        if (i % 997 == 13)
            v = 50.0 + i % 7; // spike up
        else if (i % 1499 == 7)
            v = -3.0; // spike down, below zero
        else if (i % 611 == 5)
            v = i % 2 ? kNaN : kInf;
        else if (i >= n / 3 && i < n / 3 + 150)
            v = kNaN; // a gap
        else if (i % 53 == 0)
            v = 0.0;
        l.y.push_back(v);
    }
    return l;
}

bool drawable(double v, bool positiveOnly)
{
    return std::isfinite(v) && (!positiveOnly || v > 0);
}

} // namespace

class TestLodPyramid : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void levelsMatchBruteForce_data()
    {
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("begin");
        QTest::addColumn<int>("end");
        QTest::addColumn<bool>("positiveOnly");
        QTest::newRow("empty") << 0 << 0 << 0 << false;
        QTest::newRow("one point") << 1 << 0 << 1 << false;
        QTest::newRow("less than a bucket") << 31 << 0 << 31 << false;
        QTest::newRow("one bucket and one point") << 33 << 0 << 33 << false;
        QTest::newRow("whole line") << 20000 << 0 << 20000 << false;
        QTest::newRow("whole line, log y") << 20000 << 0 << 20000 << true;
        QTest::newRow("a later piece") << 20000 << 7001 << 18999 << false;
        QTest::newRow("a later piece, log y") << 20000 << 7001 << 18999 << true;
    }

    // Every bucket of every level holds its range's lowest and highest drawable point, in log
    // order, as a brute-force scan finds them; unused entries keep the level's x sorted.
    void levelsMatchBruteForce()
    {
        QFETCH(int, points);
        QFETCH(int, begin);
        QFETCH(int, end);
        QFETCH(bool, positiveOnly);
        const Line l = makeLine(points, 7);
        const LodPyramid p(l.x.data(), l.y.data(), begin, end, positiveOnly);
        QVERIFY(p.isComplete());
        QCOMPARE(p.isEmpty(), end == begin);
        if (p.isEmpty())
            return;
        QCOMPARE(p.level(p.levelCount() - 1).size(), size_t(2)); // the top is one bucket
        for (int level = 0; level < p.levelCount(); ++level) {
            const std::vector<QPointF> &entries = p.level(level);
            const int size = p.bucketSize(level);
            QCOMPARE(entries.size(), size_t(2 * ((end - begin + size - 1) / size)));
            for (size_t e = 1; e < entries.size(); ++e)
                QVERIFY(entries[e - 1].x() <= entries[e].x());
            for (size_t b = 0; b < entries.size() / 2; ++b) {
                const int first = begin + int(b) * size, last = std::min(end, first + size);
                double lo = kInf, hi = -kInf;
                for (int i = first; i < last; ++i) {
                    if (drawable(l.y[size_t(i)], positiveOnly)) {
                        lo = std::min(lo, l.y[size_t(i)]);
                        hi = std::max(hi, l.y[size_t(i)]);
                    }
                }
                const QPointF a = entries[2 * b], c = entries[2 * b + 1];
                const QString where = QStringLiteral("level %1 bucket %2").arg(level).arg(b);
                if (lo > hi) {
                    QVERIFY2(std::isnan(a.y()) && std::isnan(c.y()), qPrintable(where));
                    continue;
                }
                QVERIFY2(!std::isnan(a.y()), qPrintable(where));
                // Both entries are points of the bucket, in log order (x sorted), lowest and highest.
                for (const QPointF &pt : {a, c}) {
                    if (std::isnan(pt.y()))
                        continue;
                    const int i = int(pt.x());
                    QVERIFY2(i >= first && i < last && l.y[size_t(i)] == pt.y(), qPrintable(where));
                }
                if (lo == hi) {
                    QVERIFY2(std::isnan(c.y()) && a.y() == lo, qPrintable(where));
                } else {
                    QVERIFY2(a.x() < c.x(), qPrintable(where));
                    QCOMPARE(std::min(a.y(), c.y()), lo);
                    QCOMPARE(std::max(a.y(), c.y()), hi);
                }
            }
        }
    }

    void pointsKeepEveryColumnsExtremes_data()
    {
        QTest::addColumn<double>("xMin");
        QTest::addColumn<double>("xMax");
        QTest::addColumn<int>("columns");
        QTest::addColumn<bool>("positiveOnly");
        QTest::newRow("all, 1000 columns") << 0.0 << 199999.0 << 1000 << false;
        QTest::newRow("all, 333 columns, log y") << 0.0 << 199999.0 << 333 << true;
        QTest::newRow("zoomed to 60k") << 70000.3 << 130000.7 << 1200 << false;
        QTest::newRow("zoomed to 20k, 64 points a column") << 100000.0 << 120480.0 << 320 << false;
        QTest::newRow("zoomed to 9k, on-the-fly buckets") << 12345.5 << 21345.5 << 1200 << false;
        QTest::newRow("zoomed to 2k, raw points") << 66600.0 << 68400.0 << 1200 << false;
        QTest::newRow("past the end") << 150000.0 << 250000.0 << 800 << false;
        QTest::newRow("the gap") << 66000.0 << 67500.0 << 400 << false;
    }

    // What a frame draws: every one-point spike among 200k in view, exactly where it is, at every
    // zoom; in every pixel column, the highest and lowest drawable value within two columns of it
    // (a bucket holds up to two columns' points); only points of the line; a few points a column.
    void pointsKeepEveryColumnsExtremes()
    {
        QFETCH(double, xMin);
        QFETCH(double, xMax);
        QFETCH(int, columns);
        QFETCH(bool, positiveOnly);
        const int n = 200000;
        const Line l = makeLine(n, 11);
        const LodPyramid p(l.x.data(), l.y.data(), 0, n, positiveOnly);
        const QList<QPointF> shown = p.points(l.x.data(), l.y.data(), xMin, xMax, columns);
        QVERIFY(shown.size() <= 2 * columns + 8);
        // Columns with two more each side: the buckets beyond the view's ends are drawn too.
        const int margin = 2, slots = columns + 2 * margin;
        const double width = (xMax - xMin) / columns;
        auto slot = [&](double x) { return int(std::floor((x - xMin) / width)) + margin; };
        std::vector<double> trueLo(size_t(slots), kInf), trueHi(size_t(slots), -kInf);
        std::vector<double> shownLo = trueLo, shownHi = trueHi;
        for (int i = 0; i < n; ++i) {
            const int c = slot(l.x[size_t(i)]);
            if (c >= 0 && c < slots && drawable(l.y[size_t(i)], positiveOnly)) {
                trueLo[size_t(c)] = std::min(trueLo[size_t(c)], l.y[size_t(i)]);
                trueHi[size_t(c)] = std::max(trueHi[size_t(c)], l.y[size_t(i)]);
            }
        }
        for (int k = 0; k < shown.size(); ++k) {
            const QPointF pt = shown[k];
            QVERIFY(drawable(pt.y(), positiveOnly));
            QVERIFY(l.y[size_t(pt.x())] == pt.y()); // a point of the line
            QVERIFY(k == 0 || shown[k - 1].x() < pt.x());
            const int c = slot(pt.x());
            if (c >= 0 && c < slots) {
                shownLo[size_t(c)] = std::min(shownLo[size_t(c)], pt.y());
                shownHi[size_t(c)] = std::max(shownHi[size_t(c)], pt.y());
            }
        }
        // A spike with nothing as high within two columns is drawn itself, where it is.
        int spikesSeen = 0;
        for (int i = 0; i < n; ++i) {
            const double x = l.x[size_t(i)], v = l.y[size_t(i)];
            if (!drawable(v, positiveOnly) || v < 50.0 || x < xMin || x > xMax)
                continue;
            bool highest = true;
            for (int j = 0; j < n && highest; ++j) {
                highest = j == i || std::abs(l.x[size_t(j)] - x) > 2 * width || !drawable(l.y[size_t(j)], positiveOnly)
                    || l.y[size_t(j)] < v;
            }
            if (!highest)
                continue;
            QVERIFY2(shown.contains(QPointF(x, v)), qPrintable(QStringLiteral("spike at %1").arg(x)));
            ++spikesSeen;
        }
        for (int c = margin; c < margin + columns; ++c) {
            double nearHi = -kInf, nearLo = kInf, nearTrueHi = -kInf, nearTrueLo = kInf;
            for (int k = c - margin; k <= c + margin; ++k) {
                nearHi = std::max(nearHi, shownHi[size_t(k)]);
                nearLo = std::min(nearLo, shownLo[size_t(k)]);
                nearTrueHi = std::max(nearTrueHi, trueHi[size_t(k)]);
                nearTrueLo = std::min(nearTrueLo, trueLo[size_t(k)]);
            }
            if (trueHi[size_t(c)] == -kInf)
                continue;
            const QString where = QStringLiteral("column %1").arg(c - margin);
            QVERIFY2(nearHi >= trueHi[size_t(c)], qPrintable(where));
            QVERIFY2(nearLo <= trueLo[size_t(c)], qPrintable(where));
            QVERIFY2(shownHi[size_t(c)] <= nearTrueHi, qPrintable(where));
            QVERIFY2(shownLo[size_t(c)] >= nearTrueLo, qPrintable(where));
        }
        QVERIFY(spikesSeen > 0);
    }

    // Zoomed in to about a point a column or fewer, every drawable point in view is drawn.
    void rawPointsWhenZoomedIn()
    {
        const Line l = makeLine(5000, 3);
        const LodPyramid p(l.x.data(), l.y.data(), 0, 5000, false);
        const QList<QPointF> shown = p.points(l.x.data(), l.y.data(), 1000, 1500, 800);
        QList<QPointF> expected;
        for (int i = 999; i <= 1501; ++i) {
            if (drawable(l.y[size_t(i)], false))
                expected.append(QPointF(l.x[size_t(i)], l.y[size_t(i)]));
        }
        QCOMPARE(shown, expected);
    }

    // A coarse pyramid (the first picture) reads a sample of each finest bucket, baseBucket
    // points evenly spread, and never scans a view: zoomed in, it shows its finest level.
    void coarsePyramidSamples()
    {
        const int n = 200000;
        const Line l = makeLine(n, 5);
        const int bucket = LodPyramid::coarseBucket(n, 2048);
        QCOMPARE(bucket, 128);
        const LodPyramid coarse(l.x.data(), l.y.data(), 0, n, false, bucket);
        QVERIFY(coarse.isCoarse() && coarse.isComplete());
        const std::vector<QPointF> &finest = coarse.level(0);
        QCOMPARE(finest.size(), size_t(2 * ((n + bucket - 1) / bucket)));
        for (size_t b = 0; b < finest.size() / 2; ++b) {
            double lo = kInf, hi = -kInf;
            for (int i = int(b) * bucket; i < std::min(n, int(b + 1) * bucket); i += bucket / LodPyramid::baseBucket) {
                if (drawable(l.y[size_t(i)], false)) {
                    lo = std::min(lo, l.y[size_t(i)]);
                    hi = std::max(hi, l.y[size_t(i)]);
                }
            }
            if (lo > hi)
                continue;
            QCOMPARE(finest[2 * b].y() == lo || finest[2 * b].y() == hi, true);
            QCOMPARE(std::isnan(finest[2 * b + 1].y()) ? lo == hi
                                                       : finest[2 * b + 1].y() == (finest[2 * b].y() == lo ? hi : lo),
                     true);
        }
        const QList<QPointF> shown = coarse.points(l.x.data(), l.y.data(), 1000, 3000, 1000);
        QVERIFY(!shown.isEmpty());
        for (const QPointF &pt : shown)
            QVERIFY(std::find(finest.cbegin(), finest.cend(), pt) != finest.cend());
    }

    void rangeMatchesBruteForce_data()
    {
        QTest::addColumn<bool>("positiveOnly");
        QTest::newRow("linear") << false;
        QTest::newRow("log y") << true;
    }

    // The y range of any index range (what fits a chart's y to the view), exact from the levels.
    void rangeMatchesBruteForce()
    {
        QFETCH(bool, positiveOnly);
        const int n = 50000, begin = 123, end = 49000;
        const Line l = makeLine(n, 13);
        const LodPyramid p(l.x.data(), l.y.data(), begin, end, positiveOnly);
        QRandomGenerator rng(17);
        for (int k = 0; k < 400; ++k) {
            int first = begin + int(rng.bounded(end - begin)), last = begin + int(rng.bounded(end - begin + 1));
            if (k % 4 == 0)
                last = std::min(end, first + int(rng.bounded(70))); // short: inside one bucket or two
            double lo = kInf, hi = -kInf;
            for (int i = first; i < last; ++i) {
                if (drawable(l.y[size_t(i)], positiveOnly)) {
                    lo = std::min(lo, l.y[size_t(i)]);
                    hi = std::max(hi, l.y[size_t(i)]);
                }
            }
            const auto [a, b] = p.range(l.y.data(), first, last);
            QVERIFY2(a == lo && b == hi, qPrintable(QStringLiteral("[%1, %2)").arg(first).arg(last)));
        }
    }

    void updateEqualsWholeBuild_data()
    {
        QTest::addColumn<int>("before");
        QTest::addColumn<int>("after");
        QTest::addColumn<int>("changedFrom");
        QTest::newRow("a few points") << 1000 << 1003 << 1000;
        QTest::newRow("into a new level") << 1000 << 40000 << 1000;
        QTest::newRow("from empty") << 0 << 500 << 0;
        QTest::newRow("tail changed") << 30000 << 30100 << 29000;
    }

    // Live appends: a pyramid brought up to date equals one built over the whole line.
    void updateEqualsWholeBuild()
    {
        QFETCH(int, before);
        QFETCH(int, after);
        QFETCH(int, changedFrom);
        Line whole = makeLine(after, 9);
        Line grown = whole;
        grown.x.resize(size_t(before));
        grown.y.resize(size_t(before));
        for (int i = changedFrom; i < before; ++i)
            grown.y[size_t(i)] = 1e6; // what the changed tail held before
        LodPyramid p(grown.x.data(), grown.y.data(), 0, before, false);
        p.update(whole.x.data(), whole.y.data(), after, changedFrom);
        const LodPyramid expected(whole.x.data(), whole.y.data(), 0, after, false);
        QCOMPARE(p.levelCount(), expected.levelCount());
        for (int level = 0; level < p.levelCount(); ++level) {
            const std::vector<QPointF> &a = p.level(level), &b = expected.level(level);
            QCOMPARE(a.size(), b.size());
            for (size_t i = 0; i < a.size(); ++i) {
                QCOMPARE(a[i].x(), b[i].x());
                QVERIFY(a[i].y() == b[i].y() || (std::isnan(a[i].y()) && std::isnan(b[i].y())));
            }
        }
    }

    void cancelledBuildIsIncomplete()
    {
        const Line l = makeLine(200000, 1);
        const std::atomic_bool cancel(true);
        const LodPyramid p(l.x.data(), l.y.data(), 0, 200000, false, LodPyramid::baseBucket, &cancel);
        QVERIFY(!p.isComplete());
        QVERIFY(p.isEmpty());
        QVERIFY(p.points(l.x.data(), l.y.data(), 0, 200000, 100).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLodPyramid)
#include "tst_lodpyramid.moc"

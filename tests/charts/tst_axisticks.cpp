// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/charts/axisticks.h"

#include <QSet>
#include <QTest>

#include <cmath>

/// Round ticks for linear, log and time axes over the ranges training logs produce.
class TestAxisTicks : public QObject
{
    Q_OBJECT

private:
    static QStringList labels(const QVector<AxisTicks::Tick> &ticks)
    {
        QStringList out;
        for (const AxisTicks::Tick &t : ticks)
            out << t.label;
        return out;
    }

    /// Each tick is a 1, 2 or 5 times a power of ten multiple of one step.
    static bool roundSteps(const QVector<AxisTicks::Tick> &ticks)
    {
        if (ticks.size() < 2)
            return true;
        const double step = ticks.at(1).value - ticks.at(0).value;
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
        bool oneTwoFive = false;
        for (double m : {1.0, 2.0, 5.0, 10.0})
            oneTwoFive = oneTwoFive || std::abs(mantissa - m) < 1e-6;
        if (!oneTwoFive)
            return false;
        for (const AxisTicks::Tick &t : ticks) {
            const double k = t.value / step;
            if (std::abs(k - std::round(k)) > 1e-6)
                return false;
        }
        return true;
    }

private Q_SLOTS:
    void linear_data()
    {
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("count");
        // The ranges of the issue: steps of a 400-step run, a loss, 1.1 M steps, a learning rate.
        QTest::newRow("steps 0..400") << 0.0 << 400.0 << QStringLiteral("0 100 200 300 400") << 6;
        QTest::newRow("loss 2.5..2.6") << 2.5 << 2.6 << QStringLiteral("2.50 2.52 2.54 2.56 2.58 2.60") << 6;
        QTest::newRow("steps 0..1.1M") << 0.0 << 1.1e6 << QStringLiteral("0 0.2M 0.4M 0.6M 0.8M 1.0M") << 6;
        QTest::newRow("lr -5e-6..5e-5") << -5e-6 << 5e-5 << QStringLiteral("0 10µ 20µ 30µ 40µ 50µ") << 6;
        // A learning rate of 2e-3 (the H100 lr2e-3 run): thousandths as decimals, not "2m".
        QTest::newRow("lr 0..2e-3") << 0.0 << 2e-3 << QStringLiteral("0 0.0005 0.0010 0.0015 0.0020") << 6;
        QTest::newRow("1e-6 scale") << 1e-6 << 9e-6 << QStringLiteral("2µ 4µ 6µ 8µ") << 6;
        QTest::newRow("1e9 scale") << 0.0 << 3e9 << QStringLiteral("0 0.5G 1.0G 1.5G 2.0G 2.5G 3.0G") << 6;
        QTest::newRow("tokens/s 9.6e5..1.04e6")
            << 9.6e5 << 1.04e6 << QStringLiteral("0.96M 0.98M 1.00M 1.02M 1.04M") << 6;
        QTest::newRow("negative") << -3.0 << 3.0 << QStringLiteral("-3 -2 -1 0 1 2 3") << 6;
        QTest::newRow("big offset, small span")
            << 1000000.0 << 1000010.0 << QStringLiteral("1000000 1000002 1000004 1000006 1000008 1000010") << 6;
        // Zoomed in a small chart (room for two ticks): still a scale, not one lone tick.
        QTest::newRow("zoomed steps 132..337, room for 2") << 132.272 << 336.56 << QStringLiteral("200 300") << 2;
        QTest::newRow("zoomed loss 1.02..1.9, room for 2") << 1.02 << 1.9 << QStringLiteral("1.2 1.4 1.6 1.8") << 2;
    }

    void linear()
    {
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(QString, expected);
        QFETCH(int, count);
        const QVector<AxisTicks::Tick> ticks = AxisTicks::linear(min, max, count);
        QCOMPARE(labels(ticks).join(QLatin1Char(' ')), expected);
        QVERIFY(roundSteps(ticks));
        for (const AxisTicks::Tick &t : ticks)
            QVERIFY(t.value >= min - 1e-12 * std::abs(max) && t.value <= max + 1e-12 * std::abs(max));
    }

    void linearStaysRoundAcrossScales_data()
    {
        QTest::addColumn<double>("scale");
        for (int e = -6; e <= 9; ++e)
            QTest::addRow("1e%d", e) << std::pow(10.0, e);
    }

    void linearStaysRoundAcrossScales()
    {
        QFETCH(double, scale);
        for (const double span : {0.37, 1.0, 2.9, 7.3}) {
            const QVector<AxisTicks::Tick> ticks = AxisTicks::linear(scale * 1.13, scale * (1.13 + span), 6);
            QVERIFY2(ticks.size() >= 2 && ticks.size() <= 7, qPrintable(labels(ticks).join(QLatin1Char(' '))));
            QVERIFY(roundSteps(ticks));
            // Labels are short and distinct: no "1.03295e+06" next to "965842".
            const QStringList l = labels(ticks);
            for (const QString &s : l)
                QVERIFY2(s.size() <= 7, qPrintable(s));
            QCOMPARE(QSet<QString>(l.cbegin(), l.cend()).size(), l.size());
        }
    }

    void log_data()
    {
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<QString>("expected");
        QTest::newRow("two decades: 1-2-5") << 0.01 << 1.0 << QStringLiteral("0.01 0.02 0.05 0.1 0.2 0.5 1");
        QTest::newRow("within a decade: linear") << 2.2 << 3.1 << QStringLiteral("2.2 2.4 2.6 2.8 3.0");
        QTest::newRow("1e-6..1e9: every 3rd decade") << 1e-6 << 1e9 << QStringLiteral("1µ 0.001 1 1k 1M 1G");
        QTest::newRow("four decades") << 1e-3 << 10.0 << QStringLiteral("0.001 0.01 0.1 1 10");
        QTest::newRow("not positive") << -1.0 << 0.0 << QStringLiteral("");
    }

    void log()
    {
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(QString, expected);
        QCOMPARE(labels(AxisTicks::log(min, max, 6)).join(QLatin1Char(' ')), expected);
    }

    void time_data()
    {
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<bool>("wallClock");
        QTest::addColumn<QString>("expected");
        QTest::newRow("elapsed 0..5 min") << 0.0 << 300.0 << false << QStringLiteral("0:00 1:00 2:00 3:00 4:00 5:00");
        QTest::newRow("elapsed 0..3 h") << 0.0 << 10800.0 << false
                                        << QStringLiteral("0:00:00 0:30:00 1:00:00 1:30:00 2:00:00 2:30:00 3:00:00");
        // 2024-01-01 10:07 … 10:52 UTC
        QTest::newRow("wall clock 45 min")
            << 1704103620.0 << 1704106320.0 << true << QStringLiteral("10:10 10:20 10:30 10:40 10:50");
        QTest::newRow("sub-second") << 0.0 << 0.5 << false << QStringLiteral("0s 100ms 200ms 300ms 400ms 500ms");
    }

    void time()
    {
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(bool, wallClock);
        QFETCH(QString, expected);
        QCOMPARE(labels(AxisTicks::time(min, max, 6, wallClock)).join(QLatin1Char(' ')), expected);
    }

    void boundedWhereDoublesRunOutOfPrecision()
    {
        // A span far below the precision of its values (a chart zoomed in on a huge x): few ticks,
        // and it returns.
        QVERIFY(AxisTicks::linear(1e17, 1e17 + 64, 6).size() <= 14);
        QVERIFY(AxisTicks::linear(1.0, std::nextafter(1.0, 2.0), 6).size() <= 14);
        QVERIFY(AxisTicks::time(1e17, 1e17 + 100, 6).size() <= 14);
    }

    void timeBeyondAnyClockIsPlainNumbers()
    {
        // Seconds past 10^15 were converted to 64-bit integers for clock and duration labels
        // (undefined for a damaged wall time of 1e300): plain numbers, as on a linear axis.
        for (const bool wallClock : {true, false}) {
            const QStringList expected = labels(AxisTicks::linear(0, 1e300, 6));
            QVERIFY(!expected.isEmpty());
            QCOMPARE(labels(AxisTicks::time(0, 1e300, 6, wallClock)), expected);
        }
    }

    void rejectsUnusableRanges()
    {
        QVERIFY(AxisTicks::linear(1, 1).isEmpty());
        QVERIFY(AxisTicks::linear(2, 1).isEmpty());
        QVERIFY(AxisTicks::linear(0, qInf()).isEmpty());
        QVERIFY(AxisTicks::linear(qQNaN(), 1).isEmpty());
        QVERIFY(AxisTicks::time(5, 5).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestAxisTicks)
#include "tst_axisticks.moc"

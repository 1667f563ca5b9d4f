// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

#include <QTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace {

// A decimal's value as LogText::decimalValue makes it: the magnitude's digits times or divided
// by a power of ten (one rounding), then the sign.
double parsedDecimal(qint64 digits, int power)
{
    const double magnitude = double(digits < 0 ? -digits : digits);
    const double scaled = power >= 0 ? magnitude / std::pow(10.0, power) : magnitude * std::pow(10.0, -power);
    return digits < 0 ? -scaled : scaled;
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestRunMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void missingIsNotALoggedNaN()
    {
        QVERIFY(RunMetrics::isMissing(RunMetrics::missing()));
        QVERIFY(!RunMetrics::isMissing(std::numeric_limits<double>::quiet_NaN()));
        QVERIFY(!RunMetrics::isMissing(std::nan("")));
        QVERIFY(!RunMetrics::isMissing(0.0 / std::numeric_limits<double>::infinity() * 0.0 + std::nan("1")));
    }

    void columnsAreDenseAndSparseValuesMissing()
    {
        RunMetrics run;
        const int p0 = run.appendPoint(10);
        run.setValue(p0, MetricNames::loss, 2.5);
        const int p1 = run.appendPoint(20);
        run.setValue(p1, MetricNames::loss, std::numeric_limits<double>::quiet_NaN());
        run.setValue(p1, MetricNames::evalLoss, 2.4);
        QCOMPARE(run.pointCount(), 2);
        QCOMPARE(run.metricNames(), (QStringList{MetricNames::loss, MetricNames::evalLoss}));
        QCOMPARE(run.value(0, MetricNames::loss), 2.5);
        QVERIFY(std::isnan(run.value(1, MetricNames::loss)));
        QVERIFY(!RunMetrics::isMissing(run.value(1, MetricNames::loss)));
        QVERIFY(RunMetrics::isMissing(run.value(0, MetricNames::evalLoss)));
        QVERIFY(RunMetrics::isMissing(run.value(0, QStringLiteral("nope"))));
        QCOMPARE(run.storedValueCount(), 3);
        QVERIFY(!run.hasWallTime());
    }

    void stepGoingBackStartsSegment()
    {
        RunMetrics run;
        for (qint64 s : {1, 2, 3, 2, 3, 4, 4})
            run.appendPoint(s);
        QCOMPARE(run.segmentStarts(), (QVector<int>{0, 3, 6}));
        QCOMPARE(run.segmentOf(0), 0);
        QCOMPARE(run.segmentOf(2), 0);
        QCOMPARE(run.segmentOf(3), 1);
        QCOMPARE(run.segmentOf(6), 2);
    }

    // Chunks appended one after the other hold what one run set point by point holds, whether a
    // column's codes (or its whole values, when every value is one) move at once (dense after
    // dense) or value by value (some whole values, gaps, a chunk whose first point continues the
    // last one).
    void appendedChunksEqualOneRun_data()
    {
        QTest::addColumn<int>("pattern");
        QTest::addRow("printed values") << 0;
        QTest::addRow("full-precision values among them") << 1;
        QTest::addRow("a metric that starts late in a chunk") << 2;
        QTest::addRow("first point continues the last") << 3;
        QTest::addRow("every value full precision (whole columns)") << 4;
        QTest::addRow("full precision from a later chunk on (a counter past 2^26)") << 5;
        QTest::addRow("full precision in the first chunks only") << 6;
        QTest::addRow("float32 values (TensorBoard)") << 7;
        QTest::addRow("printed values, then float32 values") << 8;
        QTest::addRow("float32 values, then printed values") << 9;
    }
    void appendedChunksEqualOneRun()
    {
        QFETCH(int, pattern);
        const auto fill = [pattern](RunMetrics &run, int from, int to) {
            for (int i = from; i < to; ++i) {
                const int p = run.appendPoint(i);
                const double exact = 1.0 + 1.0 / double(i + 3);
                run.setValue(p, MetricNames::loss,
                             pattern == 7 || (pattern == 8 && i >= 500) || (pattern == 9 && i < 500)
                                 ? double(float(exact))
                                 : (pattern == 1 && i % 7 == 0) || pattern == 4 || (pattern == 5 && i >= 500)
                                     || (pattern == 6 && i < 100)
                                 ? exact
                                 : QByteArray::number(exact, 'E', 6).toDouble());
                if (pattern != 2 || i % 100 >= 50)
                    run.setValue(p, MetricNames::gradNorm, double(i % 13) / 4.0);
            }
        };
        RunMetrics whole, joined;
        fill(whole, 0, 1000);
        fill(joined, 0, 100);
        for (int from = 100; from < 1000; from += 100) {
            RunMetrics chunk;
            if (pattern == 3) {
                // Its first point is the last step again, with a value for it.
                chunk.firstPointContinues = true;
                chunk.setValue(chunk.appendPoint(from - 1), MetricNames::evalLoss, from * 0.5);
                whole.setValue(from - 1, MetricNames::evalLoss, from * 0.5);
            }
            fill(chunk, from, from + 100);
            if (from % 200 == 0) {
                joined.append(chunk);
                continue;
            }
            // Every other chunk is handed over: its steps, wall times and columns are freed as
            // they are appended, here last column first (a caller may run them in any order, at
            // once).
            QVERIFY(chunk.storedValueCount() > 0);
            int jobs = 0;
            joined.append(std::move(chunk), [&jobs](int count, const std::function<void(int)> &job) {
                for (int c = count; c-- > 0; ++jobs)
                    job(c);
            });
            QCOMPARE(jobs, joined.columnCount() + 2); // and the steps, the wall times
            QCOMPARE(chunk.storedValueCount(), 0); // NOLINT(bugprone-use-after-move): what it left
            QCOMPARE(chunk.storageBytes(), size_t(0)); // NOLINT(bugprone-use-after-move): all freed
        }
        QCOMPARE(joined.pointCount(), whole.pointCount());
        QCOMPARE(joined.steps(), whole.steps());
        QCOMPARE(joined.segmentStarts(), whole.segmentStarts());
        QCOMPARE(joined.wallTimes().size(), whole.wallTimes().size());
        for (const QString &name : whole.metricNames())
            QVERIFY2(*joined.column(name) == *whole.column(name), qPrintable(name));
        QCOMPARE(joined.storedValueCount(), whole.storedValueCount());
    }

    void appendChunkKeepsValues()
    {
        RunMetrics a, chunk;
        a.setValue(a.appendPoint(1, 100.0), MetricNames::loss, 3.0);
        chunk.setValue(chunk.appendPoint(2, 101.0), MetricNames::gradNorm, 1.5);
        chunk.meta.insert(QStringLiteral("seq_length"), 4096);
        a.append(chunk);
        QCOMPARE(a.pointCount(), 2);
        QCOMPARE(a.value(1, MetricNames::gradNorm), 1.5);
        QVERIFY(RunMetrics::isMissing(a.value(1, MetricNames::loss)));
        QCOMPARE(a.wallTime(1), 101.0);
        QVERIFY(a.hasWallTime());
        QCOMPARE(a.meta.value(QStringLiteral("seq_length")).toInt(), 4096);
        QCOMPARE(a.segmentStarts().size(), 1);
    }

    void storageStaysCompact()
    {
        RunMetrics run;
        run.reserve(1000);
        for (int i = 0; i < 1000; ++i) {
            const int p = run.appendPoint(i);
            for (const QString &m :
                 {MetricNames::lmLoss, MetricNames::gradNorm, MetricNames::learningRate, MetricNames::elapsedMs})
                run.setValue(p, m, i * 0.5);
        }
        const double bytesPerValue = double(run.storageBytes()) / double(run.storedValueCount());
        QVERIFY2(bytesPerValue <= 16.0, qPrintable(QString::number(bytesPerValue)));
    }

    // A parser reserves the run from its first points and the file size: the columns logged on
    // most points so far are sized then, so they never move (copy and touch new pages) again; a
    // column logged now and then is not (it would hold room for every point).
    void reserveSizesTheDenseColumns()
    {
        RunMetrics run;
        for (int i = 0; i < 100; ++i) {
            const int p = run.appendPoint(i);
            run.setValue(p, MetricNames::lmLoss, i * 0.5);
            if (i % 50 == 0)
                run.setValue(p, MetricNames::evalLoss, i * 0.25);
        }
        run.reserve(100000);
        const size_t reserved = run.storageBytes();
        for (int i = 100; i < 100000; ++i)
            run.setValue(run.appendPoint(i), MetricNames::lmLoss, i * 0.5);
        QCOMPARE(run.storageBytes(), reserved);
        QVERIFY2(reserved < 100000 * sizeof(double) * 4, qPrintable(QStringLiteral("%1 bytes reserved").arg(reserved)));
        QCOMPARE(run.value(99999, MetricNames::lmLoss), 99999 * 0.5);
    }

    // A value is read back bit for bit whether it is stored as digits (4 bytes) or whole, in a
    // dense column, a sparse one and one that turned wide.
    void columnKeepsEveryValueExact_data()
    {
        QTest::addColumn<QByteArray>("text");
        for (const char *text : {"2.123456E+00",
                                 "3.000000E-04",
                                 "5400.0",
                                 "0.1",
                                 "-1.5",
                                 "0",
                                 "-0.0",
                                 "1e-20",
                                 "1e22",
                                 "1e30",
                                 "67108863",
                                 "67108864",
                                 "-67108863",
                                 "123456789012345678",
                                 "0.1234567890123",
                                 "2.71828182845904",
                                 "nan",
                                 "inf",
                                 "-inf",
                                 "4.9e-324",
                                 "1.7976931348623157e308",
                                 "-3.25e-310"})
            QTest::addRow("%s", text) << QByteArray(text);
    }
    void columnKeepsEveryValueExact()
    {
        QFETCH(QByteArray, text);
        const double value = std::strtod(text.constData(), nullptr);
        const auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
        MetricColumn dense, sparse, wide;
        for (size_t p = 0; p < 3; ++p)
            dense.set(p, p == 1 ? value : 0.5);
        sparse.set(0, 0.5);
        sparse.set(5000, value);
        for (size_t p = 0; p < 200; ++p)
            wide.set(p, p == 100 ? value : 1.0 / double(p + 3));
        QVERIFY2(same(dense[1], value), qPrintable(QString::number(dense[1], 'g', 17)));
        QVERIFY2(same(sparse[5000], value), qPrintable(QString::number(sparse[5000], 'g', 17)));
        QVERIFY2(same(wide[100], value), qPrintable(QString::number(wide[100], 'g', 17)));
        QVERIFY(same(wide[99], 1.0 / 102.0));
        QCOMPARE(dense.valueCount(), 3);
        QVERIFY(MetricColumn::isMissing(sparse[4999]));
    }

    // What a trainer prints (%.6E, %.4f) takes 4 bytes a value; full-precision doubles take 8,
    // never more; a few of them among printed values cost only themselves.
    void columnStorageFollowsTheDigits_data()
    {
        QTest::addColumn<int>("everyNthWhole");
        QTest::addColumn<double>("maxBytesPerValue");
        QTest::addRow("printed values") << 0 << 4.3;
        QTest::addRow("one in ten full precision") << 10 << 5.3;
        QTest::addRow("all full precision") << 1 << 8.6;
    }
    void columnStorageFollowsTheDigits()
    {
        QFETCH(int, everyNthWhole);
        QFETCH(double, maxBytesPerValue);
        MetricColumn column;
        std::vector<double> values;
        for (int p = 0; p < 20000; ++p) {
            const double exact = 2.0 + 8.0 * std::exp(-p / 2000.0);
            const double v = everyNthWhole > 0 && p % everyNthWhole == 0
                ? exact
                : QByteArray::number(exact, 'E', p % 2 ? 6 : 3).toDouble();
            values.push_back(v);
            column.set(size_t(p), v);
        }
        column.squeeze();
        const double perValue = double(column.storageBytes()) / double(column.valueCount());
        QVERIFY2(perValue <= maxBytesPerValue, qPrintable(QString::number(perValue)));
        for (int p = 0; p < 20000; ++p)
            QCOMPARE(column[size_t(p)], values[size_t(p)]);
    }

    // TensorBoard's scalars are float32: a column of them takes 4 bytes a value (a float each), read
    // back bit for bit, also -0, inf and NaN; one value that is no float makes every value a double
    // again, still exact. Chunks of such a column join into the same column.
    void floatValuesTakeFourBytes_data()
    {
        QTest::addColumn<int>("doubleAt");
        QTest::addColumn<double>("maxBytesPerValue");
        QTest::addRow("floats only") << -1 << 4.3;
        QTest::addRow("a double among them") << 12345 << 8.6;
        QTest::addRow("a double among the first values") << 10 << 8.6;
    }
    void floatValuesTakeFourBytes()
    {
        QFETCH(int, doubleAt);
        QFETCH(double, maxBytesPerValue);
        const auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
        constexpr int points = 20000;
        std::vector<double> values;
        for (int p = 0; p < points; ++p) {
            const double v = p == doubleAt ? 1.0 / 3.0
                : p % 1000 == 7            ? -0.0
                : p % 1000 == 8            ? double(std::numeric_limits<float>::infinity())
                : p % 1000 == 9            ? double(std::numeric_limits<float>::quiet_NaN())
                                           : double(float(2.0 + 8.0 * std::exp(-p / 2000.0)));
            values.push_back(v);
        }
        MetricColumn column, joined;
        for (int p = 0; p < points; ++p)
            column.set(size_t(p), values[size_t(p)]);
        for (int from = 0; from < points; from += 5000) {
            MetricColumn chunk;
            for (int p = from; p < from + 5000; ++p)
                chunk.set(size_t(p - from), values[size_t(p)]);
            joined.append(chunk, size_t(from), 0);
        }
        column.squeeze();
        const double perValue = double(column.storageBytes()) / double(column.valueCount());
        QVERIFY2(perValue <= maxBytesPerValue, qPrintable(QString::number(perValue)));
        for (int p = 0; p < points; ++p)
            QVERIFY2(same(column[size_t(p)], values[size_t(p)]), qPrintable(QString::number(p)));
        QVERIFY(joined == column);
        joined.squeeze();
        QVERIFY(joined.storageBytes() <= column.storageBytes() + column.storageBytes() / 8);
    }

    // The quadratic case and its relatives: storage follows the values logged, never
    // points x metric names (a dense column per name cost 1.6 GB for a 408 KB JSONL).
    void storageFollowsTheValues_data()
    {
        QTest::addColumn<int>("pattern");
        QTest::addColumn<int>("points");
        QTest::addRow("a new name on every point") << 0 << 20000;
        QTest::addRow("a metric every 1000th point") << 1 << 200000;
        QTest::addRow("names logged on the first and the last point") << 2 << 200000;
    }
    void storageFollowsTheValues()
    {
        QFETCH(int, pattern);
        QFETCH(int, points);
        RunMetrics run;
        int refused = 0;
        for (int i = 0; i < points; ++i) {
            const int p = run.appendPoint(i);
            run.setValue(p, MetricNames::loss, i);
            if (pattern == 0)
                refused += !run.setValue(p, QStringLiteral("m%1").arg(i), i);
            else if (pattern == 1 && i % 1000 == 0)
                run.setValue(p, MetricNames::evalLoss, i);
            else if (pattern == 2 && (i < 1000 || i == points - 1))
                for (int k = 0; k < (i < 1000 ? 1 : 1000); ++k)
                    run.setValue(p, QStringLiteral("m%1").arg(i < 1000 ? i : k), i);
        }
        run.squeeze();
        // 16 bytes a point (step, wall time), at most 16 a value (8 where dense, 12 sparse, slack).
        const qint64 bound = 16 * qint64(points) + 16 * run.storedValueCount() + 64 * run.columnCount();
        QVERIFY2(
            qint64(run.storageBytes()) <= bound,
            qPrintable(QStringLiteral("%1 bytes for %2 values").arg(run.storageBytes()).arg(run.storedValueCount())));
        QCOMPARE(run.value(points - 1, MetricNames::loss), points - 1);
        if (pattern == 0) {
            QCOMPARE(run.columnCount(), RunMetrics::maxMetricNames);
            QCOMPARE(refused, points - (RunMetrics::maxMetricNames - 1));
            QCOMPARE(run.value(500, QStringLiteral("m500")), 500.0);
            QVERIFY(RunMetrics::isMissing(run.value(501, QStringLiteral("m500"))));
            QVERIFY(RunMetrics::isMissing(run.value(499, QStringLiteral("m500"))));
            QVERIFY(!run.hasMetric(QStringLiteral("m%1").arg(RunMetrics::maxMetricNames)));
        } else if (pattern == 1) {
            QCOMPARE(run.value(5000, MetricNames::evalLoss), 5000.0);
            QVERIFY(RunMetrics::isMissing(run.value(5001, MetricNames::evalLoss)));
            QCOMPARE(run.column(MetricNames::evalLoss)->valueCount(), points / 1000);
        } else {
            QCOMPARE(run.value(7, QStringLiteral("m7")), 7.0);
            QCOMPARE(run.value(points - 1, QStringLiteral("m7")), points - 1);
            QVERIFY(RunMetrics::isMissing(run.value(8, QStringLiteral("m7"))));
        }
    }

    // A parser that read a decimal's digits stores the value by their code (no encoding): the
    // value reads back bit for bit, the same as one stored without the code, as long as the
    // digits fit 26 bits and the power the 31 slots; beyond that there is no code.
    void codeOfDecimalStoresTheParsedValue_data()
    {
        QTest::addColumn<qint64>("digits");
        QTest::addColumn<int>("power");
        QTest::addColumn<bool>("fits");
        QTest::addRow("printed loss 1.000996E+01") << qint64(1000996) << 5 << true;
        QTest::addRow("learning rate 3.000000E-07") << qint64(3000000) << 13 << true;
        QTest::addRow("negative -1.5") << qint64(-15) << 1 << true;
        QTest::addRow("zero") << qint64(0) << 0 << true;
        QTest::addRow("zero with decimals 0.000") << qint64(0) << 3 << true;
        QTest::addRow("8 significant digits") << qint64(12345678) << 4 << true;
        QTest::addRow("largest digits") << qint64(67108863) << 0 << true;
        QTest::addRow("largest negative digits") << qint64(-67108863) << 3 << true;
        QTest::addRow("digits over 26 bits") << qint64(67108864) << 0 << false;
        QTest::addRow("negative digits over 26 bits") << qint64(-67108864) << 2 << false;
        QTest::addRow("power 22, the last slot") << qint64(5) << 22 << true;
        QTest::addRow("power 23") << qint64(5) << 23 << false;
        QTest::addRow("power -8, the first slot (3e8)") << qint64(3) << -8 << true;
        QTest::addRow("power -9") << qint64(3) << -9 << false;
    }
    void codeOfDecimalStoresTheParsedValue()
    {
        QFETCH(qint64, digits);
        QFETCH(int, power);
        QFETCH(bool, fits);
        const quint32 code = MetricColumn::codeOfDecimal(digits, power);
        QCOMPARE(code != MetricColumn::noCode, fits);
        if (!fits)
            return;
        const double value = parsedDecimal(digits, power);
        MetricColumn coded, encoded;
        for (size_t p = 0; p < 3; ++p) {
            if (p == 1)
                coded.setCode(p, code);
            else
                coded.set(p, 0.5);
            encoded.set(p, p == 1 ? value : 0.5);
        }
        QVERIFY2(sameBits(coded[1], value), qPrintable(QString::number(coded[1], 'g', 17)));
        QVERIFY(sameBits(MetricColumn::valueOfCode(code), value));
        QVERIFY(coded == encoded);
        // Never more: encode() finds no code for some of them (-67108.863 fits 26 bits only as
        // read, not at the power encode() picks) and keeps those whole.
        QVERIFY(coded.storageBytes() <= encoded.storageBytes());
    }
    // The same over many printed values, signs and powers: every one reads back bit for bit.
    void codeOfDecimalReadsBackEveryValue()
    {
        MetricColumn column;
        std::vector<double> values;
        quint64 state = 12345;
        for (int i = 0; i < 200000; ++i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            const qint64 magnitude = qint64((state >> 20) % 67108864);
            const qint64 digits = (state >> 63) ? -magnitude : magnitude;
            const int power = int((state >> 8) % 31) - 8;
            const double value = parsedDecimal(digits, power);
            values.push_back(value);
            column.setCode(size_t(i), MetricColumn::codeOfDecimal(digits, power));
        }
        for (size_t i = 0; i < values.size(); ++i)
            QVERIFY2(sameBits(column[i], values[i]), qPrintable(QString::number(values[i], 'g', 17)));
        column.squeeze();
        QCOMPARE(column.storageBytes(), values.size() * sizeof(quint32));
    }

    // A column fills its span while that stays mostly values, else keeps values with their points;
    // every write order reads back the same.
    void columnWritesInAnyOrder()
    {
        MetricColumn c;
        QVERIFY(RunMetrics::isMissing(c[0]));
        c.set(10, 1.0);
        c.set(11, 2.0);
        c.set(8, 0.5); // before the span: filled
        QCOMPARE(c[8], 0.5);
        QVERIFY(RunMetrics::isMissing(c[9]));
        c.set(5000, 3.0); // far after: values with points
        c.set(9, 0.75); // into the middle
        c.set(11, 2.5); // replaced
        c.set(3, 0.25); // before everything
        const std::vector<std::pair<size_t, double>> expected{{3, 0.25}, {8, 0.5},  {9, 0.75},
                                                              {10, 1.0}, {11, 2.5}, {5000, 3.0}};
        std::vector<std::pair<size_t, double>> got;
        c.forEachValue([&](size_t p, double v) { got.emplace_back(p, v); });
        QCOMPARE(got, expected);
        QCOMPARE(c.valueCount(), 6);
        QCOMPARE(c.lastValue(), 3.0);
        QVERIFY(RunMetrics::isMissing(c[4]) && RunMetrics::isMissing(c[4999]) && RunMetrics::isMissing(c[5001]));
        MetricColumn dense;
        for (const auto &[p, v] : expected)
            dense.set(p, v);
        QVERIFY(c == dense);
        dense.set(7, 9.0);
        QVERIFY(c != dense);
    }

    void appendKeepsSparseValuesAndTheNameLimit()
    {
        RunMetrics a, chunk;
        for (int i = 0; i < 3000; ++i)
            a.setValue(a.appendPoint(i), MetricNames::loss, i);
        a.setValue(2999, MetricNames::evalLoss, 1.0);
        chunk.setValue(chunk.appendPoint(2999), MetricNames::gradNorm, 0.5); // continues a's last point
        chunk.firstPointContinues = true;
        for (int i = 3000; i < 6000; ++i)
            chunk.setValue(chunk.appendPoint(i), MetricNames::loss, i);
        chunk.setValue(chunk.pointCount() - 1, MetricNames::evalLoss, 2.0);
        QCOMPARE(a.append(chunk), 0);
        QCOMPARE(a.pointCount(), 6000);
        QCOMPARE(a.value(2999, MetricNames::gradNorm), 0.5);
        QCOMPARE(a.value(2999, MetricNames::evalLoss), 1.0);
        QCOMPARE(a.value(5999, MetricNames::evalLoss), 2.0);
        QCOMPARE(a.value(4000, MetricNames::loss), 4000.0);
        QVERIFY(RunMetrics::isMissing(a.value(4000, MetricNames::evalLoss)));

        RunMetrics full, more;
        for (int i = 0; i < RunMetrics::maxMetricNames; ++i)
            QVERIFY(full.ensureColumn(QStringLiteral("m%1").arg(i)) >= 0);
        QCOMPARE(full.ensureColumn(QStringLiteral("one more")), -1);
        QCOMPARE(full.ensureColumn(QStringLiteral("m7")), 7);
        more.setValue(more.appendPoint(1), QStringLiteral("m7"), 1.0);
        more.setValue(0, QStringLiteral("one more"), 2.0);
        QCOMPARE(full.append(more), 1);
        QCOMPARE(full.value(0, QStringLiteral("m7")), 1.0);
        QVERIFY(!full.hasMetric(QStringLiteral("one more")));
    }

    void primaryLossPrefersLmLoss()
    {
        QCOMPARE(MetricNames::primaryLoss({MetricNames::loss, MetricNames::lmLoss}), MetricNames::lmLoss);
        QCOMPARE(MetricNames::primaryLoss({MetricNames::loss}), MetricNames::loss);
        QVERIFY(MetricNames::primaryLoss({MetricNames::gradNorm}).isEmpty());
        QCOMPARE(MetricNames::normalise(QStringLiteral(" Load Balancing-Loss ")),
                 QStringLiteral("load_balancing_loss"));
    }
};

QTEST_GUILESS_MAIN(TestRunMetrics)
#include "tst_runmetrics.moc"

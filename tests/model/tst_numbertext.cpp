// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/io/csvtext.h"
#include "core/base/model/numbertext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace {

// What QJsonDocument writes for one value, brackets of the one-element array cut.
QByteArray qtJson(double v)
{
    const QByteArray a = QJsonDocument(QJsonArray{QJsonValue(v)}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

QByteArray shortest(double v)
{
    QByteArray out;
    NumberText::appendShortest(out, v);
    return out;
}

QByteArray fixed6(double v)
{
    QByteArray out;
    NumberText::appendFixed(out, v, 6);
    return out;
}

QByteArray json(double v)
{
    QByteArray out;
    NumberText::appendJson(out, v);
    return out;
}

} // namespace

class TestNumberText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The write functions fill a row's room without a bound check per value: the longest texts
    // must stay within maxNumberChars and be what the append functions write.
    void writeStaysWithinMaxNumberChars_data()
    {
        QTest::addColumn<double>("value");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("longest exponent form") << -1.2345678901234567e-308;
        QTest::newRow("smallest subnormal") << -std::numeric_limits<double>::denorm_min();
        QTest::newRow("largest") << -std::numeric_limits<double>::max();
        QTest::newRow("decimal as long as the exponent form") << -0.00012345678901234567;
        QTest::newRow("-Infinity") << -inf;
        QTest::newRow("NaN") << std::nan("");
        QTest::newRow("whole, 2^53") << -9007199254740992.0;
    }
    void writeStaysWithinMaxNumberChars()
    {
        QFETCH(double, value);
        using WriteFn = char *(*)(char *, double);
        using AppendFn = void (*)(QByteArray &, double);
        const std::pair<WriteFn, AppendFn> forms[] = {{NumberText::writeShortest, NumberText::appendShortest},
                                                      {NumberText::writeJson, NumberText::appendJson},
                                                      {CsvText::writeNumber, CsvText::appendNumber}};
        for (const auto &[write, append] : forms) {
            char room[2 * NumberText::maxNumberChars];
            std::memset(room, '#', sizeof room);
            char *end = write(room, value);
            QVERIFY(end - room <= NumberText::maxNumberChars);
            QVERIFY(std::all_of(end, room + sizeof room, [](char c) { return c == '#'; }));
            QByteArray appended;
            append(appended, value);
            QCOMPARE(QByteArray(room, end - room), appended);
        }
        char room[NumberText::maxNumberChars];
        const qint64 lowest = std::numeric_limits<qint64>::min();
        QCOMPARE(QByteArray(room, NumberText::writeInteger(room, lowest) - room), QByteArray::number(lowest));
    }

    void knownText_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("shortest");
        QTest::addColumn<QByteArray>("json");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("whole") << 3.0 << QByteArray("3") << QByteArray("3");
        QTest::newRow("exponent shorter") << 256000000.0 << QByteArray("2.56e+08") << QByteArray("256000000");
        QTest::newRow("tie is decimal") << 0.001 << QByteArray("0.001") << QByteArray("0.001");
        QTest::newRow("small") << 1e-4 << QByteArray("1e-04") << QByteArray("1e-04");
        QTest::newRow("lr") << 1.7250000000000002e-06 << QByteArray("1.7250000000000002e-06")
                            << QByteArray("1.7250000000000002e-06");
        QTest::newRow("beyond 2^53") << 1e16 << QByteArray("1e+16") << QByteArray("1e+16");
        QTest::newRow("large decimal") << 123456789012345678.0 << QByteArray("123456789012345680")
                                       << QByteArray("123456789012345680");
        QTest::newRow("negative zero") << -0.0 << QByteArray("0") << QByteArray("0");
        QTest::newRow("nan") << std::nan("") << QByteArray("NaN") << QByteArray("\"NaN\"");
        QTest::newRow("inf") << inf << QByteArray("Infinity") << QByteArray("\"Infinity\"");
        QTest::newRow("-inf") << -inf << QByteArray("-Infinity") << QByteArray("\"-Infinity\"");
    }

    void knownText()
    {
        QFETCH(double, value);
        QFETCH(QByteArray, shortest);
        QFETCH(QByteArray, json);
        QCOMPARE(::shortest(value), shortest);
        QCOMPARE(::json(value), json);
    }

    // Every CSV PortBench writes: RFC 4180 text cells, shortest round-trip numbers.
    void csvCells_data()
    {
        QTest::addColumn<QStringList>("cells");
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("row");
        QTest::newRow("plain") << QStringList{QStringLiteral("loss")} << 0.1 << QByteArray("loss,0.1\n");
        QTest::newRow("comma") << QStringList{QStringLiteral("run, 2")} << 1e-4 << QByteArray("\"run, 2\",1e-04\n");
        QTest::newRow("quote") << QStringList{QStringLiteral("a \"b\"")} << 3.0 << QByteArray("\"a \"\"b\"\"\",3\n");
        QTest::newRow("line break, nan") << QStringList{QStringLiteral("x\ny")} << std::nan("")
                                         << QByteArray("\"x\ny\",NaN\n");
        QTest::newRow("unicode, -inf") << QStringList{QStringLiteral("损失")}
                                       << -std::numeric_limits<double>::infinity() << QByteArray("损失,-Infinity\n");
    }

    void csvCells()
    {
        QFETCH(QStringList, cells);
        QFETCH(double, value);
        QFETCH(QByteArray, row);
        QByteArray out;
        CsvText::appendField(out, cells.first());
        out += ',';
        CsvText::appendNumber(out, value);
        out += '\n';
        QCOMPARE(out, row);
        QByteArray viaRow;
        CsvText::appendRow(viaRow, {cells.first(), QString::fromLatin1(row.mid(row.lastIndexOf(',') + 1).chopped(1))});
        QCOMPARE(viaRow, row);
    }

    // Qt's own formatting is the reference: every kind of double, from a fixed seed.
    void sameTextAsQt_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("any bit pattern") << 0;
        QTest::newRow("few digits, any exponent") << 1;
        QTest::newRow("whole numbers") << 2;
        QTest::newRow("decimals") << 3;
        QTest::newRow("binary fractions (rounding ties)") << 4;
    }

    void sameTextAsQt()
    {
        QFETCH(int, kind);
        QRandomGenerator random(20240406u + quint32(kind));
        for (int i = 0; i < 50000; ++i) {
            double v = 0;
            switch (kind) {
            case 0: {
                const quint64 bits = random.generate64();
                std::memcpy(&v, &bits, sizeof v);
                break;
            }
            case 1: v = double(random.bounded(1000000)) * std::pow(10.0, int(random.bounded(60)) - 30); break;
            case 2: v = double(qint64(random.generate64() >> random.bounded(64))) * (random.bounded(2) ? 1 : -1); break;
            case 3: v = double(random.bounded(100000000)) / std::pow(10.0, int(random.bounded(12))); break;
            default: v = double(random.bounded(1 << 30)) / 1024.0 / 1024.0; break;
            }
            // Non-finite values are spelled PortBench's way (knownText), not Qt's.
            if (std::isfinite(v)) {
                const QByteArray expectedShortest = QByteArray::number(v, 'g', QLocale::FloatingPointShortest);
                QVERIFY2(shortest(v) == expectedShortest, qPrintable(QString::number(v, 'g', 17)));
                QVERIFY2(json(v) == qtJson(v), qPrintable(QString::number(v, 'g', 17)));
                QVERIFY2(fixed6(v) == QByteArray::number(v, 'f', 6), qPrintable(QString::number(v, 'g', 17)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestNumberText)
#include "tst_numbertext.moc"

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/base/model/durationtext.h"

#include <QTest>

#include <limits>

/// One clock for every elapsed time (Runs dock, reports, elapsed-time axes).
class TestDurationText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void clock_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<bool>("withHours");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << false << QStringLiteral("0:00");
        QTest::newRow("seconds") << qint64(7) << false << QStringLiteral("0:07");
        QTest::newRow("minutes") << qint64(754) << false << QStringLiteral("12:34");
        QTest::newRow("just under an hour") << qint64(3599) << false << QStringLiteral("59:59");
        QTest::newRow("an hour") << qint64(3600) << false << QStringLiteral("1:00:00");
        QTest::newRow("days stay hours") << qint64(2 * 86400 + 61) << false << QStringLiteral("48:01:01");
        QTest::newRow("hours asked for") << qint64(65) << true << QStringLiteral("0:01:05");
        QTest::newRow("negative") << qint64(-65) << false << QStringLiteral("-1:05");
        QTest::newRow("smallest qint64") << std::numeric_limits<qint64>::min() << false
                                         << QStringLiteral("-2562047788015215:30:08");
    }
    void clock()
    {
        QFETCH(qint64, seconds);
        QFETCH(bool, withHours);
        QFETCH(QString, text);
        QCOMPARE(DurationText::clock(seconds, withHours), text);
    }
};

QTEST_GUILESS_MAIN(TestDurationText)
#include "tst_durationtext.moc"

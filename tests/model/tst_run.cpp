#include "model/metricnames.h"
#include "model/run.h"

#include <QTest>

#include <cmath>
#include <limits>

class TestRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void missingIsNotALoggedNaN()
    {
        QVERIFY(Run::isMissing(Run::missing()));
        QVERIFY(!Run::isMissing(std::numeric_limits<double>::quiet_NaN()));
        QVERIFY(!Run::isMissing(std::nan("")));
        QVERIFY(!Run::isMissing(0.0 / std::numeric_limits<double>::infinity() * 0.0 + std::nan("1")));
    }

    void columnsAreDenseAndSparseValuesMissing()
    {
        Run run;
        const int p0 = run.appendPoint(10);
        run.setValue(p0, MetricNames::loss, 2.5);
        const int p1 = run.appendPoint(20);
        run.setValue(p1, MetricNames::loss, std::numeric_limits<double>::quiet_NaN());
        run.setValue(p1, MetricNames::evalLoss, 2.4);
        QCOMPARE(run.pointCount(), 2);
        QCOMPARE(run.metricNames(), (QStringList{MetricNames::loss, MetricNames::evalLoss}));
        QCOMPARE(run.value(0, MetricNames::loss), 2.5);
        QVERIFY(std::isnan(run.value(1, MetricNames::loss)));
        QVERIFY(!Run::isMissing(run.value(1, MetricNames::loss)));
        QVERIFY(Run::isMissing(run.value(0, MetricNames::evalLoss)));
        QVERIFY(Run::isMissing(run.value(0, QStringLiteral("nope"))));
        QCOMPARE(run.storedValueCount(), 3);
        QVERIFY(!run.hasWallTime());
    }

    void stepGoingBackStartsSegment()
    {
        Run run;
        for (qint64 s : {1, 2, 3, 2, 3, 4, 4})
            run.appendPoint(s);
        QCOMPARE(run.segmentStarts(), (QVector<int>{0, 3, 6}));
        QCOMPARE(run.segmentOf(0), 0);
        QCOMPARE(run.segmentOf(2), 0);
        QCOMPARE(run.segmentOf(3), 1);
        QCOMPARE(run.segmentOf(6), 2);
    }

    void appendChunkKeepsValues()
    {
        Run a, chunk;
        a.setValue(a.appendPoint(1, 100.0), MetricNames::loss, 3.0);
        chunk.setValue(chunk.appendPoint(2, 101.0), MetricNames::gradNorm, 1.5);
        chunk.meta.insert(QStringLiteral("seq_length"), 4096);
        a.append(chunk);
        QCOMPARE(a.pointCount(), 2);
        QCOMPARE(a.value(1, MetricNames::gradNorm), 1.5);
        QVERIFY(Run::isMissing(a.value(1, MetricNames::loss)));
        QCOMPARE(a.wallTime(1), 101.0);
        QVERIFY(a.hasWallTime());
        QCOMPARE(a.meta.value(QStringLiteral("seq_length")).toInt(), 4096);
        QCOMPARE(a.segmentStarts().size(), 1);
    }

    void storageStaysCompact()
    {
        Run run;
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

    void primaryLossPrefersLmLoss()
    {
        QCOMPARE(MetricNames::primaryLoss({MetricNames::loss, MetricNames::lmLoss}), MetricNames::lmLoss);
        QCOMPARE(MetricNames::primaryLoss({MetricNames::loss}), MetricNames::loss);
        QVERIFY(MetricNames::primaryLoss({MetricNames::gradNorm}).isEmpty());
        QCOMPARE(MetricNames::normalise(QStringLiteral(" Load Balancing-Loss ")),
                 QStringLiteral("load_balancing_loss"));
    }
};

QTEST_GUILESS_MAIN(TestRun)
#include "tst_run.moc"

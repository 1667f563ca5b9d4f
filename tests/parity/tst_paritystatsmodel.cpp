// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritytestruns.h"

#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/paritystatsmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace ParityTestRuns;

class TestParityStatsModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsEveryCandidate()
    {
        ParityStatsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 0);

        const RunMetrics a = make(QStringLiteral("cuda"), 1, 1000, 1);
        const RunMetrics good = make(QStringLiteral("npu"), 1, 1000, 1);
        const RunMetrics bad = make(QStringLiteral("musa"), 1, 1000, 1, [](qint64 s) { return s >= 400 ? 1.1 : 1.0; });
        model.setResult(ParityEngine(ParityOptions()).compare(a, {&good, &bad}));
        QCOMPARE(model.columnCount(), 2);
        QVERIFY(model.rowCount() > 10);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("musa"));

        const int verdict = model.rowOf(QStringLiteral("verdict"));
        QCOMPARE(model.index(verdict, 0).data().toString(), QStringLiteral("PASS"));
        QCOMPARE(model.index(verdict, 1).data().toString(), QStringLiteral("FAIL"));

        const QModelIndex div = model.index(model.rowOf(QStringLiteral("firstDivergenceStep")), 1);
        QCOMPARE(div.data().toString(), QStringLiteral("400"));
        QCOMPARE(div.data(ParityStatsModel::StepRole).toLongLong(), 400);
        QCOMPARE(div.data(ParityStatsModel::SeverityRole).toInt(), int(ParityResult::Verdict::Fail));
        QCOMPARE(model.index(model.rowOf(QStringLiteral("firstDivergenceStep")), 0).data().toString(),
                 QStringLiteral("—"));

        const QModelIndex within = model.index(model.rowOf(QStringLiteral("withinShare")), 1);
        QCOMPARE(within.data(ParityStatsModel::RawValueRole).toDouble(), 0.399);
        QVERIFY(within.data(Qt::ToolTipRole).toString().contains(QStringLiteral("absTol")));
        QCOMPARE(within.data(ParityStatsModel::KeyRole).toString(), QStringLiteral("withinShare"));
        QVERIFY(!model.headerData(model.rowOf(QStringLiteral("meanRel")), Qt::Vertical, Qt::ToolTipRole)
                     .toString()
                     .isEmpty());
        QCOMPARE(model.rowOf(QStringLiteral("nope")), -1);

        model.setResult(ParityResult());
        QCOMPARE(model.columnCount(), 0);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestParityStatsModel)
#include "tst_paritystatsmodel.moc"

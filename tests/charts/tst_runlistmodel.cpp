#include "runs/runlistmodel.h"
#include "model/metricnames.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

namespace {
Run makeRun(const QString &name, int points)
{
    Run r;
    r.name = name;
    r.sourcePath = QStringLiteral("/logs/") + name + QStringLiteral(".log");
    r.format = QStringLiteral("megatron");
    for (int i = 0; i < points; ++i)
        r.setValue(r.appendPoint(i + 1), MetricNames::lmLoss, 10.0 - i);
    return r;
}
} // namespace

class TestRunListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsColumnsAndEdits()
    {
        RunListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy presentation(&model, &RunListModel::runPresentationChanged);
        QSignalSpy points(&model, &RunListModel::runPointsChanged);
        const int a = model.addRun(makeRun(QStringLiteral("a"), 3));
        const int b = model.addRun(makeRun(QStringLiteral("b"), 5), true);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, RunListModel::Points).data().toInt(), 5);
        QCOMPARE(model.index(1, RunListModel::LastStep).data().toLongLong(), 5);
        QCOMPARE(model.index(1, RunListModel::LastLoss).data().toString(), QStringLiteral("6"));
        QCOMPARE(model.index(1, RunListModel::State).data().toString(), QStringLiteral("live"));
        QCOMPARE(model.index(0, RunListModel::Format).data().toString(), QStringLiteral("megatron"));
        QCOMPARE(model.idForPath(QStringLiteral("/logs/b.log")), b);

        QVERIFY(model.setData(model.index(0, RunListModel::Name), QStringLiteral("  cuda baseline ")));
        QCOMPARE(model.run(a)->name, QStringLiteral("cuda baseline"));
        QVERIFY(!model.setData(model.index(0, RunListModel::Name), QStringLiteral("   ")));
        QVERIFY(model.setData(model.index(1, RunListModel::StepOffset), 250));
        QCOMPARE(model.stepOffset(b), 250);
        QCOMPARE(presentation.size(), 2);
        QVERIFY(!(model.flags(model.index(0, RunListModel::Points)) & Qt::ItemIsEditable));

        model.appendPoints(b, makeRun(QStringLiteral("b"), 2));
        QCOMPARE(model.run(b)->pointCount(), 7);
        QCOMPARE(points.size(), 1);
        QCOMPARE(points.first().at(1).toInt(), 5);
    }

    // The Runs dock shows the reader's warnings: a role for the warning sign, the list in the tooltip.
    void readWarningsAreShown()
    {
        RunListModel model;
        Run warned = makeRun(QStringLiteral("w"), 2);
        warned.readWarnings << QStringLiteral("3 lines look like metric lines but were not read (first: line 40 ...)");
        model.addRun(makeRun(QStringLiteral("clean"), 2));
        model.addRun(warned);
        QVERIFY(model.index(0, RunListModel::Name).data(RunListModel::ReadWarningsRole).toStringList().isEmpty());
        QCOMPARE(model.index(0, RunListModel::Name).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("/logs/clean.log"));
        QCOMPARE(model.index(1, RunListModel::Name).data(RunListModel::ReadWarningsRole).toStringList(),
                 warned.readWarnings);
        const QString tip = model.index(1, RunListModel::Name).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QLatin1String("/logs/w.log")) && tip.contains(QLatin1String("line 40")),
                 qPrintable(tip));
    }

    void coloursAreStableAcrossRemoval()
    {
        RunListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int a = model.addRun(makeRun(QStringLiteral("a"), 1));
        const int b = model.addRun(makeRun(QStringLiteral("b"), 1));
        const int c = model.addRun(makeRun(QStringLiteral("c"), 1));
        const quint32 colourB = model.color(b), colourC = model.color(c);
        QVERIFY(model.color(a) != colourB && colourB != colourC);
        model.removeRun(a);
        QCOMPARE(model.color(b), colourB);
        QCOMPARE(model.color(c), colourC);
        // A new run takes the freed colour, not one in use.
        const int d = model.addRun(makeRun(QStringLiteral("d"), 1));
        QCOMPARE(model.color(d), RunListModel::paletteColor(0));
        QVERIFY(d != a);
        QCOMPARE(model.rowOf(a), -1);
        QCOMPARE(model.run(a), nullptr);
    }
};

QTEST_GUILESS_MAIN(TestRunListModel)
#include "tst_runlistmodel.moc"

#include "paritytestruns.h"

#include "charts/curvechart.h"
#include "charts/runlistmodel.h"
#include "parity/paritypanel.h"
#include "parity/paritystatsmodel.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace ParityTestRuns;

class TestParityPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void comparesOffTheGuiThreadAndJumps()
    {
        RunListModel runs;
        ParityPanel panel(runs);
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 1000, 1));
        const int npu = runs.addRun(make(QStringLiteral("npu"), 1, 1000, 1, noise(0.005, 1)));
        const int musa
            = runs.addRun(make(QStringLiteral("musa"), 1, 1000, 1, [](qint64 s) { return s >= 600 ? 1.08 : 1.0; }));

        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {npu, musa});
        QVERIFY(ready.wait(10000));
        QVERIFY(panel.result());
        QCOMPARE(panel.result().candidates.size(), 2);
        QCOMPARE(panel.result().candidates.at(0).verdict, ParityResult::Verdict::Pass);
        QCOMPARE(panel.result().verdict, ParityResult::Verdict::Fail);
        QCOMPARE(panel.statsModel()->columnCount(), 2);

        const auto badge = panel.findChildren<QLabel *>();
        QVERIFY(std::any_of(badge.cbegin(), badge.cend(), [](QLabel *l) { return l->text() == QLatin1String("FAIL"); }));
        auto reasons = panel.findChild<QTreeWidget *>();
        QVERIFY(reasons);
        QCOMPARE(reasons->topLevelItemCount(), 2);
        QCOMPARE(reasons->topLevelItem(1)->text(1), QStringLiteral("musa"));

        // Overlay: baseline + both candidates; difference: one curve per candidate inside a band.
        QCOMPARE(panel.overlayChart()->curves().size(), 3);
        QCOMPARE(panel.overlayChart()->curves().first().id, QStringLiteral("baseline"));
        QCOMPARE(panel.differenceChart()->curves().size(), 2);
        QCOMPARE(panel.differenceChart()->curves().at(1).y.at(799), make(QString(), 800, 800, 1).value(0, MetricNames::lmLoss) * 0.08);
        panel.setRelativeDifference(true);
        QVERIFY(std::abs(panel.differenceChart()->curves().at(1).y.at(799) - 0.08) < 1e-12);

        QSignalSpy jump(&panel, &ParityPanel::jumpToStep);
        panel.jumpToFirstDivergence();
        QCOMPARE(jump.count(), 1);
        QCOMPARE(jump.first().first().toLongLong(), 600);
        const QRectF view = panel.differenceChart()->view();
        QVERIFY2(view.left() < 600 && view.right() > 600 && view.width() < 200,
                 qPrintable(QStringLiteral("%1..%2").arg(view.left()).arg(view.right())));

        // Step offsets set in the Runs dock apply.
        runs.setStepOffset(npu, 1000);
        panel.select(cuda, {npu});
        QVERIFY(ready.wait(10000));
        QVERIFY(!panel.result());
        QVERIFY(panel.result().error.contains(QStringLiteral("no step in common")));
    }

    void latestRequestWins()
    {
        RunListModel runs;
        ParityPanel panel(runs);
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 20000, 1));
        const int npu = runs.addRun(make(QStringLiteral("npu"), 1, 20000, 1));
        const int musa = runs.addRun(make(QStringLiteral("musa"), 1, 20000, 1, [](qint64) { return 1.5; }));
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {musa});
        panel.select(cuda, {npu});
        QVERIFY(ready.wait(10000));
        QTest::qWait(200); // a stale result arriving late must not replace the newer one
        QCOMPARE(ready.count(), 1);
        QCOMPARE(panel.result().candidates.at(0).name, QStringLiteral("npu"));
    }

    void nothingLoadedSaysSo()
    {
        RunListModel runs;
        ParityPanel panel(runs);
        QSignalSpy messages(&panel, &ParityPanel::message);
        panel.compare();
        QCOMPARE(messages.count(), 1);
        const int only = runs.addRun(make(QStringLiteral("cuda"), 1, 10, 1));
        panel.select(only, {});
        QCOMPARE(messages.count(), 2);
        QVERIFY(messages.last().first().toString().contains(QStringLiteral("candidate")));
    }
};

QTEST_MAIN(TestParityPanel)
#include "tst_paritypanel.moc"

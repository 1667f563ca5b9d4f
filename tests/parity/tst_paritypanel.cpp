#include "paritytestruns.h"

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
        ParityPanel panel;
        panel.addRun(std::make_shared<const Run>(make(QStringLiteral("cuda"), 1, 1000, 1)));
        panel.addRun(std::make_shared<const Run>(make(QStringLiteral("npu"), 1, 1000, 1, noise(0.005, 1))));
        panel.addRun(std::make_shared<const Run>(
            make(QStringLiteral("musa"), 1, 1000, 1, [](qint64 s) { return s >= 600 ? 1.08 : 1.0; })));
        QCOMPARE(panel.runCount(), 3);

        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(0, {1, 2});
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

        QSignalSpy jump(&panel, &ParityPanel::jumpToStep);
        panel.jumpToFirstDivergence();
        QCOMPARE(jump.count(), 1);
        QCOMPARE(jump.first().first().toLongLong(), 600);
    }

    void latestRequestWins()
    {
        ParityPanel panel;
        panel.addRun(std::make_shared<const Run>(make(QStringLiteral("cuda"), 1, 20000, 1)));
        panel.addRun(std::make_shared<const Run>(make(QStringLiteral("npu"), 1, 20000, 1)));
        panel.addRun(std::make_shared<const Run>(make(QStringLiteral("musa"), 1, 20000, 1, [](qint64) { return 1.5; })));
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(0, {2});
        panel.select(0, {1});
        QVERIFY(ready.wait(10000));
        QTest::qWait(200); // a stale result arriving late must not replace the newer one
        QCOMPARE(ready.count(), 1);
        QCOMPARE(panel.result().candidates.at(0).name, QStringLiteral("npu"));
    }

    void badLogIsReportedNotFatal()
    {
        ParityPanel panel;
        QSignalSpy messages(&panel, &ParityPanel::message);
        panel.openLogs({QStringLiteral("/nonexistent/run.log"),
                        QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_2024_throughput_moe.txt")});
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.first().first().toString().contains(QStringLiteral("/nonexistent/run.log")));
        QCOMPARE(panel.runCount(), 1);

        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(0, {0});
        QVERIFY(ready.wait(10000));
        QCOMPARE(panel.result().candidates.at(0).commonSteps, 5);
    }
};

QTEST_MAIN(TestParityPanel)
#include "tst_paritypanel.moc"

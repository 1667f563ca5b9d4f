// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "paritytestruns.h"

#include "charts/curvechart.h"
#include "core/base/i18n/translationcatalog.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/sources/logs/logreader.h"
#include "core/engines/parity/paritycriteria.h"
#include "core/engines/parity/paritydevicesmodel.h"
#include "parity/paritypanel.h"
#include "core/engines/parity/paritypresets.h"
#include "parity/parityresultview.h"
#include "core/engines/parity/paritystatsmodel.h"

#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QComboBox>
#include <QListWidget>
#include <QLabel>
#include <QPushButton>
#include <QSemaphore>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTreeWidget>

#include <algorithm>

using namespace ParityTestRuns;

class TestParityPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void comparesOffTheGuiThreadAndJumps()
    {
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
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
        QVERIFY(
            std::any_of(badge.cbegin(), badge.cend(), [](QLabel *l) { return l->text() == QLatin1String("FAIL"); }));
        auto reasons = panel.findChild<QTreeWidget *>();
        QVERIFY(reasons);
        QCOMPARE(reasons->topLevelItemCount(), 2);
        QCOMPARE(reasons->topLevelItem(1)->text(1), QStringLiteral("musa"));

        // Overlay: baseline + both candidates; difference: one curve per candidate inside a band;
        // both: a vertical marker at musa's first divergence.
        QCOMPARE(panel.overlayChart()->curves().size(), 4);
        QCOMPARE(panel.overlayChart()->curves().first().id, QStringLiteral("baseline"));
        QCOMPARE(panel.differenceChart()->curves().size(), 3);
        for (CurveChart *chart : {panel.overlayChart(), panel.differenceChart()}) {
            const ChartCurve &marker = chart->curves().last();
            QCOMPARE(marker.id, QStringLiteral("marker-0"));
            QCOMPARE(marker.x, (std::vector<double>{600.0, 600.0}));
        }
        QCOMPARE(panel.differenceChart()->curves().at(1).y.at(799),
                 make(QString(), 800, 800, 1).value(0, MetricNames::lmLoss) * 0.08);
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

    void jumpWindowStaysInsideTheRun()
    {
        // A divergence at step 3 of 400 (the doubled learning rate of the H100 runs): the window
        // starts at the first step instead of showing negative steps.
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 400, 1));
        const int npu
            = runs.addRun(make(QStringLiteral("npu"), 1, 400, 1, [](qint64 s) { return s >= 3 ? 1.1 : 1.0; }));
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {npu});
        QVERIFY(ready.wait(10000));
        QCOMPARE(panel.result().candidates.at(0).firstDivergenceStep, qint64(3));
        panel.jumpToFirstDivergence();
        const QRectF view = panel.overlayChart()->view();
        QVERIFY2(view.left() >= 1 && view.left() < 3 && view.right() > 3 && view.right() < 60,
                 qPrintable(QStringLiteral("%1..%2").arg(view.left()).arg(view.right())));
    }

    void envelopeAndLiveAlerts()
    {
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 1000, 1));
        const int cuda2 = runs.addRun(make(QStringLiteral("cuda2"), 1, 1000, 1, [](qint64) { return 1.01; }));
        // A followed candidate: 500 steps so far, on the curve.
        const int npu = runs.addRun(make(QStringLiteral("npu"), 1, 500, 1, [](qint64) { return 1.025; }), true);
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        QSignalSpy alerts(&panel, &ParityPanel::alertRaised);
        panel.select(cuda, {npu}, {cuda2});
        QVERIFY(ready.wait(10000));
        // 2.5 % off the first baseline, inside the envelope of the two: no failure (a WARN only for
        // the step count: the followed run is half done), the band drawn.
        QCOMPARE(panel.result().envelopeBaselines.size(), 1);
        QCOMPARE(panel.result().candidates.at(0).envelope.outside, 0);
        QVERIFY(panel.result().candidates.at(0).verdict != ParityResult::Verdict::Fail);
        QVERIFY(!panel.overlayChart()->curves().isEmpty());
        QCOMPARE(alerts.count(), 0);
        // The run grows and leaves the envelope from step 700.
        runs.appendPoints(npu,
                          make(QStringLiteral("npu"), 501, 800, 1, [](qint64 s) { return s >= 700 ? 1.2 : 1.025; }));
        QVERIFY(alerts.count() >= 2);
        const auto alert = [&](int i) { return alerts.at(i).at(1).value<ParityMonitor::Alert>(); };
        QStringList seen;
        for (int i = 0; i < alerts.count(); ++i) {
            QCOMPARE(alert(i).step, qint64(700)); // every kind first happens at the jump
            seen.append(alert(i).code);
        }
        QVERIFY2(seen.contains(QStringLiteral("beyond")) && seen.contains(QStringLiteral("divergence")),
                 qPrintable(seen.join(QLatin1Char(','))));
        QCOMPARE(panel.alerts().size(), alerts.count());
        // The alert is marked on the charts.
        bool marked = false;
        for (const ChartCurve &c : panel.overlayChart()->curves())
            marked = marked || (c.id.startsWith(QLatin1String("marker-")) && c.x.front() == 700.0);
        QVERIFY(marked);
    }

    void fairnessReadsNeighboursOfRealRuns()
    {
        // The H100 fp32 and bf16 runs as the GUI loads them: the bf16 switch is known from the
        // TrainingArguments in the TensorBoard files beside the console logs.
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int fp32 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32.console.log"))).run);
        const int bf16 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_bf16.console.log"))).run);
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(fp32, {bf16});
        QVERIFY(ready.wait(10000));
        const ParityResult::Candidate &c = panel.result().candidates.at(0);
        const auto precision
            = std::find_if(c.fairness.cbegin(), c.fairness.cend(),
                           [](const ParityResult::FairnessItem &f) { return f.key == QLatin1String("precision"); });
        QVERIFY(precision != c.fairness.cend());
        QCOMPARE(precision->status, ParityResult::FairnessItem::Status::Mismatch);
        QCOMPARE(precision->candidateValue, QStringLiteral("true"));
    }

    // A run launched in the workspace has its telemetry beside its log: the Compare perspective
    // shows its devices beside the throughput; without telemetry there is no such table.
    void devicesOfAWorkspaceRun_data()
    {
        QTest::addColumn<bool>("recorded");
        QTest::newRow("workspace run") << true;
        QTest::newRow("plain log") << false;
    }
    void devicesOfAWorkspaceRun()
    {
        QFETCH(bool, recorded);
        const QString megatron
            = QStringLiteral(PORTBENCH_TEST_DATA "/parity/megatron_training_log_2024_throughput_moe.txt");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.filePath(QStringLiteral("output.log"));
        QVERIFY(QFile::copy(megatron, log));
        QFile json(dir.filePath(QStringLiteral("run.json")));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write("{}");
        json.close();
        if (recorded)
            QVERIFY(QFile::copy(QStringLiteral(PORTBENCH_TEST_DATA "/parity/telemetry/telemetry-npu01.tel"),
                                dir.filePath(QStringLiteral("telemetry-npu01.tel"))));
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        ParityResultView view(panel);
        const int cuda = runs.addRun(LogReader::readFile(megatron).run);
        const int npu = runs.addRun(LogReader::readFile(log).run);
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {npu});
        QVERIFY(ready.wait(10000));
        QCOMPARE(panel.result().candidates.at(0).telemetry.devices, recorded ? 2 : 0);
        QCOMPARE(view.devices()->isHidden(), !recorded);
        const QAbstractItemModel *model = view.devices()->model();
        QCOMPARE(model->rowCount(), recorded ? 2 : 0);
        if (recorded) {
            QCOMPARE(model->index(1, ParityDevicesModel::Ratio).data().toString(), QStringLiteral("1.000×"));
            QCOMPARE(model->index(1, ParityDevicesModel::Utilisation).data().toString(), QStringLiteral("60 %"));
            QCOMPARE(model->index(1, ParityDevicesModel::PeakMemory).data().toString(),
                     QStringLiteral("58982 MiB (90 %)"));
            QCOMPARE(model->index(1, ParityDevicesModel::Power).data().toString(), QStringLiteral("300 W"));
            QCOMPARE(model->index(0, ParityDevicesModel::Devices).data().toString(), QStringLiteral("—"));
        }
    }

    /// In 简体中文 the reasons, the checklist and the statistics read Chinese (they stayed English),
    /// and after the switch back to English no Chinese title stays ("公平性检查清单" did).
    void reasonsFollowTheLanguage()
    {
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int fp32 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32.console.log"))).run);
        const int bf16 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_bf16.console.log"))).run);
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(fp32, {bf16});
        QVERIFY(ready.wait(10000));
        const ParityResult::Candidate &c = panel.result().candidates.at(0);
        QVERIFY(!c.reasons.isEmpty());
        auto *tree = panel.findChild<QTreeWidget *>();
        const auto childTexts = [tree] {
            QStringList texts;
            QTreeWidgetItem *top = tree->topLevelItem(0);
            for (int i = 0; i < top->childCount(); ++i)
                texts << top->child(i)->text(1);
            return texts;
        };
        QVERIFY(childTexts().contains(QStringLiteral("Fairness checklist")));

        QString error;
        QVERIFY2(TranslationCatalog::install(QStringLiteral("zh_CN"), &error), qPrintable(error));
        QTRY_VERIFY(childTexts().contains(QStringLiteral("公平性检查清单")));
        const QStringList zh = childTexts();
        for (int i = 0; i < c.reasons.size(); ++i) {
            QVERIFY2(zh.at(i) != c.reasons.at(i).message && zh.at(i) == c.reasons.at(i).translated(),
                     qPrintable(zh.at(i)));
            QVERIFY2(zh.at(i).contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
                     qPrintable(zh.at(i)));
        }
        // The statistics' row names and their tooltips too.
        QCOMPARE(panel.statsModel()->headerData(0, Qt::Vertical).toString(), QStringLiteral("判定"));
        QVERIFY(panel.statsModel()
                    ->headerData(1, Qt::Vertical, Qt::ToolTipRole)
                    .toString()
                    .contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))));

        QVERIFY2(TranslationCatalog::install(QStringLiteral("en"), &error), qPrintable(error));
        QTRY_VERIFY(childTexts().contains(QStringLiteral("Fairness checklist")));
        const QStringList en = childTexts();
        for (int i = 0; i < c.reasons.size(); ++i)
            QCOMPARE(en.at(i), c.reasons.at(i).message);
        QVERIFY(!en.contains(QStringLiteral("公平性检查清单")));
        QCOMPARE(panel.statsModel()->headerData(0, Qt::Vertical).toString(), QStringLiteral("Verdict"));
    }

    void selectComparesOnlyTheNamedRuns()
    {
        // The sequence on the H100 runs: a comparison with an envelope run, then the demo's
        // own pair selected (MainWindow does select(baseline, {candidate}) when the demo ends).
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int fp32 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32.console.log"))).run);
        const int bf16 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_bf16.console.log"))).run);
        const int rep2 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32_rep2.console.log"))).run);
        const int seed1 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32_seed1.console.log"))).run);
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(fp32, {bf16}, {rep2});
        QVERIFY(ready.wait(10000));
        QCOMPARE(panel.result().envelopeBaselines.size(), 1);
        panel.select(fp32, {seed1});
        QVERIFY(ready.wait(10000));
        QVERIFY(panel.result().envelopeBaselines.isEmpty());
        QVERIFY(panel.result().candidates.at(0).envelopeBounds.empty());
        for (const ParityResult::Reason &r : panel.result().candidates.at(0).reasons)
            QVERIFY2(!r.message.contains(QLatin1String("rep2")), qPrintable(r.message));
        QVERIFY(!panel.isOutdated());
    }

    void changedInputsMarkTheVerdictOutdated_data()
    {
        QTest::addColumn<QString>("change");
        QTest::newRow("envelope") << QStringLiteral("envelope");
        QTest::newRow("candidate") << QStringLiteral("candidate");
        QTest::newRow("baseline") << QStringLiteral("baseline");
        QTest::newRow("preset") << QStringLiteral("preset");
        QTest::newRow("step offset") << QStringLiteral("offset");
    }

    void changedInputsMarkTheVerdictOutdated()
    {
        QFETCH(QString, change);
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int fp32 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32.console.log"))).run);
        const int bf16 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_bf16.console.log"))).run);
        const int rep2 = runs.addRun(LogReader::readFile(h100(QStringLiteral("cuda_fp32_rep2.console.log"))).run);
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(fp32, {bf16});
        QVERIFY(ready.wait(10000));
        const QString verdict = ParityResult::verdictName(panel.result().verdict);
        const auto badgeText = [&panel, &verdict] {
            for (QLabel *l : panel.findChildren<QLabel *>()) {
                if (l->text().startsWith(verdict))
                    return l->text();
            }
            return QString();
        };
        QCOMPARE(badgeText(), verdict);
        auto *reasons = panel.findChild<QTreeWidget *>();
        QVERIFY(reasons->isEnabled());
        if (change == QLatin1String("envelope")) {
            panel.setEnvelope({rep2});
        } else if (change == QLatin1String("candidate")) {
            const QList<QListWidget *> lists = panel.findChildren<QListWidget *>();
            for (QListWidget *list : lists) {
                if (list->toolTip().startsWith(QLatin1String("Check up to")))
                    list->item(runs.rowOf(rep2))->setCheckState(Qt::Checked);
            }
        } else if (change == QLatin1String("baseline")) {
            for (QComboBox *box : panel.findChildren<QComboBox *>()) {
                if (box->toolTip().startsWith(QLatin1String("The reference run")))
                    box->setCurrentIndex(runs.rowOf(rep2));
            }
        } else if (change == QLatin1String("preset")) {
            for (QComboBox *box : panel.findChildren<QComboBox *>()) {
                if (box->findText(QStringLiteral("strict")) >= 0)
                    box->setCurrentText(QStringLiteral("strict"));
            }
        } else {
            runs.setStepOffset(bf16, 5);
        }
        QVERIFY(panel.isOutdated());
        QVERIFY2(badgeText().contains(QLatin1String("outdated")), qPrintable(badgeText()));
        QVERIFY(!reasons->isEnabled());
        // Comparing again judges the selection: no longer outdated.
        panel.compare();
        QVERIFY(ready.wait(10000));
        QVERIFY(!panel.isOutdated());
        QVERIFY(reasons->isEnabled());
        QVERIFY(!badgeText().contains(QLatin1String("outdated")));
    }

    void environmentDiffIsListed()
    {
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 100, 1));
        const int npu = runs.addRun(make(QStringLiteral("npu"), 1, 100, 1));
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {npu});
        QVERIFY(ready.wait(10000));
        QFile f(QStringLiteral(PORTBENCH_TEST_DATA "/parity/env_cpu_host.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject host = QJsonDocument::fromJson(f.readAll()).object();
        QJsonObject npuHost = host;
        npuHost.insert(QStringLiteral("backend"), QStringLiteral("npu"));
        panel.setEnvironments(host, npuHost);
        auto reasons = panel.findChild<QTreeWidget *>();
        QTreeWidgetItem *env = reasons->topLevelItem(reasons->topLevelItemCount() - 1);
        QVERIFY2(env->text(1).startsWith(QLatin1String("Environment diff: 1 differ")), qPrintable(env->text(1)));
        QCOMPARE(env->childCount(), 1);
        QCOMPARE(env->child(0)->text(1), QStringLiteral("backend: auto | npu"));
    }

    void latestRequestWins()
    {
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
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

    void presetTooltipStatesTheRules_data()
    {
        QTest::addColumn<QString>("preset");
        for (const QString &name : builtParityPresets().names())
            QTest::newRow(qPrintable(name)) << name;
    }
    void presetTooltipStatesTheRules()
    {
        QFETCH(QString, preset);
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        QComboBox *box = nullptr;
        for (QComboBox *b : panel.findChildren<QComboBox *>()) {
            if (b->findText(preset) >= 0)
                box = b;
        }
        QVERIFY(box);
        box->setCurrentText(preset);
        QVERIFY(builtParityPresets().find(preset));
        // custom: the tolerance boxes keep the values they had (ascend's), and the mean limit follows them.
        const ParityOptions defaults = ParityOptions::forPreset(builtParityPresets(), preset);
        const ParityOptions o = preset == ParityOptions::customPreset()
            ? ParityOptions::forPreset(builtParityPresets(), preset, defaults.relTol, defaults.absTol)
            : defaults;
        const QString tip = box->toolTip();
        QVERIFY2(tip.startsWith(ParityCriteria::preset(o).translated()), qPrintable(tip));
        // Every sentence, the warm-up too: flagperf's box holds its 20 steps.
        for (const QString &sentence : ParityCriteria::sentences(o, true))
            QVERIFY2(tip.contains(sentence), qPrintable(sentence + QStringLiteral("\nnot in\n") + tip));
    }

    void nothingLoadedSaysSo()
    {
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        QSignalSpy messages(&panel, &ParityPanel::message);
        panel.compare();
        QCOMPARE(messages.count(), 1);
        const int only = runs.addRun(make(QStringLiteral("cuda"), 1, 10, 1));
        panel.select(only, {});
        QCOMPARE(messages.count(), 2);
        QVERIFY(messages.last().first().value<LocalizedText>().text().contains(QStringLiteral("candidate")));
    }

    void comparisonRunsOffTheEventLoopThread()
    {
        // The live monitors judged every point of the runs and the facts beside the logs were read
        // on the GUI thread at each compare(). The comparison is held here to see the panel answer
        // meanwhile, in its working state, and the verdict come after.
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 1000, 1));
        const int npu = runs.addRun(make(QStringLiteral("npu"), 1, 1000, 1, noise(0.005, 1)), true);
        QThread *const eventLoopThread = QThread::currentThread();
        QAtomicPointer<QThread> comparer;
        QSemaphore held;
        panel.setJobHook([&] {
            comparer.storeRelease(QThread::currentThread());
            if (QThread::currentThread() != eventLoopThread) // waiting there would hold the test for good
                held.tryAcquire(1, 30000);
        });
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {npu});
        QTRY_VERIFY(comparer.loadAcquire() != nullptr); // the event loop runs while it compares
        QVERIFY(comparer.loadAcquire() != eventLoopThread);
        QVERIFY(ready.isEmpty());
        QVERIFY(panel.result().candidates.isEmpty());
        const QList<QLabel *> labels = panel.findChildren<QLabel *>();
        QVERIFY(std::any_of(labels.cbegin(), labels.cend(),
                            [](const QLabel *l) { return l->text() == QStringLiteral("Comparing…"); }));
        held.release();
        QTRY_COMPARE(ready.size(), 1);
        QCOMPARE(panel.result().candidates.size(), 1);
        QVERIFY(panel.result().candidates.first().verdict == ParityResult::Verdict::Pass);
    }

    void pointsThatLandWhileComparingAskForAnother()
    {
        // A live run's last points landed while its comparison was still working: only the shown
        // result's runs asked for a recompare, so the verdict stayed the picture of the half run
        // (tst_demogui's demo verdict judged fewer steps than the demo trained, now and then).
        LoadedRunsModel runs;
        ParityPanel panel(runs, builtParityPresets());
        const int cuda = runs.addRun(make(QStringLiteral("cuda"), 1, 1000, 1));
        const int npu = runs.addRun(make(QStringLiteral("npu"), 1, 500, 1), true);
        QThread *const eventLoopThread = QThread::currentThread();
        QAtomicInteger<int> jobs = 0;
        QSemaphore held;
        panel.setJobHook([&] {
            if (jobs.fetchAndAddOrdered(1) == 0 && QThread::currentThread() != eventLoopThread)
                held.tryAcquire(1, 30000); // the first comparison, of 500 candidate steps
        });
        QSignalSpy ready(&panel, &ParityPanel::resultReady);
        panel.select(cuda, {npu});
        QTRY_VERIFY(jobs.loadAcquire() == 1);
        runs.appendPoints(npu, make(QStringLiteral("npu"), 501, 1000, 1));
        held.release();
        QTRY_VERIFY(!ready.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(
            panel.result().candidates.size() == 1 && panel.result().candidates.first().judgedSteps > 500, 10000);
    }
};

QTEST_MAIN(TestParityPanel)
#include "tst_paritypanel.moc"

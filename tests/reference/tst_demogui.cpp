// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/workflows/runs/runloader.h"
#include "reference/democontroller.h"
#include "mainwindow.h"
#include "core/base/model/runmetrics.h"
#include "parity/paritypanel.h"
#include "tensors/tensorspanel.h"
#include "core/sources/plugins/pluginmanager.h"
#include "tinytrainconfig.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace {

int pointsOf(const LoadedRunsModel &runs, const QString &path)
{
    const RunMetrics *run = runs.run(runs.idForPath(path));
    return run ? run->pointCount() : -1;
}

/// A main window on settings of its own, with the demo, the Runs model and the Parity dock.
struct DemoWindow
{
    QTemporaryDir dir;
    const PluginManager plugins;
    QSettings settings{dir.filePath(QStringLiteral("window.ini")), QSettings::IniFormat};
    MainWindow window{settings, plugins};
    DemoController *demo = window.findChild<DemoController *>();
    LoadedRunsModel *runs = window.findChild<LoadedRunsModel *>();
    ParityPanel *parity = window.findChild<ParityPanel *>();
};

/// One of the H100 HF Trainer console logs.
QString h100Log(const char *name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/parity/h100_hf/") + QLatin1String(name);
}

/// The criteria the main window's Run Demo starts with: the built plugins' default preset.
ParityOptions builtDefaultOptions()
{
    return ParityOptions::forPreset(builtParityPresets(), builtParityPresets().defaultName());
}
} // namespace

class TestDemoGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void demoChartsBothRunsAndGivesAVerdict()
    {
        QTemporaryDir dir;
        LoadedRunsModel runs;
        RunLoader loader(runs);
        DemoController demo(loader);
        QSignalSpy verdicts(&demo, &DemoController::verdict);
        QSignalSpy running(&demo, &DemoController::runningChanged);
        QSignalSpy progress(&demo, &DemoController::progress);
        const DemoPlan plan = DemoPlan::make(tinyTrainConfig(25), dir.filePath(QStringLiteral("demo")));
        demo.start(plan, builtDefaultOptions());
        QVERIFY(demo.isRunning());
        // The baseline appears in the Runs model while it trains (the log is followed live).
        QTRY_VERIFY_WITH_TIMEOUT(runs.idForPath(plan.baselineLog()) >= 0, 60000);
        QTRY_VERIFY_WITH_TIMEOUT(!demo.isRunning(), 120000);
        QCOMPARE(verdicts.size(), 1);
        const auto result = verdicts.first().at(0).value<ParityResult>();
        const QStringList summary = verdicts.first().at(1).toStringList();
        QVERIFY2(result.verdict != ParityResult::Verdict::Fail, qPrintable(summary.join(QLatin1Char('\n'))));
        QVERIFY(summary.last().startsWith(QStringLiteral("Verdict: ")));
        QCOMPARE(verdicts.first().at(2).toStringList(), (QStringList{plan.baselineLog(), plan.candidateLog()}));
        QCOMPARE(result.candidates.first().judgedSteps, 25);
        QCOMPARE(running.size(), 2);
        QVERIFY(!progress.isEmpty());
        int most = 0; // the two runs report from their own threads, so the order of the last two may swap
        for (const QList<QVariant> &p : progress)
            most = std::max(most, p.at(0).toInt());
        QCOMPARE(most, 100);

        QCOMPARE(runs.rowCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(pointsOf(runs, plan.baselineLog()), 25, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(pointsOf(runs, plan.candidateLog()), 25, 10000);
    }

    void withoutTheTorchModuleTheDemoSaysSo()
    {
        QTemporaryDir empty;
        qputenv("PORTBENCH_MODULE_PATH", QFile::encodeName(empty.path()));
        LoadedRunsModel runs;
        RunLoader loader(runs);
        DemoController demo(loader);
        QSignalSpy ended(&demo, &DemoController::ended);
        demo.start(DemoPlan::make(tinyTrainConfig(2), empty.filePath(QStringLiteral("demo"))), builtDefaultOptions());
        qunsetenv("PORTBENCH_MODULE_PATH");
        QVERIFY(!demo.isRunning());
        QCOMPARE(ended.size(), 1);
        const QString text = ended.first().at(0).value<LocalizedText>().text();
        QVERIFY2(text.startsWith(QStringLiteral("Demo not started"))
                     && text.contains(QStringLiteral("portbench_torch_module")),
                 qPrintable(text));
        QVERIFY(!QFileInfo::exists(empty.filePath(QStringLiteral("demo"))));
    }

    void mainWindowShowsTheVerdictInTheParityDock()
    {
        DemoWindow d;
        MainWindow &w = d.window;
        DemoController *demo = d.demo;
        LoadedRunsModel *runs = d.runs;
        ParityPanel *parity = d.parity;
        QVERIFY(demo && runs && parity);
        QVERIFY(w.findChild<TensorsPanel *>()); // the Parity dock's Tensors tab
        QSignalSpy compared(parity, &ParityPanel::resultReady);
        // First a comparison of the H100 runs with an envelope run, as in issue 34: the demo's verdict
        // must judge the demo's two runs only, not reuse that envelope.
        const QStringList logs{h100Log("cuda_fp32.console.log"), h100Log("cuda_bf16.console.log"),
                               h100Log("cuda_fp32_rep2.console.log")};
        w.openFiles(logs);
        QTRY_COMPARE(runs->rowCount(), 3);
        parity->select(runs->idForPath(logs.at(0)), {runs->idForPath(logs.at(1))}, {runs->idForPath(logs.at(2))});
        QVERIFY(compared.wait(20000));
        QCOMPARE(parity->result().envelopeBaselines.size(), 1);
        compared.clear();
        const DemoPlan plan = DemoPlan::make(tinyTrainConfig(20), d.dir.filePath(QStringLiteral("demo")));
        demo->start(plan, builtDefaultOptions());
        QTRY_VERIFY_WITH_TIMEOUT(!demo->isRunning(), 120000);
        QCOMPARE(runs->rowCount(), 5);
        QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty() && parity->result().candidates.size() == 1
                                     && parity->result().candidates.first().judgedSteps == 20,
                                 30000);
        QVERIFY(parity->result().envelopeBaselines.isEmpty());
        QCOMPARE(parity->result().baselinePath, plan.baselineLog());
        QVERIFY(parity->result().verdict != ParityResult::Verdict::Fail);
        auto *messages
            = qobject_cast<QPlainTextEdit *>(w.findChild<QDockWidget *>(QStringLiteral("MessagesDock"))->widget());
        QVERIFY2(messages->toPlainText().contains(QStringLiteral("Verdict: ")
                                                  + ParityResult::verdictName(parity->result().verdict)),
                 qPrintable(messages->toPlainText()));
    }

    // The demo's verdict may come before a log's run is in the Runs model (the loader parses it on
    // its threads): the Parity dock compares the two once both are there, not never.
    void verdictBeforeItsRunsAreLoadedComparesThemOnceLoaded()
    {
        DemoWindow w;
        QVERIFY(w.demo && w.runs && w.parity);
        QSignalSpy compared(w.parity, &ParityPanel::resultReady);
        const QString baseline = h100Log("cuda_fp32.console.log");
        const QString candidate = h100Log("cuda_bf16.console.log");
        Q_EMIT w.demo->verdict(ParityResult{}, {}, {baseline, candidate});
        w.window.openFiles({baseline});
        QTRY_COMPARE(w.runs->rowCount(), 1);
        QVERIFY(compared.isEmpty()); // nothing to compare with yet
        w.window.openFiles({candidate});
        QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty(), 20000);
        QCOMPARE(w.parity->result().baselinePath, baseline);
        QCOMPARE(w.parity->result().candidates.size(), 1);
        QCOMPARE(w.parity->result().candidates.first().sourcePath, candidate);
    }

    // A verdict whose candidate never came is dropped by the next one: opening that log later does
    // not turn the Parity dock back to the earlier pair.
    void aLaterVerdictDropsAnEarlierPendingSelection()
    {
        DemoWindow w;
        QVERIFY(w.demo && w.runs && w.parity);
        QSignalSpy compared(w.parity, &ParityPanel::resultReady);
        const QString baseline = h100Log("cuda_fp32.console.log");
        const QString never = h100Log("cuda_bf16.console.log");
        const QString repeat = h100Log("cuda_fp32_rep2.console.log");
        w.window.openFiles({baseline, repeat});
        QTRY_COMPARE(w.runs->rowCount(), 2);
        Q_EMIT w.demo->verdict(ParityResult{}, {}, {baseline, never});
        Q_EMIT w.demo->verdict(ParityResult{}, {}, {baseline, repeat});
        QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty(), 20000);
        QCOMPARE(w.parity->result().candidates.first().sourcePath, repeat);
        w.window.openFiles({never});
        QTRY_COMPARE(w.runs->rowCount(), 3);
        QVERIFY(!w.parity->isOutdated()); // the selection is still the one judged
        QCOMPARE(w.parity->result().candidates.first().sourcePath, repeat);
    }

    void runDemoActionStartsAndStopsFromTheMainWindow()
    {
        QTemporaryDir dir;
        const PluginManager plugins;
        QSettings settings(dir.filePath(QStringLiteral("demo.ini")), QSettings::IniFormat);
        MainWindow w(settings, plugins);
        auto *action = w.findChild<QAction *>(QStringLiteral("RunDemoAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
        auto *demo = w.findChild<DemoController *>();
        auto *runs = w.findChild<LoadedRunsModel *>();
        QVERIFY(demo && runs);
        action->trigger();
        QVERIFY(demo->isRunning());
        QVERIFY(!action->isEnabled());
        // The full-size demo: stop it once a run shows in the Runs dock.
        QTRY_VERIFY_WITH_TIMEOUT(runs->rowCount() >= 1, 60000);
        demo->cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!demo->isRunning(), 60000);
        QVERIFY(action->isEnabled());
        auto *messages
            = qobject_cast<QPlainTextEdit *>(w.findChild<QDockWidget *>(QStringLiteral("MessagesDock"))->widget());
        QVERIFY(messages);
        QVERIFY2(messages->toPlainText().contains(QStringLiteral("Demo stopped")), qPrintable(messages->toPlainText()));
    }
};

QTEST_MAIN(TestDemoGui)
#include "tst_demogui.moc"

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "charts/chartspanel.h"
#include "charts/chartrenderer.h"
#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/engines/charts/runcurvebuilder.h"
#include "core/workflows/runs/runloader.h"
#include "charts/runspanel.h"
#include "core/base/model/metricnames.h"

#include <QBuffer>
#include <QHeaderView>
#include <QSettings>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <cmath>
#include <cstring>
#include <limits>

namespace {

RunMetrics syntheticRun(const QString &name, int points, double scale, int nanAt = -1)
{
    RunMetrics r;
    r.name = name;
    r.sourcePath = QStringLiteral("/synthetic/") + name;
    r.format = QStringLiteral("synthetic");
    for (int i = 0; i < points; ++i) {
        const int p = r.appendPoint(i + 1, 1.7e9 + i * 1.5);
        r.setValue(p, MetricNames::lmLoss,
                   i == nanAt ? std::numeric_limits<double>::quiet_NaN() : scale * (2.0 + 8.0 * std::exp(-i / 300.0)));
        r.setValue(p, MetricNames::tokensPerSecond, 1000.0 * scale + (i % 7));
        r.setValue(p, MetricNames::learningRate, 3e-4 * std::min(1.0, (i + 1) / 100.0));
        r.setValue(p, MetricNames::gradNorm, 1.0 + (i % 13) / 10.0);
    }
    return r;
}

int visibleLineSeries(CurveChart *chart)
{
    int n = 0;
    for (QAbstractSeries *s : chart->series()) {
        if (qobject_cast<QLineSeries *>(s) && s->isVisible())
            ++n;
    }
    return n;
}

QList<QLegendMarker *> visibleLegendEntries(CurveChart *chart)
{
    QList<QLegendMarker *> out;
    for (QLegendMarker *m : chart->legend()->markers()) {
        if (m->isVisible())
            out << m;
    }
    return out;
}

} // namespace

class TestChartsWidget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyChartShowsEveryRun()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        panel.resize(1200, 800);
        panel.show();
        runs.addRun(syntheticRun(QStringLiteral("cuda"), 1000, 1.0));
        runs.addRun(syntheticRun(QStringLiteral("npu"), 1000, 1.02));
        QCOMPARE(panel.chartCount(), 4);
        for (int i = 0; i < panel.chartCount(); ++i) {
            QCOMPARE(panel.chart(i)->curves().size(), 2);
            // smoothed + faint raw per run
            QCOMPARE(visibleLineSeries(panel.chart(i)), 4);
            QVERIFY(panel.chart(i)->shownPointCount() > 100);
        }
        // Same colour for a run on every chart, different between runs.
        const quint32 c0 = panel.chart(0)->curves().at(0).rgb;
        QCOMPARE(panel.chart(3)->curves().at(0).rgb, c0);
        QVERIFY(panel.chart(0)->curves().at(1).rgb != c0);
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // Kept in the build tree for a look: the offscreen panel as drawn.
        QVERIFY(panel.grab().save(QStringLiteral(PORTBENCH_BUILD_DIR "/tst_chartswidget_panel.png")));
    }

    void twoFixtureLogsOnEveryChart()
    {
        LoadedRunsModel runs;
        RunLoader loader(runs);
        ChartsPanel panel(runs);
        RunsPanel runsPanel(runs, loader);
        QSignalSpy loaded(&loader, &RunLoader::loaded);
        QSignalSpy failed(&loader, &RunLoader::failed);
        const QString a = QStringLiteral(PORTBENCH_TEST_DATA "/charts/megatron_training_log_2024_throughput_moe.txt");
        const QString b = QStringLiteral(PORTBENCH_TEST_DATA "/charts/megatron_training_log_legacy_no_timestamp.txt");
        QVERIFY(RunLoader::canRead(a));
        QVERIFY(!RunLoader::canRead(QStringLiteral(PORTBENCH_TEST_DATA "/charts/SOURCES.md")));
        // One after the other: two logs opened at once are listed in the order they finish loading,
        // and the rows below are a's, then b's.
        loader.open(a);
        QTRY_COMPARE(loaded.size(), 1);
        loader.open(b);
        QTRY_COMPARE(loaded.size(), 2);
        QVERIFY(failed.isEmpty());
        QCOMPARE(runsPanel.view()->model()->rowCount(), 2);
        QCOMPARE(runs.index(0, LoadedRunsModel::Format).data().toString(), QStringLiteral("megatron"));
        QCOMPARE(runs.index(0, LoadedRunsModel::Points).data().toInt(), 5);
        for (const QString &metric : {MetricNames::loss, MetricNames::learningRate, MetricNames::gradNorm}) {
            CurveChart *chart = panel.chart(panel.indexOf(metric));
            QCOMPARE(chart->curves().size(), 2);
            QVERIFY(chart->curves().at(0).size() > 0 && chart->curves().at(1).size() > 0);
        }
        // Opening a log again replaces its run instead of adding a third.
        loader.open(a);
        QTRY_COMPARE(loaded.size(), 3);
        QCOMPARE(runs.rowCount(), 2);
        // Align the legacy run (steps 122..125) onto the other (2..45) and export both.
        runs.setStepOffset(runs.idAt(1), -100);
        CurveChart *loss = panel.chart(panel.indexOf(MetricNames::loss));
        QCOMPARE(loss->curves().at(1).x.front(), 22.0);
        runsPanel.view()->selectRow(0);
        runsPanel.removeSelected();
        QCOMPARE(runs.rowCount(), 1);
        QCOMPARE(loss->curves().size(), 1);
    }

    void legendsNameRunsByWhatTellsThemApart()
    {
        LoadedRunsModel runs;
        RunLoader loader(runs);
        ChartsPanel panel(runs);
        panel.resize(980, 640); // the Charts dock at 1366×768
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy loaded(&loader, &RunLoader::loaded);
        const QString dir = QStringLiteral(PORTBENCH_TEST_DATA "/logs/h100/hf/");
        loader.open(dir + QStringLiteral("cuda_fp32.console.log"));
        QTRY_COMPARE(loaded.size(), 1);
        loader.open(dir + QStringLiteral("cuda_bf16.console.log"));
        QTRY_COMPARE(loaded.size(), 2);
        const QString fp32 = QString::number(runs.idAt(0)), bf16 = QString::number(runs.idAt(1));
        CurveChart *loss = panel.chart(panel.indexOf(MetricNames::loss));
        QCOMPARE(loss->legendName(fp32), QStringLiteral("…fp32…"));
        QCOMPARE(loss->legendName(bf16), QStringLiteral("…bf16…"));
        // The full name and the log's path on hover.
        const QString tip = loss->legendToolTip(fp32);
        QVERIFY2(tip.startsWith(QLatin1String("cuda_fp32.console\n"))
                     && tip.endsWith(QLatin1String("cuda_fp32.console.log")),
                 qPrintable(tip));
        // A third run changes what tells them apart; a rename too.
        loader.open(dir + QStringLiteral("cpu_fp32.console.log"));
        QTRY_COMPARE(loaded.size(), 3);
        QCOMPARE(loss->legendName(fp32), QStringLiteral("cuda_fp32…"));
        runs.setData(runs.index(1, LoadedRunsModel::Name), QStringLiteral("cuda_bf16.npu"));
        QCOMPARE(loss->legendName(bf16), QStringLiteral("cuda_bf16.npu"));
        QCOMPARE(loss->legend()->alignment(), Qt::AlignBottom);
        // Six runs do not fit in one row under a chart of the dock: Qt would cut every name at its
        // end ("cuda_f..."), so the legend goes beside the plot, the names whole or, where the
        // column Qt gives it is narrower, by their own words (LegendNames::distinct).
        for (const char *name : {"cuda_fp32_lr2e-3", "cuda_fp32_rep2", "cuda_fp32_seed1"}) {
            const qsizetype before = loaded.size();
            loader.open(dir + QLatin1String(name) + QStringLiteral(".console.log"));
            QTRY_COMPARE(loaded.size(), before + 1);
        }
        QCOMPARE(runs.rowCount(), 6);
        QCOMPARE(loss->legend()->alignment(), Qt::AlignRight);
        // (One run was renamed above, so the names share no end.)
        QCOMPARE(loss->legendName(QString::number(runs.idAt(3))), QStringLiteral("…lr2e-3…"));
    }

    void runsTableColumnsAreResizableAndKept()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("runs.ini")), QSettings::IniFormat);
        LoadedRunsModel runs;
        RunLoader loader(runs);
        runs.addRun(syntheticRun(QStringLiteral("cuda_fp32_llama3_8b_zero3_seq4096_run_2024_07_01_seed1"), 10, 1.0));
        {
            RunsPanel panel(runs, loader, &settings);
            panel.resize(400, 300);
            panel.show();
            QHeaderView *header = panel.view()->horizontalHeader();
            QCOMPARE(header->sectionResizeMode(LoadedRunsModel::Name), QHeaderView::Interactive);
            header->resizeSection(LoadedRunsModel::Name, 333);
            QCOMPARE(header->sectionSize(LoadedRunsModel::Name), 333);
            header->resizeSection(LoadedRunsModel::Format, 77);
        }
        RunsPanel again(runs, loader, &settings);
        QCOMPARE(again.view()->horizontalHeader()->sectionSize(LoadedRunsModel::Name), 333);
        QCOMPARE(again.view()->horizontalHeader()->sectionSize(LoadedRunsModel::Format), 77);
    }

    void liveLogIsFollowed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("train.log"));
        QFile src(QStringLiteral(PORTBENCH_TEST_DATA "/charts/megatron_training_log_2024_throughput_moe.txt"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = src.readAll().split('\n');
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        log.write(lines.at(0) + '\n' + lines.at(1) + '\n');
        log.flush();
        LoadedRunsModel runs;
        RunLoader loader(runs);
        QSignalSpy loaded(&loader, &RunLoader::loaded);
        loader.open(path);
        QTRY_COMPARE(loaded.size(), 1);
        const int id = loaded.first().first().toInt();
        QCOMPARE(runs.run(id)->pointCount(), 2);
        QVERIFY(runs.isLive(id));
        log.write(lines.at(2) + '\n' + lines.at(3) + '\n');
        log.flush();
        QTRY_COMPARE_WITH_TIMEOUT(runs.run(id)->pointCount(), 4, 10000);
    }

    void destroyedLoaderHasNoParseLeft()
    {
        // A parse the window no longer wants ran on in the global pool after the loader was gone,
        // and an application quitting then crashed in cleanupThreadData (tst_mainwindow under load).
        // 7 MiB: long enough to be running at the destruction, short of the parallel parse.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.jsonl"));
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly));
        QByteArray text;
        for (int step = 1; text.size() < 7 * 1024 * 1024; ++step)
            text += "{\"step\": " + QByteArray::number(step) + ", \"loss\": 2.5}\n";
        QCOMPARE(log.write(text), text.size());
        log.close();
        LoadedRunsModel runs;
        {
            RunLoader loader(runs);
            loader.open(path);
        }
        QCOMPARE(QThreadPool::globalInstance()->activeThreadCount(), 0);
        QCOMPARE(runs.rowCount(), 0); // nothing lands after the loader is gone
    }

    void legendToggleHidesRunOnEveryChart()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const int a = runs.addRun(syntheticRun(QStringLiteral("a"), 200, 1.0));
        runs.addRun(syntheticRun(QStringLiteral("b"), 200, 1.1));
        CurveChart *loss = panel.chart(panel.indexOf(MetricNames::loss));
        // One legend entry per run, whatever the number of series behind it (the legend applies
        // marker visibility on its next layout).
        QTRY_COMPARE(visibleLegendEntries(loss).size(), 2);
        const QList<QLegendMarker *> entries = visibleLegendEntries(loss);
        Q_EMIT entries.first()->clicked();
        QVERIFY(!panel.isRunVisible(a));
        for (int i = 0; i < panel.chartCount(); ++i) {
            QCOMPARE(visibleLineSeries(panel.chart(i)), 2);
            for (QAbstractSeries *s : panel.chart(i)->seriesOf(QString::number(a)))
                QVERIFY(!s->isVisible());
        }
        // The entry stays in the legend so it can be clicked back on.
        QTRY_COMPARE(visibleLegendEntries(loss).size(), 2);
        Q_EMIT entries.first()->clicked();
        QVERIFY(panel.isRunVisible(a));
        QCOMPARE(visibleLineSeries(loss), 4);
    }

    void csvExportHasEveryPoint()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        runs.addRun(syntheticRun(QStringLiteral("long"), 10000, 1.0, 5000));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("loss.csv"));
        QString error;
        qint64 rows = 0;
        QVERIFY2(panel.exportCsv(panel.indexOf(MetricNames::loss), path, &error, &rows), qPrintable(error));
        QCOMPARE(rows, 10000);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 10001);
        QVERIFY(lines.at(5001).contains(",NaN,")); // non-finite values are written one way: NaN
        // The chart itself shows far fewer points than it exports.
        QVERIFY(panel.chart(0)->shownPointCount() < 10000);
    }

    void runsAreAddedAndAppendedWithoutRebuildingOthers()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const int a = runs.addRun(syntheticRun(QStringLiteral("a"), 3000, 1.0));
        QList<QList<QAbstractSeries *>> seriesOfA;
        for (int i = 0; i < panel.chartCount(); ++i)
            seriesOfA << panel.chart(i)->seriesOf(QString::number(a));
        QVERIFY(!seriesOfA.first().isEmpty());
        const int b = runs.addRun(syntheticRun(QStringLiteral("b"), 2000, 1.1), true);
        for (int i = 0; i < panel.chartCount(); ++i) {
            QCOMPARE(panel.chart(i)->seriesOf(QString::number(a)), seriesOfA[i]); // same objects, not rebuilt
            QCOMPARE(panel.chart(i)->curves().size(), 2);
        }
        // Zoomed to the start, b grows far to the right: a's series are not even handed new points,
        // b's series stay the same objects and the curve matches one built whole.
        panel.view(0)->zoomX(0.1, 1);
        QList<QAbstractSeries *> seriesOfB = panel.chart(0)->seriesOf(QString::number(b));
        const QList<QPointF> shownA = panel.chart(0)->shownPoints(seriesOfA[0].first());
        const QList<QPointF> shownB = panel.chart(0)->shownPoints(seriesOfB.first());
        for (int from = 2000; from < 2600; from += 150) {
            RunMetrics chunk;
            for (int i = from; i < from + 150; ++i)
                chunk.setValue(chunk.appendPoint(i + 1, 1.7e9 + i * 1.5), MetricNames::lmLoss, 1.5 + (i % 5) * 0.1);
            runs.appendPoints(b, chunk);
            QTRY_COMPARE(panel.chart(0)->curves().at(1).size(), from + 150);
        }
        QCOMPARE(panel.chart(0)->shownPoints(seriesOfA[0].first()), shownA);
        QCOMPARE(panel.chart(0)->seriesOf(QString::number(b)), seriesOfB);
        QCOMPARE(panel.chart(0)->shownPoints(seriesOfB.first()), shownB); // appended off screen
        const ChartCurve live = panel.chart(0)->curves().at(1);
        const ChartCurve whole = RunCurveBuilder::buildChartMetric(*runs.run(b), MetricNames::loss,
                                                                   {ChartXAxis::Step, 0, panel.smoothing()});
        QVERIFY(live.x == whole.x && live.steps == whole.steps && live.smoothed.size() == whole.smoothed.size());
        QVERIFY(std::memcmp(live.smoothed.data(), whole.smoothed.data(), whole.smoothed.size() * sizeof(double)) == 0);
        // Drawn after a pan into the new points exactly as a chart rebuilt from scratch draws them.
        panel.chart(0)->setXRange(1900, 2600);
        QList<QList<QPointF>> incremental;
        for (QAbstractSeries *s : panel.chart(0)->series())
            incremental << panel.chart(0)->shownPoints(s);
        panel.chart(0)->setCurves(panel.chart(0)->curves());
        QList<QList<QPointF>> rebuilt;
        for (QAbstractSeries *s : panel.chart(0)->series())
            rebuilt << panel.chart(0)->shownPoints(s);
        QCOMPARE(incremental, rebuilt);
        // Removing b leaves a's series alone too.
        runs.removeRun(b);
        for (int i = 1; i < panel.chartCount(); ++i)
            QCOMPARE(panel.chart(i)->seriesOf(QString::number(a)), seriesOfA[i]);
    }

    void linkedChartsShareTheXRangeFromTheStart()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        panel.resize(1000, 700);
        panel.show();
        RunMetrics shortRun = syntheticRun(QStringLiteral("short"), 500, 1.0);
        RunMetrics longRun;
        longRun.name = QStringLiteral("grad norm only");
        for (int i = 0; i < 2000; ++i)
            longRun.setValue(longRun.appendPoint(i + 1), MetricNames::gradNorm, 1.0 + (i % 3));
        runs.addRun(shortRun);
        runs.addRun(longRun);
        const int loss = panel.indexOf(MetricNames::loss), grad = panel.indexOf(MetricNames::gradNorm);
        QCOMPARE(panel.chart(loss)->curves().size(), 1);
        QCOMPARE(panel.chart(loss)->view().right(), 2000.0); // not 500: the union of the charts' runs
        QCOMPARE(panel.chart(loss)->view().left(), 1.0);
        QCOMPARE(panel.chart(grad)->view().right(), 2000.0);
        panel.setLinkedZoom(false);
        panel.chart(loss)->fitAll();
        QCOMPARE(panel.chart(loss)->view().right(), 500.0);
    }

    void zoomIsLinkedAndKeptOnLiveAppend()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const int id = runs.addRun(syntheticRun(QStringLiteral("live"), 1000, 1.0), true);
        panel.view(0)->zoomX(0.5, 500);
        const QRectF zoomed = panel.chart(0)->view();
        QVERIFY(zoomed.width() < 600);
        for (int i = 1; i < panel.chartCount(); ++i) {
            QCOMPARE(panel.chart(i)->view().left(), zoomed.left());
            QCOMPARE(panel.chart(i)->view().right(), zoomed.right());
        }
        // Live points arrive: the user's zoom stays.
        RunMetrics chunk;
        for (int i = 1000; i < 1100; ++i)
            chunk.setValue(chunk.appendPoint(i + 1, 1.7e9 + i * 1.5), MetricNames::lmLoss, 2.0);
        runs.appendPoints(id, chunk);
        QTRY_COMPARE(panel.chart(0)->curves().first().size(), 1100);
        QCOMPARE(panel.chart(0)->view().left(), zoomed.left());
        QCOMPARE(panel.chart(0)->view().right(), zoomed.right());
        // With "follow latest" the view slides to the newest point, same width.
        panel.setFollowLatest(true);
        QCOMPARE(panel.chart(0)->view().right(), 1100.0);
        QVERIFY(std::abs(panel.chart(0)->view().width() - zoomed.width()) < 1e-6);
        // Reset: everything again, on every chart.
        panel.view(0)->resetZoom();
        QCOMPARE(panel.chart(1)->view().left(), 1.0);
    }

    void axesSmoothingAndMarkers()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        panel.show();
        const int id = runs.addRun(syntheticRun(QStringLiteral("diverged"), 500, 1.0, 250));
        CurveChart *loss = panel.chart(panel.indexOf(MetricNames::loss));
        QVERIFY(!loss->curves().first().smoothed.empty());
        auto *markers = qobject_cast<QScatterSeries *>(loss->seriesOf(QString::number(id)).last());
        QVERIFY(markers);
        QCOMPARE(markers->count(), 1);
        QCOMPARE(markers->at(0).x(), 251.0);

        panel.setSmoothing(0.0);
        QTRY_VERIFY(loss->curves().first().smoothed.empty());
        QCOMPARE(visibleLineSeries(loss), 1);

        runs.setStepOffset(id, 1000);
        QCOMPARE(loss->curves().first().x.front(), 1001.0);
        panel.setXAxis(ChartXAxis::RelativeTime);
        QCOMPARE(loss->curves().first().x.front(), 0.0);
        QCOMPARE(loss->curves().first().x.back(), 499 * 1.5);

        panel.setLogY(true);
        QVERIFY(loss->logY());
        QVERIFY(loss->view().top() > 0);

        const QString text = panel.view(panel.indexOf(MetricNames::loss))->readout(10.0);
        QVERIFY2(text.startsWith(QLatin1String("diverged: ")), qPrintable(text));
    }

    void rendererDrawsTheLegend()
    {
        // Report figures and exported charts (drawn without an event loop turn: the CLI, a report
        // figure) had an empty legend: its entries wait for posted layout requests.
        ChartSpec spec;
        const QStringList labels{QStringLiteral("legend-alpha"), QStringLiteral("legend-beta")};
        for (int k = 0; k < labels.size(); ++k) {
            ChartCurve c;
            c.id = c.label = labels.at(k);
            c.rgb = k == 0 ? 0xff0072b2 : 0xffe69f00;
            for (int i = 0; i < 50; ++i) {
                c.x.push_back(i);
                c.y.push_back(1.0 + k + 0.1 * std::sin(i * 0.3));
            }
            spec.curves << c;
        }
        ChartRenderer renderer(spec, QSize(800, 400));
        QBuffer svg;
        QVERIFY(svg.open(QIODevice::WriteOnly));
        QVERIFY(renderer.toSvg(&svg));
        for (const QString &label : labels)
            QVERIFY2(svg.data().contains(label.toUtf8()), qPrintable(label));
        // Each entry's marker below the plot, in its curve's colour.
        const QImage image = renderer.toImage();
        for (const QColor colour : {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00)}) {
            int markerPixels = 0;
            for (int y = image.height() * 4 / 5; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x)
                    markerPixels += image.pixelColor(x, y) == colour ? 1 : 0;
            }
            QVERIFY2(markerPixels >= 20, qPrintable(colour.name() + QLatin1Char(' ') + QString::number(markerPixels)));
        }
    }

    void rendersOffscreenWithSpikeVisible()
    {
        // 2 M points, one spike: the rendered image must show it.
        ChartSpec spec;
        spec.title = QStringLiteral("spike");
        ChartCurve c;
        c.id = c.label = QStringLiteral("r");
        c.rgb = 0xffd55e00;
        const int n = 2000000;
        c.x.resize(n);
        c.y.resize(n);
        for (int i = 0; i < n; ++i) {
            c.x[size_t(i)] = i;
            c.y[size_t(i)] = 1.0 + 0.01 * std::sin(i * 0.01);
        }
        c.y[1500000] = 10.0;
        spec.curves << c;
        spec.band.x = {0, double(n)};
        spec.band.lower = {0.5, 0.5};
        spec.band.upper = {1.5, 1.5};
        ChartRenderer renderer(spec, QSize(800, 400));
        const QImage image = renderer.toImage();
        QCOMPARE(image.size(), QSize(800, 400));
        // Look for the curve colour in the upper part of the plot, where only the spike reaches.
        int spikePixels = 0;
        for (int y = 60; y < 180; ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QColor px = image.pixelColor(x, y);
                if (px.red() > 180 && px.green() < 140 && px.blue() < 80)
                    ++spikePixels;
            }
        }
        QVERIFY2(spikePixels >= 5, qPrintable(QString::number(spikePixels)));

        QBuffer svg;
        QVERIFY(svg.open(QIODevice::WriteOnly));
        QVERIFY(renderer.toSvg(&svg));
        QVERIFY(svg.data().contains("<svg"));
        QVERIFY(svg.data().contains("spike"));

        QTemporaryDir dir;
        QString error;
        QVERIFY2(renderer.toFile(dir.filePath(QStringLiteral("c.png")), &error), qPrintable(error));
        QVERIFY(!QImage(dir.filePath(QStringLiteral("c.png"))).isNull());
    }

    // On screen a big curve shows a coarse picture at once (a sample: here it misses the spike,
    // and the plot says it is sampled), then the full pyramid built in the background: the spike is drawn, at every
    // zoom, in the painted pixels too, and the y range reaches it.
    void bigCurveDrawsCoarseThenEverySpike()
    {
        const int n = CurveChart::backgroundPoints + 40000;
        const int spike = 123457; // not among the coarse pyramid's samples (every 4th point)
        ChartCurve c;
        c.id = c.label = QStringLiteral("r");
        c.rgb = 0xffd55e00;
        c.x.resize(size_t(n));
        c.y.resize(size_t(n));
        for (int i = 0; i < n; ++i) {
            c.x[size_t(i)] = i;
            c.y[size_t(i)] = 1.0 + 0.01 * std::sin(i * 0.01);
        }
        c.y[size_t(spike)] = 10.0;
        auto *chart = new CurveChart;
        ChartView view(chart);
        view.resize(800, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy ready(chart, &CurveChart::detailReady);
        chart->setCurves({c});
        QVERIFY(chart->isDetailPending());
        QLineSeries *line = static_cast<QLineSeries *>(chart->seriesOf(c.id).first());
        const QPointF top(spike, 10.0);
        QVERIFY(!chart->shownPoints(line).contains(top));
        QVERIFY(chart->view().bottom() < 2);
        QVERIFY(chart->isShowingSampleNote()); // the picture that misses the spike says it is a sample
        QVERIFY(ready.wait(20000));
        QVERIFY(!chart->isDetailPending());
        QVERIFY(!chart->isShowingSampleNote());
        QVERIFY(chart->view().bottom() > 10);
        QVERIFY(line->points().isEmpty()); // drawn by the chart's layer, not by Qt Charts
        for (const double width : {double(n), 50000.0, 3000.0, 300.0}) {
            chart->setXRange(spike - width / 3, spike + width * 2 / 3, false);
            QVERIFY2(chart->shownPoints(line).contains(top), qPrintable(QString::number(width)));
            QVERIFY(chart->shownPoints(line).size() <= 2 * 800 + 8);
        }
        // The painted picture: the curve's colour high in the plot, where only the spike reaches.
        chart->fitAll();
        const QImage image = view.grab().toImage();
        const QRectF area = chart->plotArea();
        int spikePixels = 0;
        for (int y = int(area.top()) + 5; y < int(area.center().y()); ++y) {
            for (int x = int(area.left()); x < int(area.right()); ++x) {
                const QColor px = image.pixelColor(x, y);
                spikePixels += px.red() > 180 && px.green() < 140 && px.blue() < 80;
            }
        }
        QVERIFY2(spikePixels >= 5, qPrintable(QString::number(spikePixels)));
    }

    // A build still running when its curve is replaced or its chart goes is stopped and awaited:
    // nothing reads a curve that changed, and a replaced curve's result is never installed.
    void backgroundBuildsAreStoppedBeforeChanges()
    {
        ChartCurve c;
        c.id = c.label = QStringLiteral("r");
        const int n = CurveChart::backgroundPoints * 2;
        c.x.resize(size_t(n));
        c.y.resize(size_t(n));
        for (int i = 0; i < n; ++i) {
            c.x[size_t(i)] = i;
            c.y[size_t(i)] = 1.0 + i % 7;
        }
        {
            auto *chart = new CurveChart;
            ChartView view(chart);
            chart->setCurves({c});
            QVERIFY(chart->isDetailPending());
        } // destroyed with its build pending
        auto *chart = new CurveChart;
        ChartView view(chart);
        view.resize(600, 300);
        chart->setCurves({c});
        ChartCurve taller = c;
        taller.y[size_t(n / 2 + 1)] = 1000.0;
        chart->setCurve(taller); // the first build is stopped; only the second one lands
        chart->setCurveVisible(c.id, false); // reads no points: the build goes on
        chart->setCurveVisible(c.id, true);
        QVERIFY(chart->isDetailPending());
        QSignalSpy ready(chart, &CurveChart::detailReady);
        QVERIFY(ready.wait(20000));
        QCOMPARE(ready.size(), 1);
        QVERIFY(chart->view().bottom() > 1000);
        chart->setCurveVisible(c.id, false); // an edit while nothing runs
        QVERIFY(!chart->isDetailPending());
    }
};

QTEST_MAIN(TestChartsWidget)
#include "tst_chartswidget.moc"

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Charts benchmark: 4 runs × 2 M points, offscreen, the old path beside the new one in one run.
//   old: every range change decimates the points in view for the plot width (Decimator over a
//        MinMaxIndex, built on the GUI thread) — what CurveChart does without level of detail;
//   new: level of detail — each line drawn from a LodPyramid, built once in the background while a
//        coarse picture shows; a frame copies a slice of it.
// For each: time to first paint (curves built from Runs with smoothing on → charts → first frame
// drawn), for the new path also until every full pyramid is in, then the frame time of a scripted
// pan/zoom sequence (one user step → every chart updated and painted), wall and GUI-thread CPU.
// Done for one chart (loss of 4 runs) and for the Charts dock's four linked charts.
#include "charts/chartspanel.h"
#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "core/engines/charts/runcurvebuilder.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/base/model/metricnames.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <vector>

namespace {

constexpr int runCount = 4;
constexpr int pointCount = 2000000;

RunMetrics makeRun(int index)
{
    RunMetrics r;
    r.name = QStringLiteral("run%1").arg(index);
    r.reserve(pointCount);
    QRandomGenerator rng(quint32(42 + index));
    for (int i = 0; i < pointCount; ++i) {
        const int p = r.appendPoint(i + 1, 1.7e9 + i * 0.8);
        const double loss = 2.0 + 9.0 * std::exp(-i / 150000.0) + 0.05 * index + 0.08 * (rng.generateDouble() - 0.5);
        r.setValue(p, MetricNames::lmLoss, i == 1234567 + index ? 40.0 : loss);
        r.setValue(p, MetricNames::tokensPerSecond, 1.2e5 + 2e3 * rng.generateDouble());
        r.setValue(p, MetricNames::learningRate, 3e-4 * std::min(1.0, i / 2000.0));
        r.setValue(p, MetricNames::gradNorm, 0.8 + 0.4 * rng.generateDouble());
    }
    return r;
}

double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readLine()).section(QLatin1Char(' '), 0, 2)
                                       : QStringLiteral("?");
}

double percentile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, size_t(q * double(v.size())))];
}

/// Wall-clock and GUI-thread CPU time of one stretch of work.
struct Clock
{
    QElapsedTimer wall;
    double cpu0 = 0;
    void start()
    {
        wall.start();
        cpu0 = cpuMs();
    }
    double wallMs() const { return double(wall.nsecsElapsed()) / 1e6; }
    double cpuUsed() const { return cpuMs() - cpu0; }
};

struct Frames
{
    std::vector<double> wall, cpu;
};

// One scripted interaction: zoom in three times, pan right and left, zoom back out, reset; repeated
// (before issue 34 the sequence zoomed out 36x further than it zoomed in, so most frames drew
// almost nothing).
// A frame is one user step and every chart repainted (linked charts follow the first).
Frames interact(const std::vector<ChartView *> &views, int frames)
{
    Frames out;
    ChartView *view = views.front();
    Clock c;
    for (int f = 0; f < frames; ++f) {
        c.start();
        const QRectF v = view->curveChart()->view();
        switch (f % 8) {
        case 0:
        case 1:
        case 2: view->zoomX(0.6, v.center().x()); break;
        case 3:
        case 4: view->pan(0.15, 0); break;
        case 5: view->pan(-0.3, 0); break;
        case 6: view->zoomX(1.0 / (0.6 * 0.6 * 0.6), v.center().x()); break;
        default: view->resetZoom(); break;
        }
        for (ChartView *w : views)
            w->viewport()->grab();
        out.wall.push_back(c.wallMs());
        out.cpu.push_back(c.cpuUsed());
    }
    return out;
}

// Waits until no chart has a pyramid still building (the new path); returns the wall time waited.
double awaitDetail(const std::vector<ChartView *> &views)
{
    QElapsedTimer t;
    t.start();
    auto pending = [&] {
        return std::any_of(views.cbegin(), views.cend(),
                           [](ChartView *v) { return v->curveChart()->isDetailPending(); });
    };
    while (pending())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return double(t.nsecsElapsed()) / 1e6;
}

struct Result
{
    double firstPaintWall = 0, firstPaintCpu = 0, buildWall = 0, buildCpu = 0;
    bool levelOfDetail = false;
    double detailWall = 0; ///< new path: from first paint until every full pyramid was in
    int shownPoints = 0;
    Frames frames;
};

void print(QTextStream &out, const char *path, const Result &r)
{
    out << "    " << path << ": first paint " << qRound(r.firstPaintWall) << " ms wall / " << qRound(r.firstPaintCpu)
        << " ms GUI CPU (building its curves from the runs, smoothing included, takes " << qRound(r.buildWall)
        << " ms wall / " << qRound(r.buildCpu) << " ms CPU of that)";
    if (r.levelOfDetail)
        out << ", full pyramids in " << qRound(r.detailWall) << " ms later";
    out << "; " << r.shownPoints << " points on screen\n"
        << "      pan/zoom over " << r.frames.wall.size() << " frames: p50 "
        << QString::number(percentile(r.frames.wall, 0.5), 'f', 1) << " ms, p90 "
        << QString::number(percentile(r.frames.wall, 0.9), 'f', 1) << " ms, max "
        << QString::number(percentile(r.frames.wall, 1.0), 'f', 1) << " ms wall; GUI CPU p50 "
        << QString::number(percentile(r.frames.cpu, 0.5), 'f', 1) << " ms, p90 "
        << QString::number(percentile(r.frames.cpu, 0.9), 'f', 1) << " ms\n";
}

// One chart: loss of 4 runs, smoothing 0.6 (8 lines: smoothed + faint raw).
Result singleChart(const std::vector<RunMetrics> &runs, bool levelOfDetail)
{
    Result r;
    r.levelOfDetail = levelOfDetail;
    Clock c;
    c.start();
    QVector<ChartCurve> curves;
    for (int i = 0; i < runCount; ++i) {
        ChartCurve curve = RunCurveBuilder::build(runs[size_t(i)], MetricNames::lmLoss, {ChartXAxis::Step, 0, 0.6});
        curve.id = curve.label = runs[size_t(i)].name;
        curve.rgb = LoadedRunsModel::paletteColor(i);
        curves << curve;
    }
    r.buildWall = c.wallMs();
    r.buildCpu = c.cpuUsed();
    auto *chart = new CurveChart;
    ChartView view(chart);
    chart->setLevelOfDetail(levelOfDetail);
    view.resize(1200, 700);
    view.show();
    chart->setCurves(curves);
    view.viewport()->grab();
    r.firstPaintWall = c.wallMs();
    r.firstPaintCpu = c.cpuUsed();
    r.detailWall = awaitDetail({&view});
    r.shownPoints = chart->shownPointCount();
    r.frames = interact({&view}, 80);
    return r;
}

// The Charts dock: four linked charts (loss, tokens/s, lr, grad norm) of 4 runs.
Result dock(const std::vector<RunMetrics> &runs, bool levelOfDetail)
{
    Result r;
    r.levelOfDetail = levelOfDetail;
    LoadedRunsModel model;
    Clock c;
    // What the dock's first paint spends building its 16 curves from the Runs (on the GUI thread,
    // the same on both paths), measured alone beforehand.
    c.start();
    for (const QString &metric : ChartsPanel::defaultMetrics()) {
        for (const RunMetrics &run : runs)
            RunCurveBuilder::buildChartMetric(run, metric, {ChartXAxis::Step, 0, 0.6});
    }
    r.buildWall = c.wallMs();
    r.buildCpu = c.cpuUsed();
    c.start();
    ChartsPanel panel(model);
    std::vector<ChartView *> views;
    for (int i = 0; i < panel.chartCount(); ++i) {
        views.push_back(panel.view(i));
        panel.chart(i)->setLevelOfDetail(levelOfDetail);
    }
    panel.resize(1400, 900);
    panel.show();
    for (const RunMetrics &run : runs)
        model.addRun(run);
    for (ChartView *v : views)
        v->viewport()->grab();
    r.firstPaintWall = c.wallMs();
    r.firstPaintCpu = c.cpuUsed();
    r.detailWall = awaitDetail(views);
    for (ChartView *v : views)
        r.shownPoints += v->curveChart()->shownPointCount();
    r.frames = interact(views, 40);
    return r;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTextStream out(stdout);
    out << "charts benchmark: " << runCount << " runs x " << pointCount << " points, offscreen; load average at start "
        << loadAverage() << "\n";

    QElapsedTimer t;
    t.start();
    std::vector<RunMetrics> runs;
    for (int i = 0; i < runCount; ++i)
        runs.push_back(makeRun(i));
    out << "  generating runs: " << t.elapsed() << " ms (not part of the numbers below)\n";

    out << "  single chart (loss of 4 runs, smoothing on, 1200x700):\n";
    print(out, "old path (decimate per frame)", singleChart(runs, false));
    out.flush();
    print(out, "new path (level of detail)   ", singleChart(runs, true));
    out.flush();

    out << "  Charts dock (4 linked charts x 4 runs, 1400x900):\n";
    const Result oldDock = dock(runs, false);
    print(out, "old path (decimate per frame)", oldDock);
    out.flush();
    const Result newDock = dock(runs, true);
    print(out, "new path (level of detail)   ", newDock);

    // Wall times depend on what else the machine runs; the GUI thread's CPU time is what the same
    // work takes with a core of its own (the pyramid builds run on another thread).
    auto goals = [&](const char *what, double firstPaint, const std::vector<double> &frames) {
        const double p90 = percentile(frames, 0.9);
        out << "  goals, new path, Charts dock, " << what << ": first paint <= 1000 ms "
            << (firstPaint <= 1000 ? "met" : "NOT met") << " (" << qRound(firstPaint) << " ms), p90 frame <= 16 ms "
            << (p90 <= 16 ? "met" : "NOT met") << " (" << QString::number(p90, 'f', 1) << " ms)\n";
    };
    goals("wall", newDock.firstPaintWall, newDock.frames.wall);
    goals("GUI-thread CPU", newDock.firstPaintCpu, newDock.frames.cpu);
    out << "  load average at end " << loadAverage() << "\n";
    return 0;
}

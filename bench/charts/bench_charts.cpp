// Charts benchmark: 4 runs × 2 M points, offscreen.
//   time to first paint: curves built from Runs (smoothing on) → CurveChart → first frame drawn;
//   frame time while panning and zooming: one user step (wheel zoom, drag pan) → re-decimation →
//   replace() → paint, for one chart and for the Charts dock's four linked charts.
// Baseline in the same run: the same chart handed every point (no decimation), one frame.
#include "charts/chartspanel.h"
#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "charts/runcurvebuilder.h"
#include "runs/runlistmodel.h"
#include "model/metricnames.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineSeries>
#include <QRandomGenerator>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

constexpr int runCount = 4;
constexpr int pointCount = 2000000;

Run makeRun(int index)
{
    Run r;
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

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

double percentile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[std::min(v.size() - 1, size_t(q * double(v.size())))];
}

// One scripted interaction: zoom in three times, pan right and left, zoom back out; repeated.
std::vector<double> interact(const std::vector<ChartView *> &views, int frames)
{
    std::vector<double> times;
    ChartView *view = views.front();
    QElapsedTimer t;
    for (int f = 0; f < frames; ++f) {
        t.start();
        const QRectF v = view->curveChart()->view();
        switch (f % 8) {
        case 0:
        case 1:
        case 2: view->zoomX(0.6, v.center().x()); break;
        case 3:
        case 4: view->pan(0.15, 0); break;
        case 5: view->pan(-0.3, 0); break;
        default: view->zoomX(1.0 / (0.6 * 0.6 * 0.6 * 0.6 * 0.6), v.center().x()); break;
        }
        for (ChartView *w : views)
            w->viewport()->grab();
        times.push_back(t.nsecsElapsed() / 1e6);
    }
    return times;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTextStream out(stdout);
    out << "charts benchmark: " << runCount << " runs x " << pointCount << " points, offscreen, 1200x700\n";

    QElapsedTimer t;
    t.start();
    std::vector<Run> runs;
    for (int i = 0; i < runCount; ++i)
        runs.push_back(makeRun(i));
    out << "  generating runs: " << t.elapsed() << " ms (not part of the numbers below)\n";

    // Single chart: loss of 4 runs, smoothing 0.6 (8 line series: smoothed + faint raw).
    t.start();
    QVector<ChartCurve> curves;
    for (int i = 0; i < runCount; ++i) {
        ChartCurve c = RunCurveBuilder::build(runs[size_t(i)], MetricNames::lmLoss, {ChartXAxis::Step, 0, 0.6});
        c.id = c.label = runs[size_t(i)].name;
        c.rgb = RunListModel::paletteColor(i);
        curves << c;
    }
    const double buildMs = t.nsecsElapsed() / 1e6;
    auto *chart = new CurveChart;
    ChartView view(chart);
    view.resize(1200, 700);
    view.show();
    chart->setCurves(curves);
    view.viewport()->grab();
    const double firstPaintMs = t.nsecsElapsed() / 1e6;
    out << "  single chart: time to first paint " << firstPaintMs << " ms (of which curve build + smoothing " << buildMs
        << " ms), " << chart->shownPointCount() << " points handed to Qt Charts\n";

    std::vector<double> frames = interact({&view}, 80);
    const double singleMedian = median(frames);
    out << "  single chart pan/zoom: median frame " << singleMedian << " ms, p90 " << percentile(frames, 0.9)
        << " ms, max " << *std::max_element(frames.begin(), frames.end()) << " ms over " << frames.size()
        << " frames\n";

    // Baseline: every point given to Qt Charts, no decimation (what a plain QLineSeries does).
    t.start();
    {
        auto *naive = new QChart;
        naive->setAnimationOptions(QChart::NoAnimation);
        QChartView naiveView(naive);
        naiveView.resize(1200, 700);
        for (int i = 0; i < runCount; ++i) {
            auto *s = new QLineSeries;
            QList<QPointF> pts;
            pts.reserve(pointCount);
            for (int k = 0; k < pointCount; ++k)
                pts.append(QPointF(curves[i].x[size_t(k)], curves[i].y[size_t(k)]));
            s->replace(pts);
            naive->addSeries(s);
        }
        naive->createDefaultAxes();
        naiveView.show();
        naiveView.viewport()->grab();
    }
    const double naiveMs = t.nsecsElapsed() / 1e6;
    out << "  baseline (all " << runCount * pointCount << " raw points to QLineSeries, one frame): " << naiveMs
        << " ms\n";
    out << "  ratio baseline frame / decimated median frame: " << naiveMs / std::max(singleMedian, 1e-3) << "x\n";

    // The Charts dock: four linked charts (loss, tokens/s, lr, grad norm), every frame redraws all.
    RunListModel model;
    t.start();
    ChartsPanel panel(model);
    panel.resize(1400, 900);
    panel.show();
    for (const Run &r : runs)
        model.addRun(r);
    std::vector<ChartView *> views;
    for (int i = 0; i < panel.chartCount(); ++i) {
        views.push_back(panel.view(i));
        panel.view(i)->viewport()->grab();
    }
    out << "  Charts dock (4 charts x 4 runs): time to first paint " << t.nsecsElapsed() / 1e6 << " ms\n";
    frames = interact(views, 40);
    const double dockMedian = median(frames);
    out << "  Charts dock linked pan/zoom: median frame " << dockMedian << " ms (all 4 charts), p90 "
        << percentile(frames, 0.9) << " ms\n";
    out << "  target: median frame <= 16 ms -> single chart " << (singleMedian <= 16 ? "met" : "NOT met")
        << ", Charts dock " << (dockMedian <= 16 ? "met" : "NOT met") << "\n";
    return 0;
}

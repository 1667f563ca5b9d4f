// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The Charts dock's axis ranges on real logs: after log y on and off, wheel zoom, pan and reset,
// every chart's y range is the data in view (no 0–1 frame, no curve off the plot, a constant learning
// rate in the middle) and linked charts share one x range.
#include "charts/chartspanel.h"
#include "charts/chartview.h"
#include "charts/curvechart.h"
#include "core/workflows/runs/runloader.h"
#include "core/base/model/metricnames.h"
#include "core/workflows/runs/loadedrunsmodel.h"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

namespace {

const QString h100 = QStringLiteral(PORTBENCH_TEST_DATA "/logs/h100/hf/");

/// A long Megatron log whose learning rate is constant after warm-up (the 1 M-iteration log of the
/// issue, shortened): every line is the first line of a real Megatron log with the iteration, the
/// learning rate and the loss replaced.
QString writeLongMegatronLog(const QString &dir)
{
    QFile real(QStringLiteral(PORTBENCH_TEST_DATA "/logs/megatron_training_log_2024_throughput_moe.txt"));
    if (!real.open(QIODevice::ReadOnly))
        return {};
    const QString line = QString::fromUtf8(real.readLine());
    const QString path = dir + QStringLiteral("/megatron_long.log");
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    const QRegularExpression iteration(QStringLiteral("iteration\\s+\\d+/\\s+\\d+"));
    const QRegularExpression lr(QStringLiteral("learning rate: [0-9.E+-]+"));
    const QRegularExpression loss(QStringLiteral("lm loss: [0-9.E+-]+"));
    const int lines = 4000, every = 160;
    for (int i = 1; i <= lines; ++i) {
        const qint64 step = qint64(i) * every;
        const double rate = 3e-4 * std::min(1.0, i / 100.0);
        QString text = line;
        text.replace(iteration, QStringLiteral("iteration %1/ %2").arg(step).arg(qint64(lines) * every));
        text.replace(lr, QStringLiteral("learning rate: %1").arg(rate, 0, 'E', 6));
        text.replace(loss,
                     QStringLiteral("lm loss: %1").arg(2.0 + 6.0 * std::exp(-i / 500.0) + 0.01 * (i % 7), 0, 'E', 6));
        out.write(text.toUtf8());
    }
    return path;
}

/// min/max of what the chart draws with x in [x0, x1] (all of it when nothing is there), computed
/// from the curves directly, not from the chart's index.
bool drawnRange(const CurveChart *chart, double x0, double x1, double *lo, double *hi)
{
    *lo = std::numeric_limits<double>::infinity();
    *hi = -*lo;
    const bool log = chart->logY();
    for (const ChartCurve &c : chart->curves()) {
        if (!c.visible)
            continue;
        const auto add = [&](const std::vector<double> &ys) {
            for (size_t i = 0; i < ys.size(); ++i) {
                if (c.x[i] < x0 || c.x[i] > x1 || !std::isfinite(ys[i]) || (log && ys[i] <= 0))
                    continue;
                *lo = std::min(*lo, ys[i]);
                *hi = std::max(*hi, ys[i]);
            }
        };
        if (chart->spec().showRaw || c.smoothed.empty())
            add(c.y);
        add(c.smoothed);
    }
    return *lo <= *hi;
}

/// The y range shows all the data in view and little else.
QString yRangeProblem(const CurveChart *chart)
{
    const QRectF v = chart->view();
    double lo, hi;
    if (!drawnRange(chart, v.left(), v.right(), &lo, &hi)
        && !drawnRange(chart, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), &lo,
                       &hi))
        return chart->isShowingEmptyText() ? QString() : QStringLiteral("no data and no empty text");
    const QString where = QStringLiteral("%1: y %2..%3 for data %4..%5 (x %6..%7)%8")
                              .arg(chart->title())
                              .arg(v.top())
                              .arg(v.bottom())
                              .arg(lo)
                              .arg(hi)
                              .arg(v.left())
                              .arg(v.right())
                              .arg(chart->logY() ? QStringLiteral(" log") : QString());
    if (v.top() > lo || v.bottom() < hi)
        return QStringLiteral("data off the plot: ") + where;
    if (chart->logY()) {
        if (!(v.top() > 0) || v.bottom() / v.top() > (hi / lo) * 1.6)
            return QStringLiteral("log range too wide: ") + where;
        return {};
    }
    if (hi > lo) {
        if (hi - lo < 0.8 * v.height())
            return QStringLiteral("data fills less than 80 %: ") + where;
        return {};
    }
    // A constant: in the middle of a narrow band, not at an edge of a ±0.5 frame.
    if (v.height() > 0.2 * std::abs(lo) || std::abs((v.top() + v.bottom()) / 2 - lo) > 0.01 * v.height())
        return QStringLiteral("constant not centred: ") + where;
    return {};
}

} // namespace

class TestChartRanges : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// The first chart whose y range does not fit its data in view, or whose x differs from the
    /// other linked charts'; empty when all are right.
    static QString rangeProblem(ChartsPanel &panel)
    {
        double left = std::nan(""), right = std::nan("");
        for (int i = 0; i < panel.chartCount(); ++i) {
            CurveChart *chart = panel.chart(i);
            const QString problem = yRangeProblem(chart);
            if (!problem.isEmpty())
                return problem;
            if (chart->curves().isEmpty())
                continue;
            // Linked: one x range for every chart with data.
            const QRectF v = chart->view();
            if (std::isnan(left)) {
                left = v.left();
                right = v.right();
            }
            if (v.left() != left || v.right() != right)
                return QStringLiteral("%1: x %2..%3, others %4..%5")
                    .arg(chart->title())
                    .arg(v.left())
                    .arg(v.right())
                    .arg(left)
                    .arg(right);
        }
        return {};
    }

private Q_SLOTS:
    void rangesFollowTheDataOnRealLogs_data()
    {
        QTest::addColumn<QStringList>("logs");
        QTest::addColumn<QStringList>("emptyCharts");
        const QString tokens = MetricNames::tokensPerSecond;
        QTest::newRow("h100 hf fp32 bf16 lr2e-3") << QStringList{h100 + QStringLiteral("cuda_fp32.console.log"),
                                                                 h100 + QStringLiteral("cuda_bf16.console.log"),
                                                                 h100 + QStringLiteral("cuda_fp32_lr2e-3.console.log")}
                                                  << QStringList{tokens};
        QTest::newRow("h100 hf six runs") << QStringList{h100 + QStringLiteral("cpu_fp32.console.log"),
                                                         h100 + QStringLiteral("cuda_bf16.console.log"),
                                                         h100 + QStringLiteral("cuda_fp32.console.log"),
                                                         h100 + QStringLiteral("cuda_fp32_rep2.console.log"),
                                                         h100 + QStringLiteral("cuda_fp32_seed1.console.log"),
                                                         h100 + QStringLiteral("cuda_fp32_lr2e-3.console.log")}
                                          << QStringList{tokens};
        QTest::newRow("megatron moe") << QStringList{QStringLiteral(
            PORTBENCH_TEST_DATA "/logs/megatron_training_log_2024_throughput_moe.txt")}
                                      << QStringList{};
        QTest::newRow("megatron long, constant lr") << QStringList{QStringLiteral("long-megatron")} << QStringList{};
    }

    void rangesFollowTheDataOnRealLogs()
    {
        QFETCH(QStringList, logs);
        QFETCH(QStringList, emptyCharts);
        LoadedRunsModel runs;
        RunLoader loader(runs);
        ChartsPanel panel(runs);
        panel.resize(1300, 800);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy loaded(&loader, &RunLoader::loaded);
        for (int i = 0; i < logs.size(); ++i) {
            loader.open(logs.at(i) == QLatin1String("long-megatron") ? writeLongMegatronLog(m_dir.path()) : logs.at(i));
            QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), i + 1, 20000);
        }
        QCOMPARE(runs.rowCount(), logs.size());
        for (const QString &metric : emptyCharts) {
            CurveChart *chart = panel.chart(panel.indexOf(metric));
            QVERIFY(chart->curves().isEmpty());
            QVERIFY(chart->isShowingEmptyText());
            QCOMPARE(chart->emptyText(), QStringLiteral("No run has %1").arg(ChartsPanel::metricTitle(metric)));
            for (QAbstractAxis *axis : chart->axes())
                QVERIFY(!axis->isVisible());
        }
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("loaded: ") + rangeProblem(panel)));
        // Thousandths read as decimals: a learning rate of 0.002 is "0.002", not "2m".
        for (int i = 0; i < panel.chartCount(); ++i) {
            for (QAbstractAxis *axis : panel.chart(i)->axes(Qt::Vertical)) {
                auto *category = qobject_cast<QCategoryAxis *>(axis);
                for (const QString &label : category ? category->categoriesLabels() : QStringList())
                    QVERIFY2(!label.endsWith(QLatin1Char('m')), qPrintable(label));
            }
        }
        const int loss = panel.indexOf(MetricNames::loss), lr = panel.indexOf(MetricNames::learningRate);
        panel.setLogY(true);
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("log y on: ") + rangeProblem(panel)));
        panel.setLogY(false);
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("log y off: ") + rangeProblem(panel)));
        const QRectF all = panel.chart(loss)->view();
        // Wheel zoom on the loss chart into the last part of the run (a learning rate after warm-up).
        panel.view(loss)->zoomX(0.4, all.right());
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("zoom: ") + rangeProblem(panel)));
        QVERIFY(panel.chart(lr)->view().width() < all.width() * 0.5);
        panel.setLogY(true);
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("zoomed, log y on: ") + rangeProblem(panel)));
        panel.setLogY(false);
        QVERIFY2(rangeProblem(panel).isEmpty(),
                 qPrintable(QStringLiteral("zoomed, log y off: ") + rangeProblem(panel)));
        // Pan on the learning-rate chart: the others follow it.
        panel.view(lr)->pan(-0.3, 0);
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("pan: ") + rangeProblem(panel)));
        panel.view(lr)->zoomX(0.5, panel.chart(lr)->view().center().x());
        QVERIFY2(rangeProblem(panel).isEmpty(),
                 qPrintable(QStringLiteral("zoom on the learning-rate chart: ") + rangeProblem(panel)));
        panel.view(panel.chartCount() - 1)->resetZoom();
        QVERIFY2(rangeProblem(panel).isEmpty(), qPrintable(QStringLiteral("reset: ") + rangeProblem(panel)));
        QCOMPARE(panel.chart(loss)->view().left(), all.left());
        QCOMPARE(panel.chart(loss)->view().right(), all.right());
    }

    void emptyChartsSayWhy()
    {
        LoadedRunsModel runs;
        ChartsPanel panel(runs);
        for (int i = 0; i < panel.chartCount(); ++i) {
            QVERIFY(panel.chart(i)->isShowingEmptyText());
            QVERIFY(panel.chart(i)->emptyText().startsWith(QLatin1String("No run loaded")));
        }
        RunMetrics run;
        run.name = QStringLiteral("loss only");
        for (int i = 0; i < 50; ++i)
            run.setValue(run.appendPoint(i + 1), MetricNames::lmLoss, 3.0 - i * 0.01);
        const int id = runs.addRun(run);
        CurveChart *loss = panel.chart(panel.indexOf(MetricNames::loss));
        CurveChart *grad = panel.chart(panel.indexOf(MetricNames::gradNorm));
        QVERIFY(!loss->isShowingEmptyText());
        for (QAbstractAxis *axis : loss->axes())
            QVERIFY(axis->isVisible());
        QVERIFY(grad->isShowingEmptyText());
        QCOMPARE(grad->emptyText(), QStringLiteral("No run has Grad norm"));
        runs.removeRun(id);
        QVERIFY(loss->isShowingEmptyText());
    }
};

QTEST_MAIN(TestChartRanges)
#include "tst_chartranges.moc"

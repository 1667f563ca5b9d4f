// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartspanel.h"

#include "chartrenderer.h"
#include "chartview.h"
#include "core/engines/charts/chartcsvwriter.h"
#include "core/engines/charts/runcurvebuilder.h"
#include "core/workflows/runs/loadedrunsmodel.h"
#include "curvechart.h"
#include "core/base/model/metricnames.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSlider>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <limits>
#include <utility>

namespace {
constexpr int liveIntervalMs = 100; // ≤ 10 redraws a second however fast the log grows
constexpr int sliderSteps = 999;
} // namespace

ChartsPanel::ChartsPanel(LoadedRunsModel &runs, QWidget *parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_liveTimer(new QTimer(this))
    , m_smoothTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("ChartsPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    createToolBar();
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_gridHost = new QWidget(scroll);
    m_grid = new QGridLayout(m_gridHost);
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);
    scroll->setWidget(m_gridHost);
    layout->addWidget(scroll, 1);

    m_liveTimer->setSingleShot(true);
    m_liveTimer->setInterval(liveIntervalMs);
    connect(m_liveTimer, &QTimer::timeout, this, &ChartsPanel::flushLive);
    // Re-smoothing millions of points on every slider tick would stall the drag.
    m_smoothTimer->setSingleShot(true);
    m_smoothTimer->setInterval(60);
    connect(m_smoothTimer, &QTimer::timeout, this, &ChartsPanel::rebuildAll);

    connect(&m_runs, &LoadedRunsModel::runAdded, this, &ChartsPanel::rebuildRun);
    connect(&m_runs, &LoadedRunsModel::runPresentationChanged, this, &ChartsPanel::rebuildRun);
    connect(&m_runs, &LoadedRunsModel::runPointsChanged, this, [this](int id, int fromPoint) {
        if (fromPoint == 0) {
            rebuildRun(id);
            return;
        }
        const auto it = m_dirty.find(id);
        if (it == m_dirty.end())
            m_dirty.insert(id, fromPoint);
        else
            *it = std::min(*it, fromPoint);
        if (!m_liveTimer->isActive())
            m_liveTimer->start();
    });
    connect(&m_runs, &LoadedRunsModel::runRemoved, this, [this](int id) {
        m_dirty.remove(id);
        m_hidden.remove(id);
        for (const Entry &e : m_charts)
            e.chart->removeCurve(QString::number(id));
        alignX();
        updateEmptyTexts();
        updateAxisNote();
    });

    for (const QString &metric : defaultMetrics())
        addChart(metric);
    retranslateUi();
}

ChartsPanel::~ChartsPanel() = default;

QStringList ChartsPanel::defaultMetrics()
{
    return {MetricNames::loss, MetricNames::tokensPerSecond, MetricNames::learningRate, MetricNames::gradNorm};
}

QString ChartsPanel::metricTitle(const QString &metric)
{
    if (metric == MetricNames::loss)
        return tr("Loss");
    if (metric == MetricNames::tokensPerSecond)
        return tr("Tokens/s");
    if (metric == MetricNames::learningRate)
        return tr("Learning rate");
    if (metric == MetricNames::gradNorm)
        return tr("Grad norm");
    return metric;
}

CurveChart *ChartsPanel::chart(int index) const
{
    return index >= 0 && index < chartCount() ? m_charts[size_t(index)].chart : nullptr;
}

ChartView *ChartsPanel::view(int index) const
{
    return index >= 0 && index < chartCount() ? m_charts[size_t(index)].view : nullptr;
}

QString ChartsPanel::metric(int index) const
{
    return index >= 0 && index < chartCount() ? m_charts[size_t(index)].metric : QString();
}

int ChartsPanel::indexOf(const QString &metric) const
{
    for (int i = 0; i < chartCount(); ++i) {
        if (m_charts[size_t(i)].metric == metric)
            return i;
    }
    return -1;
}

void ChartsPanel::addChart(const QString &metric)
{
    if (indexOf(metric) >= 0)
        return;
    auto *chart = new CurveChart;
    auto *view = new ChartView(chart, m_gridHost);
    view->setMinimumSize(chartMinimumWidth, 200);
    chart->setTitles(metricTitle(metric), ChartXAxis::title(m_axis), QString());
    chart->setLogY(m_logY);
    chart->setShowRaw(m_showRaw);
    chart->setShortLegend(true);
    m_charts.push_back({metric, chart, view});
    connect(chart, &CurveChart::legendToggled, this,
            [this](const QString &id) { setRunVisible(id.toInt(), !isRunVisible(id.toInt())); });
    connect(view, &ChartView::userChangedView, this, [this, chart] { syncFrom(chart); });
    connect(view, &ChartView::contextMenuWanted, this, [this, view](const QPoint &pos) {
        for (int i = 0; i < chartCount(); ++i) {
            if (m_charts[size_t(i)].view == view)
                showChartMenu(i, pos);
        }
    });
    QVector<ChartCurve> curves;
    for (int id : m_runs.ids()) {
        ChartCurve c = curveFor(id, metric);
        if (!c.x.empty())
            curves << c;
    }
    chart->setCurves(curves);
    alignX();
    updateEmptyTexts();
    if (m_linked && chartCount() > 1 && !m_charts.front().chart->isFitting()) {
        const QRectF v = m_charts.front().chart->view();
        chart->setXRange(v.left(), v.right());
    }
    relayout();
}

void ChartsPanel::removeChart(int index)
{
    if (index < 0 || index >= chartCount())
        return;
    delete m_charts[size_t(index)].view;
    m_charts.erase(m_charts.begin() + index);
    m_current = 0;
    relayout();
}

void ChartsPanel::setXAxis(ChartXAxis::Kind axis)
{
    if (m_axis == axis)
        return;
    m_axis = axis;
    m_axisCombo->setCurrentIndex(m_axisCombo->findData(int(axis)));
    for (const Entry &e : m_charts) {
        e.chart->setTimeX(axis == ChartXAxis::WallClock);
        e.chart->setTitles(metricTitle(e.metric), ChartXAxis::title(axis), QString());
        e.chart->fitOnNextChange();
    }
    rebuildAll();
    updateAxisNote();
}

void ChartsPanel::setSmoothing(double weight)
{
    weight = std::clamp(weight, 0.0, 0.999);
    if (weight == m_smoothing)
        return;
    m_smoothing = weight;
    const QSignalBlocker b1(m_smoothSlider), b2(m_smoothSpin);
    m_smoothSlider->setValue(int(std::lround(weight * 1000)));
    m_smoothSpin->setValue(weight);
    m_smoothTimer->start();
}

void ChartsPanel::setShowRaw(bool on)
{
    m_showRaw = on;
    const QSignalBlocker b(m_rawCheck);
    m_rawCheck->setChecked(on);
    for (const Entry &e : m_charts)
        e.chart->setShowRaw(on);
}

void ChartsPanel::setLogY(bool on)
{
    m_logY = on;
    m_logAction->setChecked(on);
    for (const Entry &e : m_charts)
        e.chart->setLogY(on);
}

void ChartsPanel::setFollowLatest(bool on)
{
    m_follow = on;
    m_followAction->setChecked(on);
    if (on)
        followLatest();
}

void ChartsPanel::setLinkedZoom(bool on)
{
    m_linked = on;
    m_linkAction->setChecked(on);
    alignX();
}

void ChartsPanel::setRunVisible(int runId, bool visible)
{
    if (visible)
        m_hidden.remove(runId);
    else
        m_hidden.insert(runId);
    for (const Entry &e : m_charts)
        e.chart->setCurveVisible(QString::number(runId), visible);
}

bool ChartsPanel::exportImage(int index, const QString &path, QString *error)
{
    CurveChart *c = chart(index);
    if (!c) {
        *error = tr("no such chart");
        return false;
    }
    const QSize size = view(index)->size().expandedTo(QSize(640, 360));
    ChartRenderer renderer(c->spec(), size);
    return renderer.toFile(path, error, 2.0);
}

bool ChartsPanel::exportCsv(int index, const QString &path, QString *error, qint64 *rows)
{
    CurveChart *c = chart(index);
    if (!c) {
        *error = tr("no such chart");
        return false;
    }
    QVector<ChartCurve> visible;
    for (const ChartCurve &curve : c->curves()) {
        if (curve.visible)
            visible << curve;
    }
    const ChartCsvWriter::Result r = ChartCsvWriter::writeFile(path, visible, ChartXAxis::id(m_axis));
    if (rows)
        *rows = r.rows;
    if (!r)
        *error = r.error;
    return bool(r);
}

ChartCurve ChartsPanel::curveFor(int runId, const QString &metric) const
{
    const RunMetrics *run = m_runs.run(runId);
    if (!run)
        return {};
    ChartCurve c = RunCurveBuilder::buildChartMetric(*run, metric, {m_axis, m_runs.stepOffset(runId), m_smoothing});
    c.id = QString::number(runId);
    c.rgb = m_runs.color(runId);
    c.visible = !m_hidden.contains(runId);
    return c;
}

void ChartsPanel::createToolBar()
{
    auto *bar = new QToolBar(this);
    bar->setIconSize(QSize(16, 16));
    static_cast<QVBoxLayout *>(layout())->addWidget(bar);

    m_axisLabel = new QLabel(bar);
    bar->addWidget(m_axisLabel);
    m_axisCombo = new QComboBox(bar);
    for (ChartXAxis::Kind k :
         {ChartXAxis::Step, ChartXAxis::WallClock, ChartXAxis::RelativeTime, ChartXAxis::ConsumedTokens})
        m_axisCombo->addItem(ChartXAxis::title(k), int(k));
    connect(m_axisCombo, &QComboBox::activated, this,
            [this](int i) { setXAxis(ChartXAxis::Kind(m_axisCombo->itemData(i).toInt())); });
    bar->addWidget(m_axisCombo);
    bar->addSeparator();

    m_smoothLabel = new QLabel(bar);
    bar->addWidget(m_smoothLabel);
    m_smoothSlider = new QSlider(Qt::Horizontal, bar);
    m_smoothSlider->setRange(0, sliderSteps);
    m_smoothSlider->setValue(int(std::lround(m_smoothing * 1000)));
    m_smoothSlider->setMaximumWidth(160);
    m_smoothSpin = new QDoubleSpinBox(bar);
    m_smoothSpin->setRange(0.0, 0.999);
    m_smoothSpin->setDecimals(3);
    m_smoothSpin->setSingleStep(0.01);
    m_smoothSpin->setValue(m_smoothing);
    // Applied on Enter or leaving the box: typing "0.95" must not apply "0" then "0.9" on the way.
    m_smoothSpin->setKeyboardTracking(false);
    connect(m_smoothSlider, &QSlider::valueChanged, this, [this](int v) { setSmoothing(v / 1000.0); });
    connect(m_smoothSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) { setSmoothing(v); });
    bar->addWidget(m_smoothSlider);
    bar->addWidget(m_smoothSpin);
    m_rawCheck = new QCheckBox(bar);
    m_rawCheck->setChecked(m_showRaw);
    connect(m_rawCheck, &QCheckBox::toggled, this, &ChartsPanel::setShowRaw);
    bar->addWidget(m_rawCheck);
    bar->addSeparator();

    m_logAction = bar->addAction(QString());
    m_logAction->setCheckable(true);
    m_logAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    connect(m_logAction, &QAction::toggled, this, &ChartsPanel::setLogY);
    m_linkAction = bar->addAction(QString());
    m_linkAction->setCheckable(true);
    m_linkAction->setChecked(m_linked);
    connect(m_linkAction, &QAction::toggled, this, &ChartsPanel::setLinkedZoom);
    m_followAction = bar->addAction(QString());
    m_followAction->setCheckable(true);
    m_followAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    connect(m_followAction, &QAction::toggled, this, &ChartsPanel::setFollowLatest);
    m_resetAction = bar->addAction(QString());
    connect(m_resetAction, &QAction::triggered, this, [this] {
        for (const Entry &e : m_charts)
            e.chart->fitAll();
    });
    bar->addSeparator();

    m_addButton = new QToolButton(bar);
    m_addButton->setPopupMode(QToolButton::InstantPopup);
    m_addMenu = new QMenu(m_addButton);
    connect(m_addMenu, &QMenu::aboutToShow, this, &ChartsPanel::populateAddMenu);
    m_addButton->setMenu(m_addMenu);
    bar->addWidget(m_addButton);

    m_exportButton = new QToolButton(bar);
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *exportMenu = new QMenu(m_exportButton);
    m_exportPngAction
        = exportMenu->addAction(QString(), this, [this] { exportWithDialog(currentIndex(), QStringLiteral("png")); });
    m_exportSvgAction
        = exportMenu->addAction(QString(), this, [this] { exportWithDialog(currentIndex(), QStringLiteral("svg")); });
    m_exportCsvAction
        = exportMenu->addAction(QString(), this, [this] { exportWithDialog(currentIndex(), QStringLiteral("csv")); });
    m_exportButton->setMenu(exportMenu);
    bar->addWidget(m_exportButton);
}

void ChartsPanel::retranslateUi()
{
    //: Label before the x-axis choice (Step, Wall clock, …) in the Charts tool bar.
    m_axisLabel->setText(tr("X axis "));
    for (int i = 0; i < m_axisCombo->count(); ++i)
        m_axisCombo->setItemText(i, ChartXAxis::title(ChartXAxis::Kind(m_axisCombo->itemData(i).toInt())));
    m_axisCombo->setToolTip(tr("What the x axis measures. Runs that lack it (no timestamps, no consumed "
                               "tokens) are left out and listed above the charts. Align runs on the step "
                               "axis with the step offset in the Runs panel."));
    m_smoothLabel->setText(tr(" Smoothing "));
    const QString smoothTip = tr("TensorBoard's debiased exponential moving average: 0 = raw data, 0.999 = "
                                 "heaviest. NaN/inf values are kept and marked.");
    m_smoothSlider->setToolTip(smoothTip);
    m_smoothSpin->setToolTip(smoothTip);
    //: Check box: also draw the unsmoothed curve.
    m_rawCheck->setText(tr("Raw"));
    m_rawCheck->setToolTip(tr("Keep the unsmoothed curve visible, faint, behind the smoothed one"));
    //: Tool bar toggle: logarithmic y axis.
    m_logAction->setText(tr("Log y"));
    m_logAction->setToolTip(tr("Logarithmic y axis on every chart (values ≤ 0 are not drawn) (Ctrl+Shift+L)"));
    //: Tool bar toggle: the charts share their x range.
    m_linkAction->setText(tr("Link x"));
    m_linkAction->setToolTip(tr("Zooming or panning one chart moves the x axis of every chart"));
    m_followAction->setText(tr("Follow latest"));
    m_followAction->setToolTip(tr("While a live log grows, slide the view to its newest points (Ctrl+Shift+F). "
                                  "Off: your zoom stays where it is."));
    m_resetAction->setText(tr("Reset zoom"));
    m_resetAction->setToolTip(tr("Show all data on every chart (double-click or Home on a chart)"));
    m_addButton->setText(tr("Add chart"));
    m_addButton->setToolTip(tr("Add a chart for any metric the loaded runs log"));
    m_exportButton->setText(tr("Export"));
    m_exportButton->setToolTip(tr("Export the chart you last clicked: picture (PNG, SVG) or its data at full "
                                  "resolution (CSV)"));
    m_exportPngAction->setText(tr("Chart as PNG…"));
    m_exportSvgAction->setText(tr("Chart as SVG…"));
    m_exportCsvAction->setText(tr("Chart data as CSV…"));
    for (const Entry &e : m_charts)
        e.chart->setTitles(metricTitle(e.metric), ChartXAxis::title(m_axis), QString());
    updateEmptyTexts();
    updateAxisNote();
}

void ChartsPanel::updateEmptyTexts()
{
    const bool anyRun = m_runs.rowCount() > 0;
    for (const Entry &e : m_charts) {
        e.chart->setEmptyText(anyRun ? tr("No run has %1").arg(metricTitle(e.metric))
                                     : tr("No run loaded: open a training log (File > Open)"));
    }
}

void ChartsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ChartsPanel::rebuildAll()
{
    for (const Entry &e : m_charts) {
        QVector<ChartCurve> curves;
        for (int id : m_runs.ids()) {
            ChartCurve c = curveFor(id, e.metric);
            if (!c.x.empty())
                curves << c;
        }
        e.chart->setCurves(curves);
    }
    alignX();
    if (m_follow)
        followLatest();
}

void ChartsPanel::rebuildCurve(const Entry &entry, int runId)
{
    ChartCurve c = curveFor(runId, entry.metric);
    if (c.x.empty())
        entry.chart->removeCurve(c.id);
    else
        entry.chart->setCurve(std::move(c));
}

void ChartsPanel::rebuildRun(int runId)
{
    for (const Entry &e : m_charts)
        rebuildCurve(e, runId);
    alignX();
    updateEmptyTexts();
    updateAxisNote();
}

void ChartsPanel::flushLive()
{
    const QHash<int, int> dirty = std::exchange(m_dirty, {});
    for (auto it = dirty.cbegin(); it != dirty.cend(); ++it) {
        const RunMetrics *run = m_runs.run(it.key());
        if (!run)
            continue;
        const RunCurveBuilder::Options options{m_axis, m_runs.stepOffset(it.key()), m_smoothing};
        for (const Entry &e : m_charts) {
            const bool extended = e.chart->extendCurve(QString::number(it.key()), [&](ChartCurve &c) {
                return RunCurveBuilder::extend(c, *run, e.metric, options, it.value());
            });
            if (!extended)
                rebuildCurve(e, it.key());
        }
    }
    alignX();
    if (m_follow)
        followLatest();
}

void ChartsPanel::alignX()
{
    const double inf = std::numeric_limits<double>::infinity();
    double lo = inf, hi = -inf;
    if (m_linked) {
        for (const Entry &e : m_charts) {
            const QRectF b = e.chart->dataBounds(-inf, inf);
            if (b.isNull() && b.left() == 0 && b.width() == 0)
                continue;
            lo = std::min(lo, b.left());
            hi = std::max(hi, b.right());
        }
    }
    if (lo > hi)
        lo = hi = std::nan("");
    // A fitting chart derives its x from these bounds and its data at once.
    for (const Entry &e : m_charts)
        e.chart->setSharedXBounds(lo, hi);
}

void ChartsPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Two columns where two charts fit side by side; one (scrolling down) in a narrow centre.
    const int columns = width() >= 2 * chartMinimumWidth + 40 ? 2 : 1;
    if (columns != m_columns) {
        m_columns = columns;
        relayout();
    }
}

void ChartsPanel::relayout()
{
    while (m_grid->count() > 0)
        m_grid->takeAt(0);
    const int columns = chartCount() > 1 ? m_columns : 1;
    for (int i = 0; i < chartCount(); ++i)
        m_grid->addWidget(m_charts[size_t(i)].view, i / columns, i % columns);
}

void ChartsPanel::syncFrom(CurveChart *source)
{
    if (!m_linked || m_syncing)
        return;
    m_syncing = true;
    const QRectF v = source->view();
    for (const Entry &e : m_charts) {
        if (e.chart == source)
            continue;
        if (source->isFitting())
            e.chart->fitAll();
        else
            e.chart->setXRange(v.left(), v.right());
    }
    m_syncing = false;
}

void ChartsPanel::followLatest()
{
    const double inf = std::numeric_limits<double>::infinity();
    // Linked charts slide to the newest point of any of them, together: one x range for all.
    double latest = -inf;
    for (const Entry &e : m_charts) {
        const QRectF data = e.chart->dataBounds(-inf, inf);
        if (m_linked && !data.isNull())
            latest = std::max(latest, data.right());
    }
    for (const Entry &e : m_charts) {
        if (e.chart->isFitting())
            continue;
        const QRectF data = e.chart->dataBounds(-inf, inf);
        const double right = m_linked ? latest : data.isNull() ? -inf : data.right();
        const QRectF v = e.chart->view();
        if (right <= v.right())
            continue;
        e.chart->setXRange(right - v.width(), right);
    }
}

void ChartsPanel::showChartMenu(int index, const QPoint &globalPos)
{
    m_current = index;
    QMenu menu(this);
    menu.addAction(tr("Export as PNG…"), this, [this, index] { exportWithDialog(index, QStringLiteral("png")); });
    menu.addAction(tr("Export as SVG…"), this, [this, index] { exportWithDialog(index, QStringLiteral("svg")); });
    menu.addAction(tr("Export data as CSV…"), this, [this, index] { exportWithDialog(index, QStringLiteral("csv")); });
    menu.addSeparator();
    CurveChart *c = chart(index);
    QAction *log = menu.addAction(tr("Log y (this chart)"));
    log->setCheckable(true);
    log->setChecked(c->logY());
    connect(log, &QAction::toggled, c, &CurveChart::setLogY);
    // Through the view, so linked charts show all too.
    menu.addAction(tr("Show all"), view(index), &ChartView::resetZoom);
    menu.addSeparator();
    menu.addAction(tr("Remove chart"), this, [this, index] { removeChart(index); });
    menu.exec(globalPos);
}

void ChartsPanel::exportWithDialog(int index, const QString &kind)
{
    if (!chart(index))
        return;
    const QString filter = kind == QLatin1String("csv") ? tr("CSV (*.csv)")
        : kind == QLatin1String("svg")                  ? tr("SVG image (*.svg)")
                                                        : tr("PNG image (*.png)");
    const QString suggested = metric(index) + QLatin1Char('.') + kind;
    QString path
        = QFileDialog::getSaveFileName(this, tr("Export %1").arg(metricTitle(metric(index))), suggested, filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + kind;
    QString error;
    qint64 rows = 0;
    const bool ok
        = kind == QLatin1String("csv") ? exportCsv(index, path, &error, &rows) : exportImage(index, path, &error);
    const QString exported = metric(index);
    if (!ok)
        Q_EMIT message([error] { return tr("Export failed: %1").arg(error); });
    else if (kind == QLatin1String("csv"))
        Q_EMIT message([rows, exported, path] {
            return tr("Exported %n row(s) of %1 to %2", nullptr, int(rows)).arg(metricTitle(exported), path);
        });
    else
        Q_EMIT message([exported, path] { return tr("Exported %1 to %2").arg(metricTitle(exported), path); });
}

void ChartsPanel::populateAddMenu()
{
    m_addMenu->clear();
    QStringList metrics;
    for (int id : m_runs.ids()) {
        for (const QString &m : m_runs.run(id)->metricNames()) {
            if (!metrics.contains(m))
                metrics << m;
        }
    }
    if (metrics.isEmpty()) {
        m_addMenu->addAction(tr("(load a run first)"))->setEnabled(false);
        return;
    }
    // Canonical metrics first, in their display order, then the rest alphabetically.
    QStringList ordered;
    for (const QString &m : MetricNames::canonical()) {
        if (metrics.contains(m))
            ordered << m;
    }
    QStringList rest;
    for (const QString &m : metrics) {
        if (!ordered.contains(m))
            rest << m;
    }
    rest.sort();
    ordered += rest;
    for (const QString &m : ordered) {
        QAction *a = m_addMenu->addAction(metricTitle(m), this, [this, m] { addChart(m); });
        a->setEnabled(indexOf(m) < 0);
    }
}

void ChartsPanel::updateAxisNote()
{
    QStringList missing;
    for (int id : m_runs.ids()) {
        QString why;
        if (!ChartXAxis::available(*m_runs.run(id), m_axis, &why))
            missing
                << tr("%1 is not shown on the %2 axis: %3").arg(m_runs.run(id)->name, ChartXAxis::title(m_axis), why);
    }
    m_note->setText(missing.join(QLatin1Char('\n')));
    m_note->setVisible(!missing.isEmpty());
}

int ChartsPanel::currentIndex() const
{
    for (int i = 0; i < chartCount(); ++i) {
        if (m_charts[size_t(i)].view->hasFocus())
            return i;
    }
    return std::min(m_current, chartCount() - 1);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "curvechart.h"

#include "core/engines/charts/axisticks.h"
#include "core/engines/charts/decimator.h"
#include "core/engines/charts/legendnames.h"
#include "curvelayer.h"
#include "core/workflows/runs/loadedrunsmodel.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QCursor>
#include <QFutureWatcher>
#include <QDateTime>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsSceneResizeEvent>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

namespace {

// Room a legend entry takes besides its text: the marker and the spacing around it.
constexpr int legendMarkerRoom = 32;
/// The widest legend name, in pixels; longer ones are elided in the middle.
constexpr int legendNameWidth = 180;

QColor colour(quint32 rgb, int alpha = -1)
{
    QColor c = QColor::fromRgba(rgb);
    if (alpha >= 0)
        c.setAlpha(alpha);
    return c;
}

// Unchanged points are not handed over again: replace() makes Qt Charts redo the series' geometry.
void setPoints(QXYSeries *series, const QList<QPointF> &points)
{
    if (series->points() != points)
        series->replace(points);
}

} // namespace

CurveChart::CurveChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_sharedXMin(std::nan(""))
    , m_sharedXMax(std::nan(""))
    , m_emptyText(new QGraphicsSimpleTextItem(this))
    , m_sampleNote(new QGraphicsSimpleTextItem(this))
    , m_layer(new CurveLayer(this))
{
    setAnimationOptions(QChart::NoAnimation);
    setMargins(QMargins(4, 4, 4, 4));
    legend()->setAlignment(Qt::AlignBottom);
    rebuildAxes();
    m_emptyText->setZValue(60);
    m_emptyText->hide();
    m_sampleNote->setZValue(60);
    m_sampleNote->hide();
    connect(this, &QChart::plotAreaChanged, this, &CurveChart::updateTicks);
    connect(this, &QChart::plotAreaChanged, this, &CurveChart::updateEmptyText);
    connect(this, &QChart::plotAreaChanged, this, &CurveChart::updateSampleNote);
    connect(this, &QChart::plotAreaChanged, this, [this](const QRectF &area) { m_layer->setRect(area); });
}

CurveChart::~CurveChart()
{
    stopDetail(-1);
}

void CurveChart::setSpec(const ChartSpec &spec)
{
    const bool axesChange = spec.logY != m_spec.logY || spec.timeX != m_spec.timeX;
    stopDetail(-1);
    m_spec = spec;
    setTitle(spec.title);
    if (axesChange)
        rebuildAxes();
    m_xAxis->setTitleText(spec.xTitle);
    yTitleAxis()->setTitleText(spec.yTitle);
    rebuildSeries();
    m_fitting = spec.view.isNull();
    m_yAuto = spec.view.isNull();
    m_xMin = spec.view.left();
    m_xMax = spec.view.right();
    m_yMin = spec.view.top();
    m_yMax = spec.view.bottom();
    applyRanges(true);
}

ChartSpec CurveChart::spec() const
{
    ChartSpec s = m_spec;
    s.view = view();
    return s;
}

void CurveChart::setCurves(const QVector<ChartCurve> &curves)
{
    stopDetail(-1);
    m_spec.curves = curves;
    rebuildSeries();
    applyRanges(true);
}

void CurveChart::setCurve(ChartCurve curve)
{
    int i = indexOf(curve.id);
    m_building = true;
    if (i < 0) {
        i = int(m_spec.curves.size());
        if (!m_spec.curves.isDetached())
            stopDetail(-1);
        m_spec.curves.append(std::move(curve));
        m_drawn.resize(m_spec.curves.size());
        buildCurveSeries(i);
    } else {
        editCurve(i) = std::move(curve);
        refreshCurveSeries(i);
    }
    m_building = false;
    resumeDetail();
    updateLegendNames();
    updateEmptyText();
    if (!applyRanges())
        redecimateCurve(i, decimation());
}

void CurveChart::removeCurve(const QString &id)
{
    const int i = indexOf(id);
    if (i < 0)
        return;
    m_building = true;
    editCurve(i); // its build stops: the curve goes
    removeCurveSeries(i);
    m_drawn.removeAt(i);
    m_spec.curves.removeAt(i);
    m_building = false;
    resumeDetail();
    // Curves without a colour of their own take the palette's by position, which just moved.
    const bool recoloured
        = std::any_of(m_spec.curves.cbegin() + i, m_spec.curves.cend(), [](const ChartCurve &c) { return c.rgb == 0; });
    if (recoloured)
        rebuildSeries();
    else
        updateLegendNames();
    updateEmptyText();
    applyRanges(recoloured);
}

bool CurveChart::extendCurve(const QString &id, const std::function<int(ChartCurve &)> &extend)
{
    const int i = indexOf(id);
    if (i < 0 || i >= m_drawn.size())
        return false;
    ChartCurve &c = editCurve(i);
    const int oldSize = c.size(), oldPieces = c.pieceCount();
    const int from = extend(c);
    if (from < 0)
        return false;
    if (from >= c.size())
        return true;
    if (c.pieceCount() != oldPieces) {
        m_building = true;
        refreshCurveSeries(i);
        m_building = false;
        updateLegendNames();
    } else {
        Drawn &d = m_drawn[i];
        if (m_lod) {
            // Only the last piece grew; the smoothed line may have changed from `from` on.
            for (int p = 0; p < c.pieceCount() && p < int(d.rawLod.size()); ++p) {
                if (c.pieceEnd(p) <= from)
                    continue;
                d.rawLod[size_t(p)].update(c.x.data(), c.y.data(), c.pieceEnd(p), oldSize);
                if (p < int(d.smoothLod.size()))
                    d.smoothLod[size_t(p)].update(c.x.data(), c.smoothed.data(), c.pieceEnd(p), from);
            }
        } else {
            d.rawIndex.update(c.y, oldSize);
            if (!c.smoothed.empty())
                d.smoothIndex.update(c.smoothed, from);
        }
        for (int k = oldSize; k < c.size(); ++k) {
            if (!std::isfinite(c.y[size_t(k)]))
                d.nonFinite.push_back(k);
        }
    }
    // The curve grew while its full pyramid was being built: build it again.
    resumeDetail();
    updateEmptyText();
    if (applyRanges())
        return true;
    // The ranges stayed: points past the view's right neighbour change nothing on screen.
    const Decimator::Options o = decimation();
    for (int p = 0; p < c.pieceCount(); ++p) {
        if (c.pieceEnd(p) <= from)
            continue;
        const int visibleEnd = Decimator::visibleRange(c.x, c.pieceBegin(p), c.pieceEnd(p), o.xMin, o.xMax).second;
        if (from < visibleEnd) {
            redecimateCurve(i, o);
            break;
        }
    }
    return true;
}

void CurveChart::setBand(const ChartBand &band)
{
    m_spec.band = band;
    rebuildSeries();
    applyRanges(true);
}

void CurveChart::setCurveVisible(const QString &id, bool visible)
{
    const int i = indexOf(id);
    if (i < 0 || m_spec.curves.at(i).visible == visible)
        return;
    // Only the flag changes: a build reading the curve's points goes on (unless the list is shared).
    (m_spec.curves.isDetached() ? m_spec.curves[i] : editCurve(i)).visible = visible;
    resumeDetail();
    applyVisibility(i);
    if (!applyRanges())
        redecimateCurve(i, decimation());
}

bool CurveChart::isCurveVisible(const QString &id) const
{
    const int i = indexOf(id);
    return i >= 0 && m_spec.curves.at(i).visible;
}

void CurveChart::setLogY(bool on)
{
    if (on == m_spec.logY)
        return;
    m_spec.logY = on;
    // A y range chosen on the other scale means nothing on this one: y fits the data in view again.
    m_yAuto = true;
    rebuildAxes();
    rebuildSeries();
    applyRanges(true);
}

void CurveChart::setTimeX(bool on)
{
    if (on == m_spec.timeX)
        return;
    m_spec.timeX = on;
    rebuildAxes();
    rebuildSeries();
    m_fitting = true;
    m_yAuto = true;
    applyRanges(true);
}

void CurveChart::setShowRaw(bool on)
{
    if (on == m_spec.showRaw)
        return;
    m_spec.showRaw = on;
    for (int i = 0; i < m_drawn.size(); ++i)
        applyVisibility(i);
    applyRanges(true);
}

void CurveChart::setTitles(const QString &title, const QString &xTitle, const QString &yTitle)
{
    m_spec.title = title;
    m_spec.xTitle = xTitle;
    m_spec.yTitle = yTitle;
    setTitle(title);
    m_xAxis->setTitleText(xTitle);
    yTitleAxis()->setTitleText(yTitle);
}

void CurveChart::setEmptyText(const QString &text)
{
    m_emptyText->setText(text);
    updateEmptyText();
}

QString CurveChart::emptyText() const
{
    return m_emptyText->text();
}

bool CurveChart::isShowingEmptyText() const
{
    return m_emptyText->isVisible();
}

bool CurveChart::hasData() const
{
    return std::any_of(m_spec.curves.cbegin(), m_spec.curves.cend(), [](const ChartCurve &c) { return c.size() > 0; })
        || !m_spec.band.isEmpty();
}

void CurveChart::updateEmptyText()
{
    // A chart no curve reaches says why in words: a bare 0–1 frame reads as data at zero.
    const bool empty = !hasData() && !m_emptyText->text().isEmpty();
    for (QAbstractAxis *a : axes())
        a->setVisible(!empty);
    m_emptyText->setVisible(empty);
    if (!empty)
        return;
    m_emptyText->setBrush(palette().text());
    const QRectF area = plotArea().isEmpty() ? QRectF(QPointF(0, 0), size()) : plotArea();
    const QRectF text = m_emptyText->boundingRect();
    m_emptyText->setPos(area.center() - text.center());
}

void CurveChart::updateSampleNote()
{
    const bool pending = isDetailPending();
    m_sampleNote->setVisible(pending);
    if (!pending)
        return;
    m_sampleNote->setText(tr("sampled — drawing every point…"));
    m_sampleNote->setBrush(palette().placeholderText());
    const QRectF area = plotArea().isEmpty() ? QRectF(QPointF(0, 0), size()) : plotArea();
    m_sampleNote->setPos(area.right() - m_sampleNote->boundingRect().width() - 4, area.top() + 2);
}

bool CurveChart::isShowingSampleNote() const
{
    return m_sampleNote->isVisible();
}

QRectF CurveChart::view() const
{
    double x0, x1, y0, y1;
    {
        auto *v = static_cast<QValueAxis *>(m_xAxis);
        x0 = v->min();
        x1 = v->max();
    }
    if (auto *l = qobject_cast<QLogValueAxis *>(m_yAxis)) {
        y0 = l->min();
        y1 = l->max();
    } else {
        auto *v = static_cast<QValueAxis *>(m_yAxis);
        y0 = v->min();
        y1 = v->max();
    }
    return QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

void CurveChart::setView(const QRectF &view)
{
    m_fitting = false;
    m_xMin = view.left();
    m_xMax = view.right();
    m_yAuto = false;
    m_yMin = view.top();
    m_yMax = view.bottom();
    applyRanges();
}

void CurveChart::setXRange(double min, double max, bool fitY)
{
    m_fitting = false;
    m_xMin = min;
    m_xMax = max;
    m_yAuto = m_yAuto || fitY;
    applyRanges();
}

void CurveChart::setSharedXBounds(double min, double max)
{
    m_sharedXMin = min;
    m_sharedXMax = max;
    if (m_fitting)
        applyRanges();
}

void CurveChart::fitAll()
{
    m_fitting = true;
    m_yAuto = true;
    applyRanges();
}

void CurveChart::fitY()
{
    m_yAuto = true;
    applyRanges();
}

bool CurveChart::applyRanges(bool redecimateAnyway)
{
    // Both ranges follow from the state alone — the data, the scale, the user's x (or fitting) and
    // y (or fitting the data in view) — never from the range shown before, so no sequence of log
    // toggles, zooms and pans can leave an axis behind.
    const double inf = std::numeric_limits<double>::infinity();
    QRectF all;
    const bool any = bounds(-inf, inf, &all);
    double x0 = m_xMin, x1 = m_xMax;
    if (m_fitting) {
        x0 = any ? all.left() : 0;
        x1 = any ? all.right() : 1;
        if (m_sharedXMin < m_sharedXMax) {
            x0 = any ? std::min(x0, m_sharedXMin) : m_sharedXMin;
            x1 = any ? std::max(x1, m_sharedXMax) : m_sharedXMax;
        }
    }
    if (!(x1 > x0)) {
        const double pad = std::max(std::abs(x0) * 0.05, 0.5);
        x0 -= pad;
        x1 += pad;
    }
    double y0 = m_yMin, y1 = m_yMax;
    if (m_yAuto) {
        // The data in view; panned past every point, all of it rather than an empty 0–1.
        QRectF b = all; // bounds() writes only what it finds
        if (bounds(x0, x1, &b) || any) {
            if (m_spec.logY) {
                y0 = b.top() / 1.25;
                y1 = b.bottom() * 1.25;
            } else {
                // A constant (a learning rate after warm-up) sits in the middle of a band of ±5 %.
                const double pad = b.height() > 0 ? b.height() * 0.05 : b.top() != 0 ? std::abs(b.top()) * 0.05 : 0.5;
                y0 = b.top() - pad;
                y1 = b.bottom() + pad;
            }
        } else {
            y0 = m_spec.logY ? 0.1 : 0;
            y1 = m_spec.logY ? 10 : 1;
        }
    } else if (m_spec.logY) {
        // The range as asked, not widened to a decade: a loss between 2.2 and 3.1 fills the plot.
        y0 = std::max(y0, 1e-300);
        y1 = std::max(y1, y0 * (1 + 1e-9));
    } else if (!(y1 > y0)) {
        y1 = y0 + std::max(std::abs(y0) * 1e-9, 1e-300);
    }
    const QRectF before = view();
    m_settingRange = true;
    static_cast<QValueAxis *>(m_xAxis)->setRange(x0, x1);
    if (auto *l = qobject_cast<QLogValueAxis *>(m_yAxis))
        l->setRange(y0, y1);
    else
        static_cast<QValueAxis *>(m_yAxis)->setRange(y0, y1);
    m_settingRange = false;
    const QRectF after = view();
    const bool changed = after != before;
    if (changed || redecimateAnyway)
        redecimate();
    if (after.left() != before.left() || after.right() != before.right())
        Q_EMIT xRangeChanged(after.left(), after.right());
    return changed || redecimateAnyway;
}

QRectF CurveChart::dataBounds(double xMin, double xMax) const
{
    QRectF b;
    return bounds(xMin, xMax, &b) ? b : QRectF();
}

bool CurveChart::bounds(double xMin, double xMax, QRectF *out) const
{
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    // y extremes of a piece's points in [xMin, xMax], from its pyramid or index (built on the spot
    // for the band, which has neither).
    auto add = [&](const std::vector<double> &xs, const std::vector<double> &ys, int begin, int end,
                   const MinMaxIndex *index, const LodPyramid *lod) {
        const int lo = int(std::lower_bound(xs.cbegin() + begin, xs.cbegin() + end, xMin) - xs.cbegin());
        const int hi = int(std::upper_bound(xs.cbegin() + lo, xs.cbegin() + end, xMax) - xs.cbegin());
        double low, high;
        if (lod) {
            std::tie(low, high) = lod->range(ys.data(), lo, hi);
            if (low > high)
                return;
        } else {
            const auto [mn, mx] = index ? index->query(ys, lo, hi) : MinMaxIndex(ys, m_spec.logY).query(ys, lo, hi);
            if (mn < 0)
                return;
            low = ys[size_t(mn)];
            high = ys[size_t(mx)];
        }
        x0 = std::min(x0, xs[size_t(lo)]);
        x1 = std::max(x1, xs[size_t(hi - 1)]);
        y0 = std::min(y0, low);
        y1 = std::max(y1, high);
    };
    for (int i = 0; i < m_spec.curves.size() && i < m_drawn.size(); ++i) {
        const ChartCurve &c = m_spec.curves.at(i);
        const Drawn &d = m_drawn.at(i);
        if (!c.visible)
            continue;
        for (int p = 0; p < c.pieceCount(); ++p) {
            const LodPyramid *rawLod = m_lod && p < int(d.rawLod.size()) ? &d.rawLod[size_t(p)] : nullptr;
            const LodPyramid *smoothLod = m_lod && p < int(d.smoothLod.size()) ? &d.smoothLod[size_t(p)] : nullptr;
            if (m_spec.showRaw || c.smoothed.empty())
                add(c.x, c.y, c.pieceBegin(p), c.pieceEnd(p), &d.rawIndex, rawLod);
            if (!c.smoothed.empty())
                add(c.x, c.smoothed, c.pieceBegin(p), c.pieceEnd(p), &d.smoothIndex, smoothLod);
        }
    }
    if (!m_spec.band.isEmpty()) {
        const int n = int(m_spec.band.x.size());
        add(m_spec.band.x, m_spec.band.lower, 0, n, nullptr, nullptr);
        add(m_spec.band.x, m_spec.band.upper, 0, n, nullptr, nullptr);
    }
    if (x0 > x1)
        return false;
    *out = QRectF(QPointF(x0, y0), QPointF(x1, y1));
    return true;
}

QVector<CurveChart::Reading> CurveChart::readAt(double x) const
{
    QVector<Reading> out;
    for (int i = 0; i < m_spec.curves.size(); ++i) {
        const ChartCurve &c = m_spec.curves.at(i);
        if (!c.visible || c.x.empty())
            continue;
        int best = -1;
        // Later pieces win: after a restart the rerun replaces what it overlaps.
        for (int p = 0; p < c.pieceCount(); ++p) {
            const auto first = c.x.cbegin() + c.pieceBegin(p), last = c.x.cbegin() + c.pieceEnd(p);
            if (first == last || x < *first)
                continue;
            // Past a piece's end by more than its mean spacing, the run has no value here: a
            // 400-step run has nothing to say at step 1.1 M.
            const double spacing = last - first > 1 ? (*(last - 1) - *first) / double(last - first - 1) : 0;
            if (x > *(last - 1) + spacing)
                continue;
            best = int(std::upper_bound(first, last, x) - c.x.cbegin()) - 1;
        }
        if (best < 0)
            continue;
        Reading r;
        r.label = c.label;
        r.rgb = colourOf(i);
        r.x = c.x[size_t(best)];
        r.y = c.y[size_t(best)];
        r.smoothed = c.smoothed.empty() ? std::nan("") : c.smoothed[size_t(best)];
        r.step = size_t(best) < c.steps.size() ? c.steps[size_t(best)] : -1;
        out.append(r);
    }
    return out;
}

double CurveChart::xAt(const QPointF &scenePos) const
{
    const QRectF area = plotArea();
    const QRectF v = view();
    if (area.width() <= 0)
        return v.left();
    return v.left() + (scenePos.x() - area.left()) / area.width() * v.width();
}

Decimator::Options CurveChart::decimation() const
{
    const QRectF v = view();
    return {v.left(), v.right(), std::max(64, int(std::ceil(plotArea().width()))), m_spec.logY};
}

void CurveChart::redecimate()
{
    if (m_building)
        return;
    // The layer maps its points with the view at paint time: a y-only change leaves them as they are.
    m_layer->update();
    const Decimator::Options o = decimation();
    for (int i = 0; i < m_drawn.size() && i < m_spec.curves.size(); ++i)
        redecimateCurve(i, o);
    if (m_band && !m_spec.band.isEmpty()) {
        const int n = int(m_spec.band.x.size());
        QList<QPointF> upper = Decimator::minMax(m_spec.band.x, m_spec.band.upper, 0, n, o);
        QList<QPointF> lower = Decimator::minMax(m_spec.band.x, m_spec.band.lower, 0, n, o);
        setPoints(m_band->upperSeries(), upper);
        setPoints(m_band->lowerSeries(), lower);
    }
}

void CurveChart::redecimateCurve(int index, const Decimator::Options &o)
{
    const ChartCurve &c = m_spec.curves.at(index);
    Drawn &d = m_drawn[index];
    d.shownPoints = 0;
    if (m_building || !c.visible)
        return;
    auto show = [&](QXYSeries *series, QList<QPointF> points) {
        d.shownPoints += int(points.size());
        if (m_lod && series != d.markers) {
            if (series->count() > 0)
                series->clear();
            m_layer->setPoints(series, points);
        } else {
            setPoints(series, points);
        }
    };
    QList<QPointF> markers;
    const double fallbackY = view().bottom();
    for (int p = 0; p < c.pieceCount(); ++p) {
        const int b = c.pieceBegin(p), e = c.pieceEnd(p);
        if (m_lod) {
            if (p < d.raw.size() && d.raw[p]->isVisible() && p < int(d.rawLod.size()))
                show(d.raw[p], d.rawLod[size_t(p)].points(c.x.data(), c.y.data(), o.xMin, o.xMax, o.columns));
            if (p < d.smooth.size() && p < int(d.smoothLod.size()))
                show(d.smooth[p],
                     d.smoothLod[size_t(p)].points(c.x.data(), c.smoothed.data(), o.xMin, o.xMax, o.columns));
        } else {
            if (p < d.raw.size() && d.raw[p]->isVisible())
                show(d.raw[p], Decimator::minMax(c.x, c.y, b, e, o, &d.rawIndex));
            if (p < d.smooth.size())
                show(d.smooth[p], Decimator::minMax(c.x, c.smoothed, b, e, o, &d.smoothIndex));
        }
        const std::vector<double> &shown = c.shown();
        for (int k : Decimator::nonFinite(c.x, c.y, b, e, o, &d.nonFinite)) {
            const int anchor = Decimator::markerAnchor(shown, k, b, e);
            markers.append(QPointF(c.x[size_t(k)], anchor >= 0 ? shown[size_t(anchor)] : fallbackY));
        }
    }
    show(d.markers, markers);
}

QList<QPointF> CurveChart::shownPoints(const QAbstractSeries *series) const
{
    const auto *line = qobject_cast<const QXYSeries *>(series);
    return m_lod && line && line->type() == QAbstractSeries::SeriesTypeLine ? m_layer->points(series)
        : line                                                              ? line->points()
                                                                            : QList<QPointF>();
}

int CurveChart::shownPointCount() const
{
    int n = 0;
    for (const Drawn &d : m_drawn)
        n += d.shownPoints;
    return n;
}

QList<QAbstractSeries *> CurveChart::seriesOf(const QString &id) const
{
    QList<QAbstractSeries *> out;
    const int i = indexOf(id);
    if (i < 0 || i >= m_drawn.size())
        return out;
    for (QLineSeries *s : m_drawn[i].raw)
        out << s;
    for (QLineSeries *s : m_drawn[i].smooth)
        out << s;
    out << m_drawn[i].markers;
    return out;
}

void CurveChart::resizeEvent(QGraphicsSceneResizeEvent *event)
{
    QChart::resizeEvent(event);
    updateLegendNames();
    redecimate();
}

void CurveChart::changeEvent(QEvent *event)
{
    QChart::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

void CurveChart::applyTheme()
{
    // The scene's palette, which is the application's (View > Theme) in a ChartView: a dark theme
    // gets dark charts; ChartRenderer's scene keeps report figures light.
    const QPalette p = palette();
    setBackgroundBrush(p.base());
    setBackgroundPen(Qt::NoPen);
    setTitleBrush(p.text());
    legend()->setLabelColor(p.color(QPalette::Text));
    for (QAbstractAxis *a : axes()) {
        a->setLabelsBrush(p.text());
        a->setTitleBrush(p.text());
        a->setLinePenColor(p.color(QPalette::Mid));
        a->setGridLineColor(p.color(QPalette::Mid));
        a->setMinorGridLineColor(p.color(QPalette::Midlight));
    }
}

void CurveChart::rebuildAxes()
{
    const QString xTitle = m_xAxis ? m_xAxis->titleText() : QString();
    const QString yTitle = m_yAxis ? yTitleAxis()->titleText() : QString();
    for (QAbstractAxis *a : axes()) {
        removeAxis(a);
        delete a;
    }
    m_logLabels = nullptr;
    // Category axes with labels on their values: round ticks (AxisTicks) at the positions and
    // with the labels we choose, recomputed on every range or size change.
    const auto tickAxis = [] {
        auto *a = new QCategoryAxis;
        a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        return a;
    };
    m_xAxis = tickAxis();
    connect(static_cast<QValueAxis *>(m_xAxis), &QValueAxis::rangeChanged, this, [this] {
        updateTicks();
        if (!m_settingRange)
            onXRangeChanged();
    });
    if (m_spec.logY) {
        // The log axis maps the series; its own labels only name decades, so a category axis over
        // log10(y) (attached to no series) draws the round ticks and the title instead.
        auto *l = new QLogValueAxis;
        l->setBase(10);
        l->setLabelsVisible(false);
        l->setGridLineVisible(false);
        l->setMinorGridLineVisible(false);
        l->setLineVisible(false);
        m_yAxis = l;
        m_logLabels = tickAxis();
        connect(l, &QLogValueAxis::rangeChanged, this, &CurveChart::updateTicks);
    } else {
        m_yAxis = tickAxis();
        connect(static_cast<QValueAxis *>(m_yAxis), &QValueAxis::rangeChanged, this, &CurveChart::updateTicks);
    }
    m_xAxis->setTitleText(xTitle);
    yTitleAxis()->setTitleText(yTitle);
    addAxis(m_xAxis, Qt::AlignBottom);
    addAxis(m_yAxis, Qt::AlignLeft);
    if (m_logLabels)
        addAxis(m_logLabels, Qt::AlignLeft);
    applyTheme();
    updateTicks();
}

namespace {
void setTicks(QCategoryAxis *axis, double min, const QVector<AxisTicks::Tick> &ticks, double (*position)(double))
{
    const QStringList old = axis->categoriesLabels();
    for (const QString &label : old)
        axis->remove(label);
    // Categories end at the ticks; starting a hair below the range gives a tick at its start
    // (0 on a step axis) a category too.
    const double start = min - std::max(std::abs(min), 1.0) * 1e-9;
    axis->setStartValue(start);
    for (const AxisTicks::Tick &t : ticks) {
        const double at = position(t.value);
        if (at > start)
            axis->append(t.label, at);
    }
}

double identity(double v)
{
    return v;
}

double log10Of(double v)
{
    return std::log10(v);
}
} // namespace

QAbstractAxis *CurveChart::yTitleAxis() const
{
    return m_logLabels ? static_cast<QAbstractAxis *>(m_logLabels) : m_yAxis;
}

void CurveChart::updateTicks()
{
    // Roughly one label per 90 px across and per 32 px up: readable in the smallest dock.
    const QRectF area = plotArea();
    const int across = std::clamp(int(area.width() / 90), 2, 10);
    const int up = std::clamp(int(area.height() / 32), 2, 8);
    auto *x = static_cast<QCategoryAxis *>(m_xAxis);
    // Wall-clock x values are seconds since the epoch; elapsed time stays far below 1e8 s.
    setTicks(x, x->min(),
             m_spec.timeX ? AxisTicks::time(x->min(), x->max(), across, x->min() > 1e8)
                          : AxisTicks::linear(x->min(), x->max(), across),
             identity);
    if (m_logLabels) {
        auto *l = static_cast<QLogValueAxis *>(m_yAxis);
        if (!(l->min() > 0) || !(l->max() > l->min()))
            return;
        m_logLabels->setRange(std::log10(l->min()), std::log10(l->max()));
        setTicks(m_logLabels, m_logLabels->min(), AxisTicks::log(l->min(), l->max(), up), log10Of);
    } else {
        auto *y = static_cast<QCategoryAxis *>(m_yAxis);
        setTicks(y, y->min(), AxisTicks::linear(y->min(), y->max(), up), identity);
    }
}

void CurveChart::rebuildSeries()
{
    stopDetail(-1);
    // Attaching a series to an axis can emit rangeChanged() while the series list is half built.
    m_building = true;
    m_layer->clear();
    removeAllSeries();
    m_band = nullptr;
    m_drawn.clear();
    if (!m_spec.band.isEmpty()) {
        m_band = new QAreaSeries(new QLineSeries(this), new QLineSeries(this));
        m_band->setName(m_spec.band.label);
        m_band->setColor(colour(m_spec.band.rgb));
        m_band->setBorderColor(colour(m_spec.band.rgb, 0));
        attach(m_band);
        if (m_spec.band.label.isEmpty()) {
            for (QLegendMarker *m : legend()->markers(m_band))
                m->setVisible(false);
        }
    }
    m_drawn.resize(m_spec.curves.size());
    for (int i = 0; i < m_spec.curves.size(); ++i)
        buildCurveSeries(i);
    m_building = false;
    updateLegendNames();
    updateEmptyText();
}

void CurveChart::buildCurveSeries(int index)
{
    const ChartCurve &c = m_spec.curves.at(index);
    Drawn &d = m_drawn[index];
    const QColor full = colour(colourOf(index));
    const bool smoothed = !c.smoothed.empty();
    indexCurve(index);
    for (int p = 0; p < c.pieceCount(); ++p) {
        auto *raw = new QLineSeries;
        QPen pen(smoothed ? colour(colourOf(index), 70) : full);
        pen.setWidthF(smoothed ? 1.0 : 1.5);
        pen.setCosmetic(true);
        raw->setPen(pen);
        attach(raw);
        d.raw << raw;
        if (smoothed) {
            auto *s = new QLineSeries;
            QPen sp(full);
            sp.setWidthF(2.0);
            sp.setCosmetic(true);
            s->setPen(sp);
            attach(s);
            d.smooth << s;
        }
    }
    d.markers = new QScatterSeries;
    d.markers->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    d.markers->setMarkerSize(11);
    d.markers->setColor(QColor(0xd6, 0x27, 0x28));
    d.markers->setBorderColor(full.darker(150));
    attach(d.markers);
    const QString id = c.id;
    connect(d.markers, &QScatterSeries::hovered, this, [this, id](const QPointF &point, bool state) {
        const int i = indexOf(id);
        if (!state || i < 0) {
            QToolTip::hideText();
            return;
        }
        const double x = point.x();
        QString values;
        {
            const ChartCurve &curve = m_spec.curves.at(i);
            const auto it = std::lower_bound(curve.x.cbegin(), curve.x.cend(), x);
            for (auto k = it; k != curve.x.cend() && *k == x; ++k) {
                const size_t i = size_t(k - curve.x.cbegin());
                if (!std::isfinite(curve.y[i]))
                    values = QString::number(curve.y[i])
                        + (i < curve.steps.size() ? tr(" at step %1").arg(curve.steps[i]) : QString());
            }
        }
        QToolTip::showText(QCursor::pos(),
                           tr("%1: logged %2 (non-finite value)").arg(m_spec.curves.at(i).label, values));
    });
    connectLegend(index);
    applyVisibility(index);
}

void CurveChart::indexCurve(int index)
{
    stopDetail(index);
    const ChartCurve &c = m_spec.curves.at(index);
    Drawn &d = m_drawn[index];
    d.nonFinite.clear();
    for (int i = 0; i < c.size(); ++i) {
        if (!std::isfinite(c.y[size_t(i)]))
            d.nonFinite.push_back(i);
    }
    d.rawIndex = d.smoothIndex = MinMaxIndex();
    d.rawLod.clear();
    d.smoothLod.clear();
    if (!m_lod) {
        d.rawIndex = MinMaxIndex(c.y, m_spec.logY);
        d.smoothIndex = c.smoothed.empty() ? MinMaxIndex() : MinMaxIndex(c.smoothed, m_spec.logY);
        return;
    }
    // A big curve shows a coarse pyramid first (a sample of a few thousand reads); the full one,
    // a pass over every point, is built in the background and replaces it.
    const bool background = c.size() > backgroundPoints;
    const int finest = background ? LodPyramid::coarseBucket(c.size(), coarseBuckets) : LodPyramid::baseBucket;
    for (int p = 0; p < c.pieceCount(); ++p) {
        d.rawLod.emplace_back(c.x.data(), c.y.data(), c.pieceBegin(p), c.pieceEnd(p), m_spec.logY, finest);
        if (!c.smoothed.empty())
            d.smoothLod.emplace_back(c.x.data(), c.smoothed.data(), c.pieceBegin(p), c.pieceEnd(p), m_spec.logY,
                                     finest);
    }
    if (background)
        startDetail(index);
}

ChartCurve &CurveChart::editCurve(int index)
{
    // A shared list detaches on this write: every build may be reading the other copy's buffers.
    stopDetail(m_spec.curves.isDetached() ? index : -1);
    return m_spec.curves[index];
}

void CurveChart::stopDetail(int index)
{
    for (int i = index < 0 ? 0 : index; i < m_drawn.size() && (index < 0 || i == index); ++i) {
        Drawn &d = m_drawn[i];
        if (!d.cancel)
            continue;
        d.cancel->store(true);
        d.detailJob.waitForFinished();
        d.cancel.reset();
        d.detailJob = {};
    }
    updateSampleNote();
}

void CurveChart::resumeDetail()
{
    for (int i = 0; i < m_drawn.size(); ++i) {
        const Drawn &d = m_drawn.at(i);
        if (m_lod && !d.cancel && !d.rawLod.empty() && d.rawLod.front().isCoarse())
            startDetail(i);
    }
}

void CurveChart::startDetail(int index)
{
    const ChartCurve &c = m_spec.curves.at(index);
    Drawn &d = m_drawn[index];
    stopDetail(index);
    d.cancel = std::make_shared<std::atomic_bool>(false);
    std::vector<std::pair<int, int>> pieces;
    for (int p = 0; p < c.pieceCount(); ++p)
        pieces.emplace_back(c.pieceBegin(p), c.pieceEnd(p));
    // The job reads the curve's buffers, which stay put until stopDetail() (every change of a
    // curve goes through editCurve() or replaces all curves after stopDetail(-1)).
    d.detailJob = QtConcurrent::run(
        &m_jobs,
        [x = c.x.data(), y = c.y.data(), smoothed = c.smoothed.empty() ? nullptr : c.smoothed.data(), pieces,
         logY = m_spec.logY, cancel = d.cancel] {
            Detail detail;
            for (const auto &[begin, end] : pieces) {
                detail.raw.emplace_back(x, y, begin, end, logY, LodPyramid::baseBucket, cancel.get());
                if (smoothed)
                    detail.smooth.emplace_back(x, smoothed, begin, end, logY, LodPyramid::baseBucket, cancel.get());
            }
            return detail;
        });
    auto *watcher = new QFutureWatcher<Detail>(this);
    connect(watcher, &QFutureWatcher<Detail>::finished, this, [this, watcher, cancel = d.cancel] {
        watcher->deleteLater();
        installDetail(cancel.get(), watcher->result());
    });
    watcher->setFuture(d.detailJob);
    updateSampleNote();
}

void CurveChart::installDetail(const std::atomic_bool *cancel, Detail detail)
{
    // Latest wins: a build that was stopped (its curve changed or went) no longer owns a curve.
    const auto it
        = std::find_if(m_drawn.begin(), m_drawn.end(), [&](const Drawn &d) { return d.cancel.get() == cancel; });
    if (it == m_drawn.end() || cancel->load())
        return;
    it->rawLod = std::move(detail.raw);
    it->smoothLod = std::move(detail.smooth);
    it->cancel.reset();
    it->detailJob = {};
    const int index = int(it - m_drawn.begin());
    // The coarse picture's y range came from a sample: derive the ranges again from all points.
    if (!applyRanges())
        redecimateCurve(index, decimation());
    updateSampleNote();
    if (!isDetailPending())
        Q_EMIT detailReady();
}

bool CurveChart::isDetailPending() const
{
    return std::any_of(m_drawn.cbegin(), m_drawn.cend(), [](const Drawn &d) { return bool(d.cancel); });
}

void CurveChart::setLevelOfDetail(bool on)
{
    if (on == m_lod)
        return;
    stopDetail(-1);
    m_lod = on;
    m_layer->clear();
    for (int i = 0; i < m_drawn.size() && i < m_spec.curves.size(); ++i)
        indexCurve(i);
    applyRanges(true);
}

void CurveChart::refreshCurveSeries(int index)
{
    const ChartCurve &c = m_spec.curves.at(index);
    Drawn &d = m_drawn[index];
    if (d.raw.size() != c.pieceCount() || d.smooth.isEmpty() != c.smoothed.empty()) {
        removeCurveSeries(index);
        buildCurveSeries(index);
        return;
    }
    indexCurve(index);
    applyVisibility(index);
}

void CurveChart::removeCurveSeries(int index)
{
    for (QAbstractSeries *s : seriesOf(m_spec.curves.at(index).id)) {
        m_layer->remove(s);
        removeSeries(s);
        delete s;
    }
    m_drawn[index] = Drawn();
}

void CurveChart::attach(QAbstractSeries *series)
{
    addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(m_yAxis);
}

QAbstractSeries *CurveChart::legendSeries(int index) const
{
    // One legend entry per curve: the full-colour line (the smoothed one when smoothing is on).
    const Drawn &d = m_drawn[index];
    return d.smooth.isEmpty() ? static_cast<QAbstractSeries *>(d.raw.value(0)) : d.smooth.value(0);
}

void CurveChart::connectLegend(int index)
{
    const QString id = m_spec.curves.at(index).id;
    for (QLegendMarker *m : legend()->markers(legendSeries(index))) {
        connect(m, &QLegendMarker::clicked, this, [this, id] { Q_EMIT legendToggled(id); });
        connect(m, &QLegendMarker::hovered, this, [this, id](bool on) {
            if (on)
                QToolTip::showText(QCursor::pos(), legendToolTip(id));
            else
                QToolTip::hideText();
        });
    }
}

QString CurveChart::legendToolTip(const QString &id) const
{
    const int i = indexOf(id);
    if (i < 0)
        return {};
    const ChartCurve &c = m_spec.curves.at(i);
    if (c.detail.isEmpty() || c.detail == c.label)
        return c.label;
    return c.label + QLatin1Char('\n') + c.detail;
}

QString CurveChart::legendName(const QString &id) const
{
    const QList<QAbstractSeries *> series = seriesOf(id);
    return series.isEmpty() ? QString() : series.first()->name();
}

void CurveChart::setShortLegend(bool on)
{
    if (on == m_spec.shortLegend)
        return;
    m_spec.shortLegend = on;
    updateLegendNames();
}

void CurveChart::updateLegendNames()
{
    QStringList labels;
    for (const ChartCurve &c : m_spec.curves)
        labels << c.label;
    QStringList shown = m_spec.shortLegend ? LegendNames::shortest(labels) : labels;
    // What is left is elided in the middle, so the ends that tell runs apart stay; the legend's
    // tooltip has the full name.
    const QFontMetrics metrics(legend()->font());
    const int count = int(std::min(m_spec.curves.size(), m_drawn.size()));
    const QStringList apart = LegendNames::shortest(labels);
    const auto namesAt = [&](int width) {
        QStringList names;
        for (int i = 0; i < count; ++i)
            names << metrics.elidedText(shown.at(i), Qt::ElideMiddle, width);
        // Names that differ only in their middle lose it there and read alike ("cuda…sole" twice):
        // those are elided from the part that tells them apart instead.
        QList<int> alike;
        for (int i = 0; i < count; ++i) {
            if (names.count(names.at(i)) > 1 && labels.count(labels.at(i)) == 1)
                alike << i;
        }
        for (const int i : std::as_const(alike))
            names[i] = metrics.elidedText(apart.at(i), Qt::ElideMiddle, width);
        return names;
    };
    const auto setNames = [&](int width) {
        const QStringList names = namesAt(width);
        for (int i = 0; i < count; ++i) {
            const QString &name = names.at(i);
            for (QAbstractSeries *s : seriesOf(m_spec.curves.at(i).id)) {
                if (s->name() != name)
                    s->setName(name);
            }
        }
    };
    int rowWidth = 0;
    for (const QString &name : namesAt(legendNameWidth))
        rowWidth += metrics.horizontalAdvance(name) + legendMarkerRoom;
    // Entries that do not fit in one row under the plot would be cut at their ends by Qt ("cuda_f..."
    // five times): they go into a column beside it instead, each name whole or elided in its middle.
    const Qt::Alignment side = rowWidth > size().width() - 16 ? Qt::AlignRight : Qt::AlignBottom;
    if (legend()->alignment() != side)
        legend()->setAlignment(side);
    setNames(legendNameWidth);
    if (side != Qt::AlignRight || m_drawn.isEmpty())
        return;
    // Qt gives that column a share of the chart's width only and cuts a longer name at its end
    // again ("cuda_fp..." six times in a 270 px chart): where the names do not fit whole, each
    // keeps only what tells it apart (LegendNames::distinct), elided in the middle to the width
    // the column gets.
    layout()->activate();
    const qreal deficit = legend()->effectiveSizeHint(Qt::PreferredSize).width() - legend()->geometry().width();
    if (deficit <= 0)
        return;
    int widest = 0;
    for (const QString &name : namesAt(legendNameWidth))
        widest = std::max(widest, metrics.horizontalAdvance(name));
    shown = LegendNames::distinct(labels);
    setNames(std::max(widest - int(std::ceil(deficit)), metrics.horizontalAdvance(QStringLiteral("ab…yz"))));
}

void CurveChart::applyVisibility(int index)
{
    const ChartCurve &c = m_spec.curves.at(index);
    const Drawn &d = m_drawn[index];
    const bool smoothed = !c.smoothed.empty();
    for (QLineSeries *s : d.raw)
        s->setVisible(c.visible && (!smoothed || m_spec.showRaw));
    for (QLineSeries *s : d.smooth)
        s->setVisible(c.visible);
    d.markers->setVisible(c.visible);
    m_layer->update(); // it draws visible series only
    // Qt shows a series' legend entry whenever the series becomes visible and hides it with the
    // series: set them all again, keeping the curve's entry (greyed when hidden) so it can be
    // clicked back on.
    const QAbstractSeries *primary = legendSeries(index);
    for (QAbstractSeries *s : seriesOf(c.id)) {
        for (QLegendMarker *m : legend()->markers(s)) {
            m->setVisible(s == primary);
            if (s != primary)
                continue;
            QColor text = legend()->labelColor();
            text.setAlpha(c.visible ? 255 : 90);
            m->setLabelBrush(text);
            m->setBrush(colour(colourOf(index), c.visible ? 255 : 50));
            m->setPen(QPen(colour(colourOf(index), c.visible ? 255 : 50)));
        }
    }
}

void CurveChart::onXRangeChanged()
{
    redecimate();
    const QRectF v = view();
    Q_EMIT xRangeChanged(v.left(), v.right());
}

quint32 CurveChart::colourOf(int index) const
{
    const quint32 rgb = m_spec.curves.at(index).rgb;
    if (rgb)
        return rgb;
    return LoadedRunsModel::paletteColor(index);
}

int CurveChart::indexOf(const QString &id) const
{
    for (int i = 0; i < m_spec.curves.size(); ++i) {
        if (m_spec.curves.at(i).id == id)
            return i;
    }
    return -1;
}

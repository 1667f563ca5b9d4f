#include "curvechart.h"

#include "charts/decimator.h"
#include "charts/runlistmodel.h"

#include <QAreaSeries>
#include <QCursor>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QGraphicsSceneResizeEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

QColor colour(quint32 rgb, int alpha = -1)
{
    QColor c = QColor::fromRgba(rgb);
    if (alpha >= 0)
        c.setAlpha(alpha);
    return c;
}

// The last finite value at or before i (else the first after it): where a NaN/inf marker sits.
double markerY(const std::vector<double> &y, int i, int begin, int end)
{
    for (int k = i - 1, n = 0; k >= begin && n < 100000; --k, ++n) {
        if (std::isfinite(y[size_t(k)]))
            return y[size_t(k)];
    }
    for (int k = i + 1, n = 0; k < end && n < 100000; ++k, ++n) {
        if (std::isfinite(y[size_t(k)]))
            return y[size_t(k)];
    }
    return std::nan("");
}

} // namespace

CurveChart::CurveChart(QGraphicsItem *parent)
    : QChart(parent)
{
    setAnimationOptions(QChart::NoAnimation);
    setMargins(QMargins(4, 4, 4, 4));
    legend()->setAlignment(Qt::AlignBottom);
    rebuildAxes();
}

CurveChart::~CurveChart() = default;

void CurveChart::setSpec(const ChartSpec &spec)
{
    const bool axesChange = spec.logY != m_spec.logY || spec.timeX != m_spec.timeX;
    m_spec = spec;
    setTitle(spec.title);
    if (axesChange)
        rebuildAxes();
    m_xAxis->setTitleText(spec.xTitle);
    m_yAxis->setTitleText(spec.yTitle);
    rebuildSeries();
    if (spec.view.isNull())
        fitAll();
    else
        setView(spec.view);
    m_fitting = spec.view.isNull();
}

ChartSpec CurveChart::spec() const
{
    ChartSpec s = m_spec;
    s.view = view();
    return s;
}

void CurveChart::setCurves(const QVector<ChartCurve> &curves)
{
    m_spec.curves = curves;
    const QRectF keep = view();
    rebuildSeries();
    if (m_fitting)
        fitAll();
    else
        setView(keep);
}

void CurveChart::setCurve(const ChartCurve &curve)
{
    QVector<ChartCurve> curves = m_spec.curves;
    const int i = indexOf(curve.id);
    if (i < 0)
        curves.append(curve);
    else
        curves[i] = curve;
    setCurves(curves);
}

void CurveChart::removeCurve(const QString &id)
{
    QVector<ChartCurve> curves = m_spec.curves;
    const int i = indexOf(id);
    if (i < 0)
        return;
    curves.removeAt(i);
    setCurves(curves);
}

void CurveChart::setBand(const ChartBand &band)
{
    m_spec.band = band;
    rebuildSeries();
}

void CurveChart::setCurveVisible(const QString &id, bool visible)
{
    const int i = indexOf(id);
    if (i < 0 || m_spec.curves[i].visible == visible)
        return;
    m_spec.curves[i].visible = visible;
    applyVisibility(i);
    if (m_fitting)
        fitAll();
    else
        redecimate();
}

bool CurveChart::isCurveVisible(const QString &id) const
{
    const int i = indexOf(id);
    return i >= 0 && m_spec.curves[i].visible;
}

void CurveChart::setLogY(bool on)
{
    if (on == m_spec.logY)
        return;
    const QRectF keep = view();
    m_spec.logY = on;
    rebuildAxes();
    rebuildSeries();
    if (m_fitting || on)
        fitY();
    setXRange(keep.left(), keep.right());
}

void CurveChart::setTimeX(bool on)
{
    if (on == m_spec.timeX)
        return;
    m_spec.timeX = on;
    rebuildAxes();
    rebuildSeries();
    fitAll();
}

void CurveChart::setShowRaw(bool on)
{
    if (on == m_spec.showRaw)
        return;
    m_spec.showRaw = on;
    for (int i = 0; i < m_drawn.size(); ++i)
        applyVisibility(i);
    redecimate();
}

void CurveChart::setTitles(const QString &title, const QString &xTitle, const QString &yTitle)
{
    m_spec.title = title;
    m_spec.xTitle = xTitle;
    m_spec.yTitle = yTitle;
    setTitle(title);
    m_xAxis->setTitleText(xTitle);
    m_yAxis->setTitleText(yTitle);
}

QRectF CurveChart::view() const
{
    double x0, x1, y0, y1;
    if (auto *t = qobject_cast<QDateTimeAxis *>(m_xAxis)) {
        x0 = t->min().toMSecsSinceEpoch() / 1000.0;
        x1 = t->max().toMSecsSinceEpoch() / 1000.0;
    } else {
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
    if (auto *l = qobject_cast<QLogValueAxis *>(m_yAxis))
        l->setRange(std::max(view.top(), 1e-300), std::max(view.bottom(), view.top() * 10));
    else
        static_cast<QValueAxis *>(m_yAxis)->setRange(view.top(), view.bottom());
    setXRange(view.left(), view.right());
}

void CurveChart::setXRange(double min, double max)
{
    if (!(max > min)) {
        const double pad = std::max(std::abs(min) * 0.05, 0.5);
        min -= pad;
        max += pad;
    }
    m_settingRange = true;
    if (auto *t = qobject_cast<QDateTimeAxis *>(m_xAxis))
        t->setRange(QDateTime::fromMSecsSinceEpoch(qint64(min * 1000), Qt::UTC),
                    QDateTime::fromMSecsSinceEpoch(qint64(std::ceil(max * 1000)), Qt::UTC));
    else
        static_cast<QValueAxis *>(m_xAxis)->setRange(min, max);
    m_settingRange = false;
    onXRangeChanged();
}

void CurveChart::fitAll()
{
    const double inf = std::numeric_limits<double>::infinity();
    QRectF b = dataBounds(-inf, inf);
    if (b.isNull() && b.width() == 0 && b.height() == 0 && b.left() == 0)
        b = QRectF(0, m_spec.logY ? 0.1 : 0, 1, m_spec.logY ? 9.9 : 1);
    const double pad = b.height() > 0 ? b.height() * 0.05 : std::max(std::abs(b.top()) * 0.05, 0.5);
    QRectF v(QPointF(b.left(), b.top() - pad), QPointF(b.right(), b.bottom() + pad));
    if (m_spec.logY)
        v = QRectF(QPointF(b.left(), b.top() / 1.25), QPointF(b.right(), b.bottom() * 1.25));
    setView(v);
    m_fitting = true;
}

void CurveChart::fitY()
{
    const QRectF v = view();
    const QRectF b = dataBounds(v.left(), v.right());
    if (b.height() <= 0 && b.top() == 0 && b.width() == 0)
        return;
    const double pad = b.height() > 0 ? b.height() * 0.05 : std::max(std::abs(b.top()) * 0.05, 0.5);
    if (auto *l = qobject_cast<QLogValueAxis *>(m_yAxis))
        l->setRange(b.top() / 1.25, b.bottom() * 1.25);
    else
        static_cast<QValueAxis *>(m_yAxis)->setRange(b.top() - pad, b.bottom() + pad);
}

QRectF CurveChart::dataBounds(double xMin, double xMax) const
{
    double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
    auto add = [&](const std::vector<double> &xs, const std::vector<double> &ys, int begin, int end,
                   const MinMaxIndex *index) {
        const int lo = int(std::lower_bound(xs.cbegin() + begin, xs.cbegin() + end, xMin) - xs.cbegin());
        const int hi = int(std::upper_bound(xs.cbegin() + lo, xs.cbegin() + end, xMax) - xs.cbegin());
        const auto [mn, mx] = index ? index->query(ys, lo, hi) : MinMaxIndex(ys, m_spec.logY).query(ys, lo, hi);
        if (mn < 0)
            return;
        x0 = std::min(x0, xs[size_t(lo)]);
        x1 = std::max(x1, xs[size_t(hi - 1)]);
        y0 = std::min(y0, ys[size_t(mn)]);
        y1 = std::max(y1, ys[size_t(mx)]);
    };
    for (int i = 0; i < m_spec.curves.size() && i < m_drawn.size(); ++i) {
        const ChartCurve &c = m_spec.curves[i];
        if (!c.visible)
            continue;
        for (int p = 0; p < c.pieceCount(); ++p) {
            if (m_spec.showRaw || c.smoothed.empty())
                add(c.x, c.y, c.pieceBegin(p), c.pieceEnd(p), &m_drawn[i].rawIndex);
            if (!c.smoothed.empty())
                add(c.x, c.smoothed, c.pieceBegin(p), c.pieceEnd(p), &m_drawn[i].smoothIndex);
        }
    }
    if (!m_spec.band.isEmpty()) {
        const int n = int(m_spec.band.x.size());
        add(m_spec.band.x, m_spec.band.lower, 0, n, nullptr);
        add(m_spec.band.x, m_spec.band.upper, 0, n, nullptr);
    }
    if (x0 > x1)
        return {};
    return QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

QVector<CurveChart::Reading> CurveChart::readAt(double x) const
{
    QVector<Reading> out;
    for (int i = 0; i < m_spec.curves.size(); ++i) {
        const ChartCurve &c = m_spec.curves[i];
        if (!c.visible || c.x.empty())
            continue;
        int best = -1;
        // Later pieces win: after a restart the rerun replaces what it overlaps.
        for (int p = 0; p < c.pieceCount(); ++p) {
            const auto first = c.x.cbegin() + c.pieceBegin(p), last = c.x.cbegin() + c.pieceEnd(p);
            if (first == last || x < *first)
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

void CurveChart::redecimate()
{
    if (m_building)
        return;
    const QRectF v = view();
    const int columns = std::max(64, int(std::ceil(plotArea().width())));
    const double scale = xScale();
    Decimator::Options o{v.left(), v.right(), columns, m_spec.logY};
    m_shownPoints = 0;
    auto scaled = [scale](QList<QPointF> points) {
        if (scale != 1.0) {
            for (QPointF &p : points)
                p.rx() *= scale;
        }
        return points;
    };
    for (int i = 0; i < m_drawn.size() && i < m_spec.curves.size(); ++i) {
        const ChartCurve &c = m_spec.curves[i];
        Drawn &d = m_drawn[i];
        if (!c.visible)
            continue;
        QList<QPointF> markers;
        for (int p = 0; p < c.pieceCount(); ++p) {
            const int b = c.pieceBegin(p), e = c.pieceEnd(p);
            if (p < d.raw.size() && d.raw[p]->isVisible()) {
                const QList<QPointF> pts = scaled(Decimator::minMax(c.x, c.y, b, e, o, &d.rawIndex));
                m_shownPoints += int(pts.size());
                d.raw[p]->replace(pts);
            }
            if (p < d.smooth.size()) {
                const QList<QPointF> pts = scaled(Decimator::minMax(c.x, c.smoothed, b, e, o, &d.smoothIndex));
                m_shownPoints += int(pts.size());
                d.smooth[p]->replace(pts);
            }
            for (int k : Decimator::nonFinite(c.x, c.y, b, e, o, &d.nonFinite)) {
                double y = markerY(c.shown(), k, b, e);
                if (!std::isfinite(y))
                    y = v.bottom();
                markers.append(QPointF(c.x[size_t(k)] * scale, y));
            }
        }
        d.markers->replace(markers);
        m_shownPoints += int(markers.size());
    }
    if (m_band && !m_spec.band.isEmpty()) {
        const int n = int(m_spec.band.x.size());
        m_band->upperSeries()->replace(scaled(Decimator::minMax(m_spec.band.x, m_spec.band.upper, 0, n, o)));
        m_band->lowerSeries()->replace(scaled(Decimator::minMax(m_spec.band.x, m_spec.band.lower, 0, n, o)));
    }
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
    redecimate();
}

void CurveChart::rebuildAxes()
{
    const QString xTitle = m_xAxis ? m_xAxis->titleText() : QString();
    const QString yTitle = m_yAxis ? m_yAxis->titleText() : QString();
    for (QAbstractAxis *a : axes()) {
        removeAxis(a);
        delete a;
    }
    if (m_spec.timeX) {
        auto *t = new QDateTimeAxis;
        t->setFormat(QStringLiteral("MM-dd HH:mm"));
        t->setTickCount(5);
        m_xAxis = t;
        connect(t, &QDateTimeAxis::rangeChanged, this, [this] {
            if (!m_settingRange)
                onXRangeChanged();
        });
    } else {
        auto *v = new QValueAxis;
        v->setLabelFormat(QStringLiteral("%.6g"));
        v->setTickCount(6);
        m_xAxis = v;
        connect(v, &QValueAxis::rangeChanged, this, [this] {
            if (!m_settingRange)
                onXRangeChanged();
        });
    }
    if (m_spec.logY) {
        auto *l = new QLogValueAxis;
        l->setBase(10);
        l->setLabelFormat(QStringLiteral("%.3g"));
        l->setMinorTickCount(8);
        m_yAxis = l;
    } else {
        auto *v = new QValueAxis;
        v->setLabelFormat(QStringLiteral("%.4g"));
        v->setTickCount(6);
        m_yAxis = v;
    }
    m_xAxis->setTitleText(xTitle);
    m_yAxis->setTitleText(yTitle);
    addAxis(m_xAxis, Qt::AlignBottom);
    addAxis(m_yAxis, Qt::AlignLeft);
}

void CurveChart::rebuildSeries()
{
    // Attaching a series to an axis can emit rangeChanged() while the series list is half built.
    m_building = true;
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
    redecimate();
}

void CurveChart::buildCurveSeries(int index)
{
    const ChartCurve &c = m_spec.curves[index];
    Drawn &d = m_drawn[index];
    const QColor full = colour(colourOf(index));
    const bool smoothed = !c.smoothed.empty();
    d.rawIndex = MinMaxIndex(c.y, m_spec.logY);
    if (smoothed)
        d.smoothIndex = MinMaxIndex(c.smoothed, m_spec.logY);
    for (int i = 0; i < c.size(); ++i) {
        if (!std::isfinite(c.y[size_t(i)]))
            d.nonFinite.push_back(i);
    }
    for (int p = 0; p < c.pieceCount(); ++p) {
        auto *raw = new QLineSeries;
        raw->setName(c.label);
        QPen pen(smoothed ? colour(colourOf(index), 70) : full);
        pen.setWidthF(smoothed ? 1.0 : 1.5);
        pen.setCosmetic(true);
        raw->setPen(pen);
        attach(raw);
        d.raw << raw;
        if (smoothed) {
            auto *s = new QLineSeries;
            s->setName(c.label);
            QPen sp(full);
            sp.setWidthF(2.0);
            sp.setCosmetic(true);
            s->setPen(sp);
            attach(s);
            d.smooth << s;
        }
    }
    d.markers = new QScatterSeries;
    d.markers->setName(c.label);
    d.markers->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    d.markers->setMarkerSize(11);
    d.markers->setColor(QColor(0xd6, 0x27, 0x28));
    d.markers->setBorderColor(full.darker(150));
    attach(d.markers);
    const QString label = c.label;
    connect(d.markers, &QScatterSeries::hovered, this, [this, label](const QPointF &point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        const double x = point.x() / xScale();
        QString values;
        for (const ChartCurve &curve : std::as_const(m_spec.curves)) {
            if (curve.label != label)
                continue;
            const auto it = std::lower_bound(curve.x.cbegin(), curve.x.cend(), x);
            for (auto k = it; k != curve.x.cend() && *k == x; ++k) {
                const size_t i = size_t(k - curve.x.cbegin());
                if (!std::isfinite(curve.y[i]))
                    values = QString::number(curve.y[i]) + (i < curve.steps.size()
                                                                ? tr(" at step %1").arg(curve.steps[i])
                                                                : QString());
            }
        }
        QToolTip::showText(QCursor::pos(), tr("%1: logged %2 (non-finite value)").arg(label, values));
    });
    connectLegend(index);
    applyVisibility(index);
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
    const QString id = m_spec.curves[index].id;
    for (QLegendMarker *m : legend()->markers(legendSeries(index)))
        connect(m, &QLegendMarker::clicked, this, [this, id] { Q_EMIT legendToggled(id); });
}

void CurveChart::applyVisibility(int index)
{
    const ChartCurve &c = m_spec.curves[index];
    const Drawn &d = m_drawn[index];
    const bool smoothed = !c.smoothed.empty();
    for (QLineSeries *s : d.raw)
        s->setVisible(c.visible && (!smoothed || m_spec.showRaw));
    for (QLineSeries *s : d.smooth)
        s->setVisible(c.visible);
    d.markers->setVisible(c.visible);
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
    const quint32 rgb = m_spec.curves[index].rgb;
    if (rgb)
        return rgb;
    return RunListModel::paletteColor(index);
}

int CurveChart::indexOf(const QString &id) const
{
    for (int i = 0; i < m_spec.curves.size(); ++i) {
        if (m_spec.curves[i].id == id)
            return i;
    }
    return -1;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "curvelayer.h"

#include "curvechart.h"

#include <QLineSeries>
#include <QPainter>

#include <algorithm>
#include <cmath>

CurveLayer::CurveLayer(CurveChart *chart)
    : QGraphicsItem(chart)
    , m_chart(chart)
{
    // Over the series (grid, axes) and under the crosshair.
    setZValue(40);
}

void CurveLayer::setPoints(const QAbstractSeries *series, const QList<QPointF> &points)
{
    auto it = m_points.find(series);
    if (it != m_points.end() && *it == points)
        return;
    m_points.insert(series, points);
    update();
}

void CurveLayer::remove(const QAbstractSeries *series)
{
    if (m_points.remove(series))
        update();
}

void CurveLayer::clear()
{
    m_points.clear();
    update();
}

void CurveLayer::setRect(const QRectF &rect)
{
    if (rect == m_rect)
        return;
    prepareGeometryChange();
    m_rect = rect;
}

QRectF CurveLayer::boundingRect() const
{
    return m_rect;
}

void CurveLayer::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    const QRectF area = m_rect;
    const QRectF view = m_chart->view();
    const bool logY = m_chart->logY();
    if (area.isEmpty() || !(view.width() > 0))
        return;
    const double y0 = logY ? std::log10(view.top()) : view.top();
    const double y1 = logY ? std::log10(view.bottom()) : view.bottom();
    if (!(y1 > y0))
        return;
    const double sx = area.width() / view.width(), sy = area.height() / (y1 - y0);
    painter->save();
    painter->setClipRect(area);
    QPolygonF polyline;
    // In the chart's series order, so later curves are drawn over earlier ones as Qt Charts would.
    for (const QAbstractSeries *series : m_chart->series()) {
        const auto it = m_points.constFind(series);
        if (it == m_points.cend() || it->isEmpty() || !series->isVisible())
            continue;
        polyline.resize(it->size());
        for (qsizetype i = 0; i < it->size(); ++i) {
            const QPointF &p = it->at(i);
            const double y = logY ? std::log10(p.y()) : p.y();
            polyline[i] = QPointF(area.left() + (p.x() - view.left()) * sx, area.bottom() - (y - y0) * sy);
        }
        QPen pen = static_cast<const QXYSeries *>(series)->pen();
        pen.setCosmetic(true);
        pen.setWidthF(std::min(pen.widthF(), 1.0));
        painter->setPen(pen);
        // A line with more points than the plot has columns is mostly vertical strokes from a
        // bucket's lowest to its highest point, one a column: antialiasing them changes no pixel
        // worth seeing and costs most of a frame; sparse lines keep their smooth slopes.
        painter->setRenderHint(QPainter::Antialiasing, polyline.size() < area.width());
        painter->drawPolyline(polyline);
    }
    painter->restore();
}

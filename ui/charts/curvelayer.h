// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QGraphicsItem>
#include <QHash>
#include <QList>
#include <QPointF>

class CurveChart;
class QAbstractSeries;

/// Draws a CurveChart's lines with level of detail: each line's points (a slice of its
/// LodPyramid, a few a pixel column) mapped to the plot area here and stroked as one polyline
/// with its series' pen, made cosmetic and at most 1 px wide (the raster engine's fast path).
/// The QLineSeries stay, empty, for the legend, colours and visibility: handed the points, Qt
/// Charts would stroke an outline of every line on every change (its hover shape) and draw wider
/// pens through the general stroker — most of a frame for four charts of eight lines.
class CurveLayer : public QGraphicsItem
{
public:
    explicit CurveLayer(CurveChart *chart);

    /// The points (data units) to draw for a line series; drawn while the series is visible.
    void setPoints(const QAbstractSeries *series, const QList<QPointF> &points);
    QList<QPointF> points(const QAbstractSeries *series) const { return m_points.value(series); }
    void remove(const QAbstractSeries *series);
    void clear();
    /// Where the lines are drawn (and clipped): the chart's plot area.
    void setRect(const QRectF &rect);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    CurveChart *m_chart;
    QRectF m_rect;
    QHash<const QAbstractSeries *, QList<QPointF>> m_points;
};

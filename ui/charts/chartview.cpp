// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartview.h"

#include "curvechart.h"

#include "core/base/model/numbertext.h"

#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

ChartView::ChartView(CurveChart *chart, QWidget *parent)
    : QChartView(chart, parent)
    , m_chart(chart)
    , m_line(new QGraphicsLineItem(chart))
    , m_box(new QGraphicsRectItem(chart))
    , m_text(new QGraphicsSimpleTextItem(m_box))
{
    // On screen every pan and zoom redraws: the chart draws from its level-of-detail pyramids.
    chart->setLevelOfDetail(true);
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    m_line->setPen(QPen(QColor(128, 128, 128, 160), 0, Qt::DashLine));
    m_line->setZValue(50);
    // Translucent, so the curves under the read-out stay visible.
    m_box->setZValue(51);
    hideCrosshair();
    retranslateUi();
}

void ChartView::retranslateUi()
{
    setToolTip(tr("Drag: zoom to a rectangle · Wheel: zoom x (Ctrl: y) · Middle/Shift-drag or arrows: pan · "
                  "Double-click or Home: show all · Right-click: export and options"));
}

void ChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QChartView::changeEvent(event);
}

void ChartView::zoomX(double factor, double aroundX)
{
    const QRectF v = m_chart->view();
    const double left = aroundX - (aroundX - v.left()) * factor;
    const double right = aroundX + (v.right() - aroundX) * factor;
    m_chart->setXRange(left, right);
    Q_EMIT userChangedView();
}

void ChartView::pan(double dxFraction, double dyFraction)
{
    const QRectF v = m_chart->view();
    QRectF moved = v.translated(v.width() * dxFraction, v.height() * dyFraction);
    if (dyFraction == 0) {
        // Sideways only: y stays what it was, fitted to the data now in view or the user's.
        m_chart->setXRange(moved.left(), moved.right(), false);
        Q_EMIT userChangedView();
        return;
    }
    if (m_chart->logY()) {
        // On a log axis a pan moves by a factor, not an offset.
        const double f = std::pow(v.bottom() / v.top(), dyFraction);
        moved.setTop(v.top() * f);
        moved.setBottom(v.bottom() * f);
    }
    m_chart->setView(moved);
    Q_EMIT userChangedView();
}

void ChartView::resetZoom()
{
    m_chart->fitAll();
    Q_EMIT userChangedView();
}

QString ChartView::readout(double x) const
{
    const QVector<CurveChart::Reading> readings = m_chart->readAt(x);
    QStringList lines;
    for (const CurveChart::Reading &r : readings) {
        QString line = r.label + QStringLiteral(": ") + NumberText::number(r.y);
        if (!std::isnan(r.smoothed))
            line += tr(" (smoothed %1)").arg(NumberText::number(r.smoothed));
        if (r.step >= 0)
            line += tr("  @ step %1").arg(r.step);
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

void ChartView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton
        || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))) {
        m_panning = true;
        m_lastPan = event->pos();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() == Qt::RightButton) {
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void ChartView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint d = event->pos() - m_lastPan;
        m_lastPan = event->pos();
        const QRectF area = m_chart->plotArea();
        if (area.width() > 0 && area.height() > 0)
            pan(-d.x() / area.width(), d.y() / area.height());
        event->accept();
        return;
    }
    updateCrosshair(mapToScene(event->pos()));
    QChartView::mouseMoveEvent(event);
}

void ChartView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    if (event->button() == Qt::RightButton) {
        // QChartView would zoom out here; the context menu is more useful and reset is a double-click.
        Q_EMIT contextMenuWanted(event->globalPosition().toPoint());
        event->accept();
        return;
    }
    const QRectF before = m_chart->view();
    QChartView::mouseReleaseEvent(event);
    if (m_chart->view() != before) {
        // QChartView zoomed the axes itself: that rectangle is now the user's view.
        m_chart->setView(m_chart->view());
        Q_EMIT userChangedView();
    }
}

void ChartView::mouseDoubleClickEvent(QMouseEvent *event)
{
    resetZoom();
    event->accept();
}

void ChartView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        event->ignore();
        return;
    }
    const double factor = std::pow(0.8, steps);
    const QPointF scenePos = mapToScene(event->position().toPoint());
    if (event->modifiers() & Qt::ControlModifier) {
        const QRectF v = m_chart->view();
        const QRectF area = m_chart->plotArea();
        const double frac = area.height() > 0 ? (area.bottom() - scenePos.y()) / area.height() : 0.5;
        const double around = v.top() + frac * v.height();
        m_chart->setView(QRectF(QPointF(v.left(), around - (around - v.top()) * factor),
                                QPointF(v.right(), around + (v.bottom() - around) * factor)));
        Q_EMIT userChangedView();
    } else {
        zoomX(factor, m_chart->xAt(scenePos));
    }
    updateCrosshair(scenePos);
    event->accept();
}

void ChartView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Left: pan(-0.1, 0); break;
    case Qt::Key_Right: pan(0.1, 0); break;
    case Qt::Key_Up: pan(0, 0.1); break;
    case Qt::Key_Down: pan(0, -0.1); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomX(0.8, m_chart->view().center().x()); break;
    case Qt::Key_Minus: zoomX(1.25, m_chart->view().center().x()); break;
    case Qt::Key_Home:
    case Qt::Key_Escape: resetZoom(); break;
    default: QChartView::keyPressEvent(event); return;
    }
    event->accept();
}

void ChartView::leaveEvent(QEvent *event)
{
    hideCrosshair();
    QChartView::leaveEvent(event);
}

void ChartView::updateCrosshair(const QPointF &scenePos)
{
    const QRectF area = m_chart->plotArea();
    if (!area.contains(scenePos)) {
        hideCrosshair();
        return;
    }
    const QString text = readout(m_chart->xAt(scenePos));
    if (text.isEmpty()) {
        hideCrosshair();
        return;
    }
    m_line->setLine(scenePos.x(), area.top(), scenePos.x(), area.bottom());
    m_text->setText(text);
    const QPalette palette = m_chart->palette();
    QColor back = palette.color(QPalette::Base);
    back.setAlpha(150);
    m_box->setBrush(back);
    m_box->setPen(QPen(palette.color(QPalette::Mid)));
    m_text->setBrush(palette.text());
    const QRectF textRect = m_text->boundingRect().adjusted(-4, -3, 4, 3);
    m_box->setRect(QRectF(QPointF(0, 0), textRect.size()));
    m_text->setPos(4, 3);
    // Inside the plot, on the side of the line with more room, and in the half away from the
    // pointer: the box never covers the spot being read.
    double x = scenePos.x() + 12;
    if (x + textRect.width() > area.right())
        x = scenePos.x() - 12 - textRect.width();
    const bool pointerHigh = scenePos.y() < area.center().y();
    const double y = pointerHigh ? area.bottom() - textRect.height() - 4 : area.top() + 4;
    m_box->setPos(std::max(area.left(), x), y);
    m_line->show();
    m_box->show();
}

void ChartView::hideCrosshair()
{
    m_line->hide();
    m_box->hide();
}

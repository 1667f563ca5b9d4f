// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QChartView>

class CurveChart;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

/// Shows one CurveChart and handles the mouse and keys:
/// - drag with the left button: rubber-band zoom; wheel: zoom x around the cursor (Ctrl+wheel: y);
/// - middle-button drag or Shift+left drag, arrow keys: pan;
/// - double-click, Home or Esc: reset to all data;
/// - hovering: a crosshair with every visible curve's value at that x;
/// - right-click: the context menu the owner fills (export, log scale, ...).
class ChartView : public QChartView
{
    Q_OBJECT

public:
    explicit ChartView(CurveChart *chart, QWidget *parent = nullptr);

    CurveChart *curveChart() const { return m_chart; }
    /// Zooms x by factor (< 1 zooms in) around a data x, as the wheel does.
    void zoomX(double factor, double aroundX);
    /// Pans by a fraction of the visible width/height, as the arrow keys do.
    void pan(double dxFraction, double dyFraction);
    void resetZoom();
    /// The crosshair read-out text for a data x (what hovering shows).
    QString readout(double x) const;
    /// Small: a chart in a dock shrinks (fewer ticks, AxisTicks) rather than force the window's size.
    QSize minimumSizeHint() const override { return QSize(200, 130); }

Q_SIGNALS:
    /// The user changed the view (zoom, pan, reset): the owner may sync other charts.
    void userChangedView();
    void contextMenuWanted(const QPoint &globalPos);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateCrosshair(const QPointF &scenePos);
    void hideCrosshair();

    CurveChart *m_chart;
    QGraphicsLineItem *m_line;
    QGraphicsRectItem *m_box;
    QGraphicsSimpleTextItem *m_text;
    bool m_panning = false;
    QPoint m_lastPan;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/report/reportfigurerenderer.h"

#include <QImage>
#include <QRectF>

class QPainter;

/// Draws report figures with the GUI's own code: charts through ChartRenderer (the Charts dock's
/// CurveChart, offscreen), topology maps through TopologyImage. Vector output for SVG and PDF.
/// Needs a QApplication (offscreen platform is enough) and, since both are QGraphicsScenes, the
/// GUI thread; a writer on another thread draws through ReportFigureRelay.
class ReportFigurePainter : public ReportFigureRenderer
{
public:
    QString svg(const ReportDocument::Figure &figure) override;
    QByteArray png(const ReportDocument::Figure &figure) override;
    /// Draws the figure as vectors into target on any painter (the PDF pages).
    virtual void paint(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target);

    /// What svg() returns.
    static QString drawSvg(const ReportDocument::Figure &figure);
    /// The image png() encodes: twice the figure's size for a chart, 1.5 times for a topology map.
    static QImage image(const ReportDocument::Figure &figure);
    /// An image as png() returns it (any thread); empty for a null image.
    static QByteArray encodePng(const QImage &image);
    /// What paint() draws.
    static void draw(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/report/reportfigurerenderer.h"

#include <QImage>
#include <QPicture>
#include <QRectF>

class QPainter;

/// Draws report figures with the GUI's own code: charts through ChartRenderer (the Charts dock's
/// CurveChart, offscreen), topology maps through TopologyImage. Vector output for SVG and PDF.
/// Needs a QApplication (offscreen platform is enough) and, since both are QGraphicsScenes, the
/// GUI thread; a writer on another thread draws through ReportFigureRelay. Each figure is drawn
/// from its thinned() curves, which any thread prepares, so the GUI thread's part stays short for
/// runs of millions of steps.
class ReportFigurePainter : public ReportFigureRenderer
{
public:
    QString svg(const ReportDocument::Figure &figure) override;
    QByteArray png(const ReportDocument::Figure &figure) override;
    /// Draws the figure as vectors into target on any painter (the PDF pages).
    virtual void paint(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target);

    /// The figure with each chart curve (and band) cut to the points a chart laid out `width`
    /// logical pixels wide can draw: every column of a grid four times finer than that keeps its
    /// first, lowest, highest and last point of the raw and the smoothed line (Decimator), the
    /// logged NaN/inf with the finite points either side of them (their markers), and each piece's
    /// ends, so the chart's ranges and its own decimation come out as from every point. Curves
    /// with fewer points are left whole. Pure data: any thread (the writer's, the preview's job).
    static ReportDocument::Figure thinned(ReportDocument::Figure figure, int width);
    /// What svg() returns.
    static QString drawSvg(const ReportDocument::Figure &figure);
    /// The image png() encodes: twice the figure's size for a chart (its picture() rasterized()),
    /// 1.5 times for a topology map.
    static QImage image(const ReportDocument::Figure &figure);
    /// A chart figure drawn as vectors at its size, for rasterized(): the GUI thread's part of
    /// its image, cheap, while the pixels (most of the work for noisy curves) can be filled on
    /// another thread.
    static QPicture picture(const ReportDocument::Figure &figure);
    /// A chart's picture() as image() returns it, at twice the figure's size (any thread); a null
    /// image for a null picture.
    static QImage rasterized(const QPicture &picture, const QSize &size);
    /// An image as png() returns it (any thread); empty for a null image.
    static QByteArray encodePng(const QImage &image);
    /// What paint() draws (for a thinned() figure).
    static void draw(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target);
};

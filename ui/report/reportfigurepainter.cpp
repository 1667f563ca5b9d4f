// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportfigurepainter.h"

#include "charts/chartrenderer.h"
#include "topology/topologyimage.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgRenderer>

QString ReportFigurePainter::svg(const ReportDocument::Figure &figure)
{
    return drawSvg(figure);
}

QByteArray ReportFigurePainter::png(const ReportDocument::Figure &figure)
{
    return encodePng(image(figure));
}

void ReportFigurePainter::paint(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target)
{
    draw(figure, painter, target);
}

QString ReportFigurePainter::drawSvg(const ReportDocument::Figure &figure)
{
    if (figure.kind == ReportDocument::Figure::Kind::Topology)
        return TopologyImage::svg(figure.topology);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ChartRenderer renderer(figure.chart, figure.size);
    if (!renderer.toSvg(&buffer, figure.caption))
        return QString();
    return QString::fromUtf8(buffer.data());
}

QImage ReportFigurePainter::image(const ReportDocument::Figure &figure)
{
    return figure.kind == ReportDocument::Figure::Kind::Topology
        ? TopologyImage::image(figure.topology, 1.5)
        : ChartRenderer(figure.chart, figure.size).toImage(2.0);
}

QByteArray ReportFigurePainter::encodePng(const QImage &image)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, "PNG"))
        return QByteArray();
    return buffer.data();
}

void ReportFigurePainter::draw(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target)
{
    if (figure.kind == ReportDocument::Figure::Kind::Topology) {
        QSvgRenderer svg(TopologyImage::svg(figure.topology).toUtf8());
        svg.setAspectRatioMode(Qt::KeepAspectRatio);
        svg.render(painter, target);
        return;
    }
    // Laid out at the size it is drawn (not figure.size, then scaled down) so axis labels and
    // titles keep their point size on the page.
    ChartRenderer(figure.chart, target.size().toSize()).render(painter, target);
}

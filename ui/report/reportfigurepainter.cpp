// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportfigurepainter.h"

#include "charts/chartrenderer.h"
#include "core/engines/charts/decimator.h"
#include "topology/topologyimage.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgRenderer>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

/// Columns of the thinning grid per logical pixel of the chart: the chart decimates again for its
/// plot width, so its columns never straddle much more than one of these.
constexpr int thinningColumnsPerPixel = 4;

/// The points of `keep` (sorted, unique indices) of one series.
template<typename T>
std::vector<T> keptOf(const std::vector<T> &values, const std::vector<int> &keep)
{
    std::vector<T> out;
    out.reserve(keep.size());
    for (const int i : keep)
        out.push_back(values[size_t(i)]);
    return out;
}

void sortUnique(std::vector<int> &indices)
{
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
}

/// The points of piece [begin, end) of a curve that a thinned copy keeps.
void keepOfPiece(const ChartCurve &c, int begin, int end, const Decimator::Options &o, std::vector<int> &keep)
{
    const auto add = [&keep](const std::vector<int> &more) { keep.insert(keep.end(), more.begin(), more.end()); };
    add(Decimator::minMaxIndices(c.x, c.y, begin, end, o));
    if (!c.smoothed.empty())
        add(Decimator::minMaxIndices(c.x, c.smoothed, begin, end, o));
    // A marker stands at the shown line's finite value next to it (CurveChart): keep that point.
    const std::vector<double> &shown = c.shown();
    for (const int k : Decimator::nonFinite(c.x, c.y, begin, end, o)) {
        keep.push_back(k);
        if (const int anchor = Decimator::markerAnchor(shown, k, begin, end); anchor >= 0)
            keep.push_back(anchor);
    }
    keep.push_back(begin);
    keep.push_back(end - 1);
}

ChartCurve thinnedCurve(ChartCurve c, const Decimator::Options &o)
{
    std::vector<int> keep;
    std::vector<int> pieceStarts;
    for (int p = 0; p < c.pieceCount(); ++p) {
        const int begin = c.pieceBegin(p), end = c.pieceEnd(p);
        if (begin == end)
            continue;
        std::vector<int> piece;
        keepOfPiece(c, begin, end, o, piece);
        sortUnique(piece);
        if (!c.pieceStarts.empty())
            pieceStarts.push_back(int(keep.size()));
        keep.insert(keep.end(), piece.begin(), piece.end());
    }
    c.x = keptOf(c.x, keep);
    c.y = keptOf(c.y, keep);
    if (!c.smoothed.empty())
        c.smoothed = keptOf(c.smoothed, keep);
    if (!c.steps.empty())
        c.steps = keptOf(c.steps, keep);
    c.pieceStarts = std::move(pieceStarts);
    return c;
}

} // namespace

QString ReportFigurePainter::svg(const ReportDocument::Figure &figure)
{
    return drawSvg(thinned(figure, figure.size.width()));
}

QByteArray ReportFigurePainter::png(const ReportDocument::Figure &figure)
{
    return encodePng(image(thinned(figure, figure.size.width())));
}

void ReportFigurePainter::paint(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target)
{
    draw(thinned(figure, int(std::ceil(target.width()))), painter, target);
}

ReportDocument::Figure ReportFigurePainter::thinned(ReportDocument::Figure figure, int width)
{
    ChartSpec &chart = figure.chart;
    const int columns = thinningColumnsPerPixel * std::max(1, width);
    const auto isSmall = [columns](const ChartCurve &c) { return c.size() <= 4 * columns; };
    if (figure.kind != ReportDocument::Figure::Kind::Chart
        || (std::all_of(chart.curves.cbegin(), chart.curves.cend(), isSmall)
            && int(chart.band.x.size()) <= 4 * columns))
        return figure;
    // The x range the chart shows: its view, else all of its points (CurveChart fits them).
    Decimator::Options o{chart.view.left(), chart.view.right(), columns, chart.logY};
    if (chart.view.isNull()) {
        o.xMin = std::numeric_limits<double>::infinity();
        o.xMax = -o.xMin;
        const auto extend = [&o](const std::vector<double> &x, int begin, int end) {
            if (begin < end) {
                o.xMin = std::min(o.xMin, x[size_t(begin)]);
                o.xMax = std::max(o.xMax, x[size_t(end) - 1]);
            }
        };
        for (const ChartCurve &c : std::as_const(chart.curves)) {
            for (int p = 0; p < c.pieceCount(); ++p)
                extend(c.x, c.pieceBegin(p), c.pieceEnd(p));
        }
        extend(chart.band.x, 0, int(chart.band.x.size()));
    }
    for (ChartCurve &c : chart.curves) {
        if (!isSmall(c))
            c = thinnedCurve(std::move(c), o);
    }
    const int n = int(chart.band.x.size());
    if (n > 4 * columns) {
        std::vector<int> keep = Decimator::minMaxIndices(chart.band.x, chart.band.lower, 0, n, o);
        const std::vector<int> upper = Decimator::minMaxIndices(chart.band.x, chart.band.upper, 0, n, o);
        keep.insert(keep.end(), upper.begin(), upper.end());
        keep.push_back(0);
        keep.push_back(n - 1);
        sortUnique(keep);
        chart.band.x = keptOf(chart.band.x, keep);
        chart.band.lower = keptOf(chart.band.lower, keep);
        chart.band.upper = keptOf(chart.band.upper, keep);
    }
    return figure;
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
    return figure.kind == ReportDocument::Figure::Kind::Topology ? TopologyImage::image(figure.topology, 1.5)
                                                                 : rasterized(picture(figure), figure.size);
}

QPicture ReportFigurePainter::picture(const ReportDocument::Figure &figure)
{
    QPicture picture;
    QPainter recorder(&picture);
    ChartRenderer(figure.chart, figure.size).render(&recorder, QRectF(QPointF(0, 0), figure.size));
    recorder.end();
    return picture;
}

QImage ReportFigurePainter::rasterized(const QPicture &picture, const QSize &size)
{
    if (picture.isNull())
        return QImage();
    constexpr qreal scale = 2.0;
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.drawPicture(QPointF(0, 0), picture);
    painter.end();
    return image;
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

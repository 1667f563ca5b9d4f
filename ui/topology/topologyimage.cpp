// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologyimage.h"

#include "core/base/io/safefilewriter.h"
#include "core/sources/topology/topologysvgwriter.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QPainter>
#include <QSvgRenderer>

QString TopologyImage::svg(const Topology &topology)
{
    return TopologySvgWriter::write(topology);
}

QImage TopologyImage::image(const Topology &topology, double scale)
{
    QSvgRenderer renderer(svg(topology).toUtf8());
    const QSize size = (QSizeF(renderer.defaultSize()) * scale).toSize();
    QImage img(size.expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter painter(&img);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    return img;
}

QString TopologyImage::save(const Topology &topology, const QString &path)
{
    QByteArray bytes;
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (!image(topology).save(&buffer, "PNG"))
            return QCoreApplication::translate("TopologyImage", "PNG encoding failed");
    } else
        bytes = svg(topology).toUtf8();
    return SafeFileWriter::writeFile(path, bytes);
}

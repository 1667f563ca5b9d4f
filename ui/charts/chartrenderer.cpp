// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartrenderer.h"

#include "core/base/io/safefilewriter.h"
#include "curvechart.h"

#include <QApplication>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyle>
#include <QSvgGenerator>

class ChartRenderer::Scene : public QGraphicsScene
{
public:
    CurveChart *chart = new CurveChart;
};

ChartRenderer::ChartRenderer(const ChartSpec &spec, const QSize &size)
    : m_scene(new Scene)
    , m_size(size.isValid() ? size : QSize(800, 450))
{
    // Report figures are read on paper and in browsers: light whatever the GUI theme.
    m_scene->setPalette(QApplication::style()->standardPalette());
    m_scene->addItem(m_scene->chart);
    m_scene->chart->setGeometry(QRectF(QPointF(0, 0), m_size));
    m_scene->setSceneRect(QRectF(QPointF(0, 0), m_size));
    m_scene->setBackgroundBrush(Qt::white);
    m_scene->chart->setSpec(spec);
    // The legend lays out its entries on posted layout requests, which a window's event loop would
    // deliver before painting; without one (the CLI, a report drawn in one turn) the legend stayed
    // empty. The plot area is known only after layout; decimate for the final width.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    m_scene->chart->layout()->activate();
    m_scene->chart->redecimate();
}

ChartRenderer::~ChartRenderer()
{
    delete m_scene;
}

void ChartRenderer::render(QPainter *painter, const QRectF &target)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    m_scene->render(painter, target, QRectF(QPointF(0, 0), m_size));
    painter->restore();
}

QImage ChartRenderer::toImage(qreal devicePixelRatio)
{
    QImage image(m_size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(Qt::white);
    QPainter painter(&image);
    render(&painter, QRectF(QPointF(0, 0), m_size));
    return image;
}

bool ChartRenderer::toSvg(QIODevice *device, const QString &title)
{
    QSvgGenerator svg;
    svg.setOutputDevice(device);
    svg.setSize(m_size);
    svg.setViewBox(QRect(QPoint(0, 0), m_size));
    svg.setTitle(title.isEmpty() ? m_scene->chart->title() : title);
    svg.setDescription(QStringLiteral("PortBench chart"));
    QPainter painter;
    if (!painter.begin(&svg))
        return false;
    render(&painter, QRectF(QPointF(0, 0), m_size));
    return painter.end();
}

bool ChartRenderer::toFile(const QString &path, QString *error, qreal devicePixelRatio)
{
    SafeFileWriter file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.error();
        return false;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    bool ok;
    if (suffix == QLatin1String("svg")) {
        ok = toSvg(&file);
    } else {
        const QByteArray format = suffix.isEmpty() ? QByteArrayLiteral("png") : suffix.toLatin1();
        ok = toImage(devicePixelRatio).save(&file, format.constData());
    }
    if (!ok) {
        // A failed write makes the encoder fail too; the write's reason is the useful one.
        *error = file.error().isEmpty()
            ? QObject::tr("cannot write %1: the %2 image could not be encoded").arg(path, suffix)
            : file.error();
        return false;
    }
    if (!file.commit()) {
        *error = file.error();
        return false;
    }
    return true;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportfigurerelay.h"

#include <QPainter>
#include <QSemaphore>

#include <cmath>

ReportFigureRelay::ReportFigureRelay(QObject *context, std::shared_ptr<const std::atomic<bool>> cancelled,
                                     Progress progress)
    : m_context(context)
    , m_cancelled(std::move(cancelled))
    , m_progress(std::move(progress))
{ }

template<typename T>
T ReportFigureRelay::drawnThere(std::function<T()> draw)
{
    struct Request
    {
        QSemaphore done;
        T result;
    };
    if (m_cancelled->load())
        return T();
    // The request outlives a writer that stopped waiting (cancelled): the drawing still under
    // way on the GUI thread then writes into it, not into the writer's gone stack.
    auto request = std::make_shared<Request>();
    const bool posted = QMetaObject::invokeMethod(
        m_context,
        [request, draw = std::move(draw), cancelled = m_cancelled, progress = m_progress, drawn = ++m_drawn,
         count = m_count] {
            if (!cancelled->load()) {
                request->result = draw();
                if (progress)
                    progress(drawn, count);
            }
            request->done.release();
        },
        Qt::QueuedConnection);
    if (!posted)
        return T();
    // Waits in short steps: a cancelled export (Cancel, or the dialog closing and waiting for
    // this thread) returns at once, even while the GUI thread cannot answer.
    while (!request->done.tryAcquire(1, 20)) {
        if (m_cancelled->load())
            return T();
    }
    return std::move(request->result);
}

QString ReportFigureRelay::svg(const ReportDocument::Figure &figure)
{
    return drawnThere<QString>(
        [thin = thinned(figure, figure.size.width())] { return ReportFigurePainter::drawSvg(thin); });
}

QByteArray ReportFigureRelay::png(const ReportDocument::Figure &figure)
{
    const ReportDocument::Figure thin = thinned(figure, figure.size.width());
    if (thin.kind == ReportDocument::Figure::Kind::Topology)
        return encodePng(drawnThere<QImage>([thin] { return ReportFigurePainter::image(thin); }));
    const QPicture picture = drawnThere<QPicture>([thin] { return ReportFigurePainter::picture(thin); });
    return encodePng(rasterized(picture, thin.size));
}

void ReportFigureRelay::paint(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target)
{
    const QString key = QStringLiteral("%1@%2x%3").arg(figure.id).arg(target.width()).arg(target.height());
    auto it = m_pictures.constFind(key);
    if (it == m_pictures.cend()) {
        it = m_pictures.insert(
            key, drawnThere<QPicture>([thin = thinned(figure, int(std::ceil(target.width()))), size = target.size()] {
                QPicture picture;
                QPainter recorder(&picture);
                ReportFigurePainter::draw(thin, &recorder, QRectF(QPointF(0, 0), size));
                recorder.end();
                return picture;
            }));
    }
    painter->drawPicture(target.topLeft(), *it);
}

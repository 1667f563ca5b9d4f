// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportfigurepainter.h"

#include <QHash>
#include <QPicture>

#include <atomic>
#include <functional>
#include <memory>

class QObject;

/// The figures of a report written on a worker thread (the Report dialog's export). Charts and
/// topology maps are QGraphicsScenes, which live on the GUI thread only, so each figure is drawn
/// there, one per turn of its event loop (the window repaints and hears Cancel in between), while
/// the writer waits; everything else stays on the writer's thread: thinning a chart's curves to
/// what its width can show (ReportFigurePainter::thinned(): a run of a million steps held a turn
/// 100–300 ms), filling a chart's image from its recorded QPicture and encoding its PNG, playing
/// a recorded QPicture onto the PDF's pages (recorded once, although the PDF is laid out twice). The output is what
/// ReportFigurePainter writes on the GUI thread.
///
/// Once cancelled the writer stops waiting and gets no figures; nothing more is drawn.
class ReportFigureRelay : public ReportFigurePainter
{
public:
    /// Called on the GUI thread after each figure drawn: how many so far, of how many the
    /// document has (setFigureCount()).
    using Progress = std::function<void(int drawn, int count)>;

    /// Draws on the thread of context, which outlives the writing (the Report dialog waits for its
    /// job, cancelled, before it goes); cancelled is read on both threads.
    ReportFigureRelay(QObject *context, std::shared_ptr<const std::atomic<bool>> cancelled, Progress progress);

    /// The number of figures of the document being written, for the progress.
    void setFigureCount(int count) { m_count = count; }

    QString svg(const ReportDocument::Figure &figure) override;
    QByteArray png(const ReportDocument::Figure &figure) override;
    void paint(const ReportDocument::Figure &figure, QPainter *painter, const QRectF &target) override;

private:
    /// Runs draw on the context's thread and returns its result; a default T when cancelled.
    template<typename T>
    T drawnThere(std::function<T()> draw);

    QObject *m_context;
    std::shared_ptr<const std::atomic<bool>> m_cancelled;
    Progress m_progress;
    int m_count = 0;
    int m_drawn = 0;
    QHash<QString, QPicture> m_pictures; ///< the PDF's figures by id and size, played on both passes
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "memorybar.h"

#include "core/sources/config/memoryestimator.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>

namespace {

struct Segment
{
    const char *label;
    double bytes;
    QColor color;
};

QList<Segment> segments(const MemoryEstimate &e)
{
    return {{QT_TRANSLATE_NOOP("MemoryBar", "parameters"), e.parameters, QColor(0x42, 0x85, 0xf4)},
            {QT_TRANSLATE_NOOP("MemoryBar", "gradients"), e.gradients, QColor(0x34, 0xa8, 0x53)},
            {QT_TRANSLATE_NOOP("MemoryBar", "optimizer states"), e.optimizer, QColor(0xfb, 0xbc, 0x05)},
            {QT_TRANSLATE_NOOP("MemoryBar", "gathered parameters"), e.gatheredParameters, QColor(0x46, 0xbd, 0xc6)},
            {QT_TRANSLATE_NOOP("MemoryBar", "activations"), e.activations, QColor(0xab, 0x47, 0xbc)},
            {QT_TRANSLATE_NOOP("MemoryBar", "logits"), e.logits, QColor(0xff, 0x70, 0x43)},
            {QT_TRANSLATE_NOOP("MemoryBar", "margin"), e.margin, QColor(0x9e, 0x9e, 0x9e)}};
}

} // namespace

MemoryBar::MemoryBar(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(28);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize MemoryBar::sizeHint() const
{
    return {400, 28};
}

QString MemoryBar::summary() const
{
    if (!m_estimate)
        return m_estimate.error;
    return tr("%1 of %2 per device — %3")
        .arg(MemoryEstimator::formatBytes(m_estimate.total), MemoryEstimator::formatBytes(m_estimate.deviceBytes),
             m_estimate.fits() ? tr("fits") : tr("does not fit"));
}

void MemoryBar::setEstimate(const MemoryEstimate &estimate)
{
    m_estimate = estimate;
    QString tip;
    if (!estimate) {
        tip = estimate.error;
    } else {
        //: The memory summary, then the device it is computed for
        tip = tr("<b>%1</b> on %2").arg(summary().toHtmlEscaped(), estimate.deviceName.toHtmlEscaped())
            + QStringLiteral("<table>");
        for (const Segment &s : segments(estimate))
            tip += QStringLiteral("<tr><td><font color='%1'>■</font> %2</td><td align='right'>%3</td></tr>")
                       .arg(s.color.name(), tr(s.label), MemoryEstimator::formatBytes(s.bytes));
        tip += QStringLiteral("</table>");
        if (estimate.hostBytesPerNode > 0)
            tip += tr("CPU RAM for offload: %1 per node<br>")
                       .arg(MemoryEstimator::formatBytes(estimate.hostBytesPerNode));
        if (estimate.deepspeedDeviceBytes >= 0)
            tip += tr("DeepSpeed's estimator (model states only): %1 device, %2 host<br>")
                       .arg(MemoryEstimator::formatBytes(estimate.deepspeedDeviceBytes),
                            MemoryEstimator::formatBytes(estimate.deepspeedHostBytes));
        tip += QStringLiteral("<ul>");
        for (const QString &a : estimate.assumptions)
            tip += QStringLiteral("<li>%1</li>").arg(a.toHtmlEscaped());
        tip += QStringLiteral("</ul>");
    }
    setToolTip(tip);
    setAccessibleDescription(summary());
    update();
}

void MemoryBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        setEstimate(m_estimate); // the tool tip is built in the language of the moment
    QWidget::changeEvent(event);
}

void MemoryBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRectF area = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRect(area);
    if (m_estimate) {
        const double scale = std::max(m_estimate.total, m_estimate.deviceBytes);
        double x = area.left();
        p.setPen(Qt::NoPen);
        for (const Segment &s : segments(m_estimate)) {
            const double w = scale > 0 ? area.width() * s.bytes / scale : 0;
            p.setBrush(s.color);
            p.drawRect(QRectF(x, area.top(), w, area.height()));
            x += w;
        }
        if (!m_estimate.fits() && scale > 0) {
            const double capacity = area.left() + area.width() * m_estimate.deviceBytes / scale;
            p.setPen(QPen(Qt::red, 2));
            p.drawLine(QPointF(capacity, area.top()), QPointF(capacity, area.bottom()));
        }
    }
    p.setPen(palette().color(QPalette::Text));
    p.drawText(area, Qt::AlignCenter, summary());
}

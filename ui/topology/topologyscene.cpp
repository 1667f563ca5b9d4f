// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologyscene.h"

#include "core/sources/topology/topologylayout.h"
#include "core/sources/topology/topologysvgwriter.h"

#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

void TopologyScene::setTopology(const Topology &t)
{
    clear();
    const TopologyLayout layout = TopologyLayout::compute(t);
    for (const TopologyLayout::Group &g : layout.groups) {
        auto box = addRect(g.rect, QPen(QColor(0xbd, 0xbd, 0xbd)), QBrush(QColor(0xf5, 0xf5, 0xf5)));
        box->setZValue(-2);
        auto label = addSimpleText(g.label);
        label->setPos(g.rect.topLeft() + QPointF(8, 4));
    }
    for (int i = 0; i < t.nodes.size(); ++i) {
        for (int j = i + 1; j < t.nodes.size(); ++j) {
            if (!TopologyLayout::drawsEdge(t, i, j))
                continue;
            const LinkType &l = t.link(i, j);
            QPen pen(QColor(TopologySvgWriter::color(l)), TopologySvgWriter::width(l));
            if (TopologySvgWriter::dashed(l))
                pen.setStyle(Qt::DashLine);
            auto line = addLine(QLineF(layout.centers.at(i), layout.centers.at(j)), pen);
            line->setOpacity(0.7);
            line->setZValue(-1);
            line->setToolTip(QStringLiteral("%1 – %2: %3").arg(t.nodes.at(i).name, t.nodes.at(j).name, t.explain(l)));
        }
    }
    for (int i = 0; i < t.nodes.size(); ++i) {
        const TopologyNode &n = t.nodes.at(i);
        const QPointF c = layout.centers.at(i);
        auto box = addRect(QRectF(c.x() - TopologyLayout::nodeWidth / 2, c.y() - TopologyLayout::nodeHeight / 2,
                                  TopologyLayout::nodeWidth, TopologyLayout::nodeHeight),
                           QPen(Qt::darkGray),
                           QBrush(n.isAccelerator() ? QColor(0xe3, 0xf2, 0xfd) : QColor(0xff, 0xf3, 0xe0)));
        //: A node's name (and alias), its CPU affinity and its NUMA node; N/A = not reported
        box->setToolTip(tr("%1%2\nCPU affinity: %3\nNUMA: %4")
                            .arg(n.name, n.alias.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(n.alias),
                                 n.cpuAffinity.isEmpty() ? tr("N/A") : n.cpuAffinity,
                                 n.numaNode >= 0 ? QString::number(n.numaNode) : tr("N/A")));
        auto text = addSimpleText(n.alias.isEmpty() ? n.name : n.name + QLatin1Char('\n') + n.alias);
        text->setPos(c - text->boundingRect().center());
    }
    // The legend of the link classes shown, as the exported SVG has it.
    const QList<LinkType> kinds = t.linkTypes();
    const double legendTop = layout.bounds.bottom() + 20;
    for (int k = 0; k < kinds.size(); ++k) {
        const double x = (k % 3) * 240, y = legendTop + (k / 3) * 22;
        QPen pen(QColor(TopologySvgWriter::color(kinds.at(k))), TopologySvgWriter::width(kinds.at(k)));
        if (TopologySvgWriter::dashed(kinds.at(k)))
            pen.setStyle(Qt::DashLine);
        addLine(QLineF(x, y, x + 30, y), pen);
        auto label = addSimpleText(kinds.at(k).name());
        label->setPos(x + 36, y - label->boundingRect().height() / 2);
        label->setToolTip(kinds.at(k).description());
    }
}

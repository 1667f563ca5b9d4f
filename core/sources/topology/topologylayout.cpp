// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologylayout.h"

#include <QMap>
#include <cmath>

TopologyLayout TopologyLayout::compute(const Topology &t)
{
    TopologyLayout layout;
    layout.centers = QList<QPointF>(t.nodes.size());
    QStringList order;
    QMap<QString, QList<int>> members;
    // A device-fabric full mesh (every accelerator pair on NVLink, HCCS, MTLink) is one picture: all
    // accelerators on one ring, whatever their CPU affinity (each device's tooltip gives it). Split
    // into affinity boxes, the mesh's links would run through the devices between them.
    const QList<int> accelerators = t.accelerators();
    bool fullMesh = accelerators.size() >= 4;
    for (int a = 0; a < accelerators.size() && fullMesh; ++a) {
        for (int b = a + 1; b < accelerators.size() && fullMesh; ++b)
            fullMesh = t.link(accelerators.at(a), accelerators.at(b)).isFabric();
    }
    for (int i = 0; i < t.nodes.size(); ++i) {
        const QString g = fullMesh
            ? QStringLiteral("%1 full mesh").arg(t.link(accelerators.at(0), accelerators.at(1)).label())
            : t.nodes.at(i).localityGroup();
        if (!members.contains(g))
            order << g;
        members[g] << i;
    }
    const double gap = 24, pad = 28;
    double x = 0;
    double maxHeight = 0;
    for (const QString &g : order) {
        QList<int> acc, nic;
        for (int i : members.value(g))
            (t.nodes.at(i).isAccelerator() ? acc : nic) << i;
        const double cellW = nodeWidth + gap * 2, cellH = nodeHeight + gap * 2;
        // Four or more accelerators sit on a ring: every link of a full mesh (NVLink, HCCS) is then
        // its own chord, where a grid draws links through the devices between them (a "chain").
        const bool ring = acc.size() >= 4;
        const double radius = ring ? std::max(cellW, acc.size() * cellW / (2 * M_PI) * 1.15) : 0;
        const int cols = ring ? std::max(1, int((2 * radius + nodeWidth) / cellW))
                              : std::max(1, int(std::ceil(std::sqrt(double(std::max<qsizetype>(acc.size(), 1))))));
        const double accHeight
            = ring ? 2 * radius + cellH : (acc.isEmpty() ? 0 : int((acc.size() + cols - 1) / cols)) * cellH;
        const int nicCols = std::max(cols, 1);
        const int nicRows = nic.isEmpty() ? 0 : int((nic.size() + nicCols - 1) / nicCols);
        const double width = std::max({double(cols) * cellW, ring ? 2 * radius + cellW : 0.0,
                                       std::min<int>(int(nic.size()), nicCols) * cellW})
            + pad;
        const double height = accHeight + nicRows * cellH + pad + 10;
        for (int k = 0; k < acc.size(); ++k) {
            if (ring) {
                const double a = 2 * M_PI * k / acc.size() - M_PI / 2; // device 0 at the top, clockwise
                layout.centers[acc.at(k)]
                    = QPointF(x + width / 2 + radius * std::cos(a), pad + cellH / 2 + radius + radius * std::sin(a));
            } else {
                layout.centers[acc.at(k)]
                    = QPointF(x + pad / 2 + (k % cols + 0.5) * cellW, pad + (k / cols + 0.5) * cellH);
            }
        }
        for (int k = 0; k < nic.size(); ++k)
            layout.centers[nic.at(k)]
                = QPointF(x + pad / 2 + (k % nicCols + 0.5) * cellW, pad + accHeight + (k / nicCols + 0.5) * cellH);
        layout.groups << Group{g, QRectF(x, 0, width, height)};
        x += width + gap;
        maxHeight = std::max(maxHeight, height);
    }
    for (Group &g : layout.groups)
        g.rect.setHeight(maxHeight);
    layout.bounds = QRectF(0, 0, std::max(0.0, x - gap), maxHeight);
    return layout;
}

bool TopologyLayout::drawsEdge(const Topology &t, int i, int j)
{
    if (i == j)
        return false;
    if (t.nodes.at(i).isAccelerator() && t.nodes.at(j).isAccelerator())
        return true;
    if (!t.nodes.at(i).isAccelerator() && !t.nodes.at(j).isAccelerator())
        return false;
    return t.link(i, j).rank() >= LinkType::rank(LinkType::PXB);
}

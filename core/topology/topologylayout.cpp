#include "topologylayout.h"

#include <QMap>
#include <cmath>

TopologyLayout TopologyLayout::compute(const Topology &t)
{
    TopologyLayout layout;
    layout.centers = QList<QPointF>(t.nodes.size());
    QStringList order;
    QMap<QString, QList<int>> members;
    for (int i = 0; i < t.nodes.size(); ++i) {
        const QString g = t.nodes.at(i).localityGroup();
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
        const int cols = std::max(1, int(std::ceil(std::sqrt(double(std::max<qsizetype>(acc.size(), 1))))));
        const int accRows = acc.isEmpty() ? 0 : int((acc.size() + cols - 1) / cols);
        const int nicCols = std::max(cols, 1);
        const int nicRows = nic.isEmpty() ? 0 : int((nic.size() + nicCols - 1) / nicCols);
        const double cellW = nodeWidth + gap * 2, cellH = nodeHeight + gap * 2;
        const double width = std::max(cols, std::min<int>(int(nic.size()), nicCols)) * cellW + pad;
        const double height = (accRows + nicRows) * cellH + pad + 10;
        for (int k = 0; k < acc.size(); ++k)
            layout.centers[acc.at(k)] = QPointF(x + pad / 2 + (k % cols + 0.5) * cellW, pad + (k / cols + 0.5) * cellH);
        for (int k = 0; k < nic.size(); ++k)
            layout.centers[nic.at(k)] = QPointF(x + pad / 2 + (k % nicCols + 0.5) * cellW, pad + (accRows + k / nicCols + 0.5) * cellH);
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

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologysvgwriter.h"

#include "core/sources/topology/topologyadvisor.h"
#include "core/sources/topology/topologylayout.h"

namespace {
QString esc(QString s)
{
    return s.replace(QLatin1Char('&'), QStringLiteral("&amp;"))
        .replace(QLatin1Char('<'), QStringLiteral("&lt;"))
        .replace(QLatin1Char('>'), QStringLiteral("&gt;"))
        .replace(QLatin1Char('"'), QStringLiteral("&quot;"));
}
}

QString TopologySvgWriter::color(const LinkType &link)
{
    const QString cls = link.linkClass();
    // A map may mix fabric kinds (dies, direct links, a switch): a declared class says which shade.
    if (link.kind == LinkType::Declared && link.declared.colorKey == QLatin1String("fabricNear"))
        return QStringLiteral("#1b5e20");
    if (link.kind == LinkType::Declared && link.declared.colorKey == QLatin1String("fabricFar"))
        return QStringLiteral("#66bb6a");
    if (cls == QLatin1String("fabric"))
        return QStringLiteral("#2e7d32");
    if (cls == QLatin1String("pcie"))
        return QStringLiteral("#1565c0");
    if (link.kind == LinkType::Sys)
        return QStringLiteral("#c62828");
    if (cls == QLatin1String("cpu"))
        return QStringLiteral("#ef6c00");
    return QStringLiteral("#9e9e9e");
}

double TopologySvgWriter::width(const LinkType &link)
{
    return 0.5 + link.rank() * 0.45;
}

bool TopologySvgWriter::dashed(const LinkType &link)
{
    return link.linkClass() == QLatin1String("cpu") || link.linkClass() == QLatin1String("unknown");
}

QString TopologySvgWriter::write(const Topology &t)
{
    const TopologyLayout layout = TopologyLayout::compute(t);
    const QStringList advice = TopologyAdvisor::advise(t);
    const QList<LinkType> kinds = t.linkTypes();
    const double legendTop = layout.bounds.bottom() + 20;
    const double adviceTop = legendTop + 22 * ((kinds.size() + 2) / 3) + 16;
    const double pageWidth = std::max(layout.bounds.width(), 720.0) + 20;
    const double height = adviceTop + 18 * advice.size() + 20;
    QString svg = QStringLiteral(
                      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"-10 -10 %1 %2\" "
                      "font-family=\"sans-serif\" font-size=\"12\">\n<title>%3</title>\n")
                      .arg(pageWidth)
                      .arg(height)
                      .arg(esc(t.source));
    for (const TopologyLayout::Group &g : layout.groups)
        svg += QStringLiteral(
                   "<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" rx=\"8\" fill=\"#f5f5f5\" stroke=\"#bdbdbd\"/>"
                   "<text x=\"%5\" y=\"%6\" fill=\"#616161\">%7</text>\n")
                   .arg(g.rect.x())
                   .arg(g.rect.y())
                   .arg(g.rect.width())
                   .arg(g.rect.height())
                   .arg(g.rect.x() + 8)
                   .arg(g.rect.y() + 16)
                   .arg(esc(g.label));
    for (int i = 0; i < t.nodes.size(); ++i) {
        for (int j = i + 1; j < t.nodes.size(); ++j) {
            if (!TopologyLayout::drawsEdge(t, i, j))
                continue;
            const LinkType &l = t.link(i, j);
            const QPointF a = layout.centers.at(i), b = layout.centers.at(j);
            svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\" stroke=\"%5\" stroke-width=\"%6\"%7 "
                                  "opacity=\"0.7\">"
                                  "<title>%8 – %9: %10</title></line>\n")
                       .arg(a.x())
                       .arg(a.y())
                       .arg(b.x())
                       .arg(b.y())
                       .arg(color(l))
                       .arg(width(l))
                       .arg(dashed(l) ? QStringLiteral(" stroke-dasharray=\"6 4\"") : QString())
                       .arg(esc(t.nodes.at(i).name), esc(t.nodes.at(j).name), esc(t.explain(l)));
        }
    }
    for (int i = 0; i < t.nodes.size(); ++i) {
        const TopologyNode &n = t.nodes.at(i);
        const QPointF c = layout.centers.at(i);
        svg += QStringLiteral(
                   "<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" rx=\"%5\" fill=\"%6\" stroke=\"#424242\"/>"
                   "<text x=\"%7\" y=\"%8\" text-anchor=\"middle\">%9</text>\n")
                   .arg(c.x() - TopologyLayout::nodeWidth / 2)
                   .arg(c.y() - TopologyLayout::nodeHeight / 2)
                   .arg(TopologyLayout::nodeWidth)
                   .arg(TopologyLayout::nodeHeight)
                   .arg(n.isAccelerator() ? 4 : 18)
                   .arg(n.isAccelerator() ? QStringLiteral("#e3f2fd") : QStringLiteral("#fff3e0"))
                   .arg(c.x())
                   .arg(c.y() + 4)
                   .arg(esc(n.alias.isEmpty() ? n.name : n.name + QStringLiteral(" ") + n.alias));
    }
    for (int k = 0; k < kinds.size(); ++k) {
        const double x = (k % 3) * 240, y = legendTop + (k / 3) * 22;
        svg += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" stroke-width=\"%5\"%6/>"
                              "<text x=\"%7\" y=\"%8\">%9</text>\n")
                   .arg(x)
                   .arg(y)
                   .arg(x + 30)
                   .arg(color(kinds.at(k)))
                   .arg(width(kinds.at(k)))
                   .arg(dashed(kinds.at(k)) ? QStringLiteral(" stroke-dasharray=\"6 4\"") : QString())
                   .arg(x + 36)
                   .arg(y + 4)
                   .arg(esc(kinds.at(k).name()));
    }
    for (int k = 0; k < advice.size(); ++k)
        svg += QStringLiteral("<text x=\"0\" y=\"%1\">• %2</text>\n").arg(adviceTop + k * 18).arg(esc(advice.at(k)));
    svg += QStringLiteral("</svg>\n");
    return svg;
}

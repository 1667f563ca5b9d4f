#include "topology.h"

#include <algorithm>

int Topology::indexOf(const QString &name) const
{
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes.at(i).name == name)
            return i;
    }
    return -1;
}

QList<int> Topology::accelerators() const
{
    QList<int> out;
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes.at(i).isAccelerator())
            out << i;
    }
    return out;
}

QList<int> Topology::nics() const
{
    QList<int> out;
    for (int i = 0; i < nodes.size(); ++i) {
        if (!nodes.at(i).isAccelerator())
            out << i;
    }
    return out;
}

QList<LinkType::Kind> Topology::linkKinds() const
{
    QList<LinkType::Kind> kinds;
    for (int i = 0; i < links.size(); ++i) {
        for (int j = 0; j < links.at(i).size(); ++j) {
            const LinkType::Kind k = links.at(i).at(j).kind;
            if (i != j && !kinds.contains(k))
                kinds << k;
        }
    }
    std::sort(kinds.begin(), kinds.end(),
              [](LinkType::Kind a, LinkType::Kind b) { return LinkType::rank(a) > LinkType::rank(b); });
    return kinds;
}

QString Topology::explain(const LinkType &link) const
{
    const QString code = link.kind == LinkType::NVLink ? QStringLiteral("NV#") : link.raw.toUpper();
    const QString fromLegend = legend.value(code);
    if (!fromLegend.isEmpty() && link.kind != LinkType::Unknown)
        return QStringLiteral("%1 = %2").arg(link.label(), fromLegend);
    if (!fromLegend.isEmpty())
        return QStringLiteral("%1 = %2").arg(link.raw, fromLegend);
    return LinkType::description(link.kind);
}

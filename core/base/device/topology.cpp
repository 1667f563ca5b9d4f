// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

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

QList<LinkType> Topology::linkTypes() const
{
    QList<LinkType> types;
    QStringList names;
    for (int i = 0; i < links.size(); ++i) {
        for (int j = 0; j < links.at(i).size(); ++j) {
            const LinkType &l = links.at(i).at(j);
            if (i != j && !names.contains(l.name())) {
                names << l.name();
                types << l;
            }
        }
    }
    std::stable_sort(types.begin(), types.end(),
                     [](const LinkType &a, const LinkType &b) { return a.rank() > b.rank(); });
    return types;
}

QString Topology::explain(const LinkType &link) const
{
    const QString code = link.kind == LinkType::NVLink ? QStringLiteral("NV#") : link.raw.toUpper();
    const QString fromLegend = legend.value(code);
    if (!fromLegend.isEmpty() && link.kind != LinkType::Unknown)
        return QStringLiteral("%1 = %2").arg(link.label(), fromLegend);
    if (!fromLegend.isEmpty())
        return QStringLiteral("%1 = %2").arg(link.raw, fromLegend);
    return link.description();
}

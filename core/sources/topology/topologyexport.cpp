// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologyexport.h"

#include "core/sources/topology/topologyadvisor.h"

#include <QJsonArray>

QJsonObject TopologyExport::toJson(const Topology &t)
{
    QJsonArray nodes;
    for (const TopologyNode &n : t.nodes) {
        QJsonObject o{
            {QStringLiteral("name"), n.name},
            {QStringLiteral("kind"), n.isAccelerator() ? QStringLiteral("accelerator") : QStringLiteral("nic")},
            {QStringLiteral("cpuAffinity"), n.cpuAffinity.isEmpty() ? QJsonValue() : QJsonValue(n.cpuAffinity)},
            {QStringLiteral("numaNode"), n.numaNode >= 0 ? QJsonValue(n.numaNode) : QJsonValue()},
            {QStringLiteral("hasRow"), n.hasRow}};
        if (!n.alias.isEmpty())
            o[QStringLiteral("alias")] = n.alias;
        nodes.append(o);
    }
    QJsonArray links;
    for (int i = 0; i < t.nodes.size(); ++i) {
        for (int j = i + 1; j < t.nodes.size(); ++j) {
            const LinkType &l = t.link(i, j);
            links.append(QJsonObject{{QStringLiteral("a"), t.nodes.at(i).name},
                                     {QStringLiteral("b"), t.nodes.at(j).name},
                                     {QStringLiteral("type"), l.label()},
                                     {QStringLiteral("kind"), l.name()},
                                     {QStringLiteral("class"), l.linkClass()},
                                     {QStringLiteral("rank"), l.rank()}});
        }
    }
    QJsonObject legend;
    for (auto it = t.legend.begin(); it != t.legend.end(); ++it)
        legend[it.key()] = it.value();
    return {{QStringLiteral("source"), t.source},
            {QStringLiteral("ok"), bool(t)},
            {QStringLiteral("error"), t.error},
            {QStringLiteral("acceleratorCount"), int(t.accelerators().size())},
            {QStringLiteral("nicCount"), int(t.nics().size())},
            {QStringLiteral("nodes"), nodes},
            {QStringLiteral("links"), links},
            {QStringLiteral("legend"), legend},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(t.warnings)},
            {QStringLiteral("advice"), QJsonArray::fromStringList(TopologyAdvisor::advise(t))}};
}

QString TopologyExport::toDot(const Topology &t)
{
    auto quoted = [](QString s) -> QString {
        return QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\\\"")) + QLatin1Char('"');
    };
    QString dot = QStringLiteral("graph topology {\n  // %1\n  node [shape=box, style=rounded];\n").arg(t.source);
    QMap<QString, QList<int>> groups;
    for (int i = 0; i < t.nodes.size(); ++i)
        groups[t.nodes.at(i).localityGroup()] << i;
    int cluster = 0;
    for (auto it = groups.begin(); it != groups.end(); ++it) {
        dot += QStringLiteral("  subgraph cluster_%1 {\n    label=%2;\n").arg(cluster++).arg(quoted(it.key()));
        for (int i : it.value()) {
            const TopologyNode &n = t.nodes.at(i);
            dot += QStringLiteral("    %1 [label=%2%3];\n")
                       .arg(quoted(n.name), quoted(n.alias.isEmpty() ? n.name : n.name + QLatin1Char('\n') + n.alias),
                            n.isAccelerator() ? QString() : QStringLiteral(", shape=ellipse"));
        }
        dot += QStringLiteral("  }\n");
    }
    for (int i = 0; i < t.nodes.size(); ++i) {
        for (int j = i + 1; j < t.nodes.size(); ++j) {
            const LinkType &l = t.link(i, j);
            const QString cls = l.linkClass();
            const QString style = cls == QLatin1String("fabric") ? QStringLiteral("bold")
                : cls == QLatin1String("pcie")                   ? QStringLiteral("solid")
                : cls == QLatin1String("cpu")                    ? QStringLiteral("dashed")
                                                                 : QStringLiteral("dotted");
            dot += QStringLiteral("  %1 -- %2 [label=%3, style=%4];\n")
                       .arg(quoted(t.nodes.at(i).name), quoted(t.nodes.at(j).name), quoted(l.label()), style);
        }
    }
    dot += QStringLiteral("}\n");
    return dot;
}

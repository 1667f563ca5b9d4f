// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologymatrixmodel.h"

void TopologyMatrixModel::setTopology(const Topology &topology)
{
    beginResetModel();
    m_topology = topology;
    endResetModel();
}

int TopologyMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_topology.nodes.size());
}

int TopologyMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_topology.nodes.isEmpty() ? 0 : int(m_topology.nodes.size()) + 2;
}

QVariant TopologyMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int n = int(m_topology.nodes.size());
    const TopologyNode &node = m_topology.nodes.at(index.row());
    if (index.column() >= n) {
        const bool cpu = index.column() == n;
        switch (role) {
        case Qt::DisplayRole:
            if (cpu)
                return node.cpuAffinity.isEmpty() ? tr("N/A") : node.cpuAffinity;
            return node.numaNode >= 0 ? QString::number(node.numaNode) : tr("N/A");
        case Qt::ToolTipRole:
            if (cpu)
                return node.cpuAffinity.isEmpty() ? tr("CPU affinity not reported")
                                                  : tr("%1 CPUs local to %2").arg(node.cpuCount()).arg(node.name);
            return node.numaNode >= 0 ? tr("%1 is attached to NUMA node %2").arg(node.name).arg(node.numaNode)
                                      : tr("NUMA affinity not reported (N/A)");
        case LinkRankRole: return -1;
        default: return {};
        }
    }
    const LinkType &link = m_topology.link(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: return link.label();
    case Qt::ToolTipRole:
        return QStringLiteral("%1 ↔ %2: %3")
            .arg(node.name, m_topology.nodes.at(index.column()).name, m_topology.explain(link));
    case Qt::TextAlignmentRole: return int(Qt::AlignCenter);
    case LinkRankRole: return link.rank();
    case LinkClassRole: return link.linkClass();
    default: return {};
    }
}

QVariant TopologyMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const int n = int(m_topology.nodes.size());
    if (section < 0 || section >= (orientation == Qt::Horizontal ? n + 2 : n))
        return {};
    if (orientation == Qt::Horizontal && section == n)
        return tr("CPU Affinity");
    if (orientation == Qt::Horizontal && section == n + 1)
        return QStringLiteral("NUMA");
    const TopologyNode &node = m_topology.nodes.at(section);
    if (role == Qt::ToolTipRole && !node.alias.isEmpty())
        return QStringLiteral("%1 = %2").arg(node.name, node.alias);
    return node.name;
}

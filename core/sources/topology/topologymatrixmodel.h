// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QAbstractTableModel>

/// The topology matrix as a table: one row per device/NIC, one column per device/NIC, then
/// "CPU Affinity" and "NUMA". Cells show the link code; the tooltip explains it (from the
/// capture's own legend when it has one). Views colour cells by LinkRankRole / LinkClassRole.
class TopologyMatrixModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Roles {
        LinkRankRole = Qt::UserRole + 1, ///< int, LinkType::rank(); -1 for affinity columns
        LinkClassRole, ///< QString, LinkType::linkClass()
    };

    using QAbstractTableModel::QAbstractTableModel;

    void setTopology(const Topology &topology);
    const Topology &topology() const { return m_topology; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Topology m_topology;
};

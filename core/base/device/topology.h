// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/linktype.h"
#include "core/base/device/topologynode.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

/// A device topology as read from one vendor tool capture (`nvidia-smi topo -m`,
/// `npu-smi info -t topo`, ...): devices and NICs, the link between every pair, legends.
struct Topology
{
    QString source; ///< which format it was read as: "nvidia-smi topo -m", "npu-smi info -t topo"
    QList<TopologyNode> nodes; ///< in column order
    QList<QList<LinkType>> links; ///< links[i][j] between nodes i and j; square, nodes.size()
    QMap<QString, QString> legend; ///< code -> explanation, as the capture's legend printed it
    QStringList warnings; ///< "line 7: unknown link type 'QQ'", partial captures, ...
    QString error; ///< set when nothing usable was found

    explicit operator bool() const { return error.isEmpty(); }

    int indexOf(const QString &name) const;
    QList<int> accelerators() const;
    QList<int> nics() const;
    const LinkType &link(int i, int j) const { return links.at(i).at(j); }
    /// Link types that occur between two different devices, fastest first: one per name(), the
    /// legend's entries.
    QList<LinkType> linkTypes() const;
    /// The legend's explanation of a cell, or LinkType's own.
    QString explain(const LinkType &link) const;
};

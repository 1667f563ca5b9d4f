// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

/// Where each device of a topology goes on the map: one box per locality group (NUMA node or CPU
/// affinity), accelerators in a grid inside it (on a ring from four on, so a full mesh shows every
/// link), NICs below them. Shared by the GUI's scene and the
/// SVG writer so that the map on screen and the exported picture agree.
struct TopologyLayout
{
    struct Group
    {
        QString label;
        QRectF rect;
    };

    static constexpr double nodeWidth = 84;
    static constexpr double nodeHeight = 40;

    QList<QPointF> centers; ///< per node, same order as Topology::nodes
    QList<Group> groups;
    QRectF bounds;

    static TopologyLayout compute(const Topology &topology);
    /// Whether the map draws the edge between nodes i and j: all accelerator pairs, and NIC links
    /// only when they are on a PCIe switch shared with the device (otherwise the picture is noise).
    static bool drawsEdge(const Topology &topology, int i, int j);
};

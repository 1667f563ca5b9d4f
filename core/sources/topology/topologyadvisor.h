// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>

#include "core/base/device/topology.h"

#include <QStringList>

/// Turns a topology into advice for placing parallel groups: full meshes and their size (the
/// largest tensor-parallel group that stays on the device fabric), pairs that cross NUMA nodes,
/// PCIe-only boxes, NIC locality for inter-node traffic, and missing locality information.
class TopologyAdvisor
{
    Q_DECLARE_TR_FUNCTIONS(TopologyAdvisor)

public:
    static QStringList advise(const Topology &topology);
    /// The largest set of accelerators (node indices) whose every pair is on the device fabric;
    /// empty beyond maxMeshSearch accelerators (the search grows as 3^(n/3)).
    static QList<int> largestFabricMesh(const Topology &topology);
    static constexpr int maxMeshSearch = 32;
};

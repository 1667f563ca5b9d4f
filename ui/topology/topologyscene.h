// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QGraphicsScene>

/// The interactive topology map: locality groups as boxes, devices as nodes, links styled by
/// class (same colours as the SVG export); hovering a link explains its type.
class TopologyScene : public QGraphicsScene
{
    Q_OBJECT

public:
    using QGraphicsScene::QGraphicsScene;
    void setTopology(const Topology &topology);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QJsonObject>
#include <QString>

/// Machine-readable forms of a Topology: JSON (for `topo --json` and reports) and Graphviz DOT
/// (`topo --dot`), with the advice included so both carry the same conclusions as the GUI.
class TopologyExport
{
public:
    static QJsonObject toJson(const Topology &topology);
    static QString toDot(const Topology &topology);
};

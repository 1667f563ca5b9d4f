// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QString>

/// The topology map as a standalone SVG document (groups, devices, links styled by class, legend
/// and advice), written as text so the headless CLI (`topo --svg`) needs no GUI libraries. The GUI
/// exports the same document, and rasterises it for PNG.
class TopologySvgWriter
{
public:
    static QString write(const Topology &topology);
    /// Stroke colour and dash pattern per link class, shared with the GUI's scene.
    static QString color(const LinkType &link);
    static double width(const LinkType &link);
    static bool dashed(const LinkType &link);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QImage>
#include <QString>

/// Offscreen pictures of a topology map, for exports and reports: the SVG document the CLI writes
/// (TopologySvgWriter) and a PNG rasterised from it with QSvgRenderer. No widget or window needed.
class TopologyImage
{
public:
    static QString svg(const Topology &topology);
    static QImage image(const Topology &topology, double scale = 1.5);
    /// Writes .svg or .png by the file's suffix, atomically; returns an error text or empty.
    static QString save(const Topology &topology, const QString &path);
};

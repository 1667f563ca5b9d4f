// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportdocument.h"

#include <QByteArray>
#include <QString>

/// Draws a report's figures. Core cannot draw (no QtGui); ui/report implements this with the
/// Charts dock's ChartRenderer and the topology view's TopologyImage, so reports show exactly what
/// the GUI shows.
class ReportFigureRenderer
{
public:
    virtual ~ReportFigureRenderer() = default;
    /// A standalone SVG document (for inlining into HTML); empty on failure.
    virtual QString svg(const ReportDocument::Figure &figure) = 0;
    /// PNG bytes (for Markdown); empty on failure.
    virtual QByteArray png(const ReportDocument::Figure &figure) = 0;
};

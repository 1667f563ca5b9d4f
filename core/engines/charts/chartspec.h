// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartband.h"
#include "core/engines/charts/chartcurve.h"

#include <QRectF>
#include <QString>
#include <QVector>

/// Everything needed to draw one chart, with no widget: the curves at full resolution, an
/// optional band, titles, scales and the visible range. The Charts dock keeps one per chart; the
/// offscreen ChartRenderer (ui/charts) draws one into a QImage, an SVG or any QPainter.
struct ChartSpec
{
    QString title;
    QString xTitle;
    QString yTitle;
    QVector<ChartCurve> curves;
    ChartBand band;
    bool logY = false;
    bool timeX = false; ///< x is seconds since the epoch: date/time labels
    bool showRaw = true; ///< with smoothing on, the raw curve stays visible, faint, behind it
    bool shortLegend = false; ///< legend names shortened to what tells the curves apart (LegendNames)
    QRectF view; ///< x/y range to show (top = lowest y); null = fit all visible data
};

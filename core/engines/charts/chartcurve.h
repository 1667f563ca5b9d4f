// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/emasmoother.h"

#include <QString>
#include <QtGlobal>

#include <vector>

/// One line of a chart at full resolution: what the chart widgets, the offscreen renderer and the
/// CSV export take. Built from a Run (RunCurveBuilder) or directly from vectors (parity overlays,
/// difference curves), so nothing in the drawing code assumes a training log.
///
/// x is non-decreasing within each piece. A piece is drawn as its own line, so a restart that goes
/// back in steps is not joined to the curve it overlaps.
struct ChartCurve
{
    QString id; ///< stable key: colours, visibility and zoom state follow it across rebuilds
    QString label; ///< legend text
    QString detail; ///< the legend entry's tooltip under the label: where the curve comes from (a log's path)
    quint32 rgb = 0; ///< 0xAARRGGBB; 0 picks a palette colour by position
    std::vector<double> x;
    std::vector<double> y; ///< may hold NaN/inf: drawn as markers, never dropped
    std::vector<double> smoothed; ///< same length as y when smoothing is on, else empty
    std::vector<qint64> steps; ///< the training step of each point when known (CSV, read-out)
    std::vector<int> pieceStarts; ///< first index of each piece; empty means one piece
    bool visible = true;

    /// Where a curve built from a Run stands, so RunCurveBuilder::extend() continues it when the
    /// log grows instead of rebuilding millions of points. Unused by curves built otherwise.
    struct Source
    {
        QString column; ///< the run's metric column read; empty: not built from a run
        int points = 0; ///< run points consumed
        int segment = -1; ///< run segment of the last piece
        EmaSmoother smoother; ///< state after the last value of the last piece
    };
    Source source;

    int size() const { return int(x.size()); }
    int pieceCount() const { return pieceStarts.empty() ? 1 : int(pieceStarts.size()); }
    int pieceBegin(int piece) const { return pieceStarts.empty() ? 0 : pieceStarts[size_t(piece)]; }
    int pieceEnd(int piece) const { return piece + 1 < pieceCount() ? pieceStarts[size_t(piece) + 1] : size(); }
    /// The y the chart shows: smoothed when smoothing is on.
    const std::vector<double> &shown() const { return smoothed.empty() ? y : smoothed; }
};

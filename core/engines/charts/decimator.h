// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QPointF>

#include <vector>

class MinMaxIndex;

/// Reduces a sorted series to what a plot of a given pixel width can show, without losing what
/// matters: every pixel column keeps its first, minimum, maximum and last point (in x order), so a
/// one-point spike among millions is still drawn and the envelope is exact. Only the points in the
/// visible x range (plus one neighbour each side, so lines reach the edges) are scanned.
///
/// TensorBoard samples 1000 random points instead; that is where its spikes go.
class Decimator
{
public:
    struct Options
    {
        double xMin = 0;
        double xMax = 0;
        int columns = 1000; ///< usually the plot width in device pixels
        bool positiveOnly = false; ///< log scale: values ≤ 0 cannot be drawn
    };

    /// Decimates points [begin, end) of x/y (x non-decreasing). Non-finite y are skipped: they
    /// are markers, see nonFinite(). With an index built from y (same positiveOnly), each column
    /// costs O(log n) instead of a scan of its points: the output is the same.
    static QList<QPointF> minMax(const std::vector<double> &x, const std::vector<double> &y, int begin, int end,
                                 const Options &options, const MinMaxIndex *index = nullptr);
    /// The indices of the points minMax() keeps, in order: for thinning several series over the
    /// same x (raw and smoothed, a band's bounds) to the points any of them draws.
    static std::vector<int> minMaxIndices(const std::vector<double> &x, const std::vector<double> &y, int begin,
                                          int end, const Options &options, const MinMaxIndex *index = nullptr);
    /// Indices of non-finite y in [begin, end) within the x range, at most one per pixel column.
    /// `candidates`, when given, are the sorted indices of all non-finite y (faster than a scan).
    static std::vector<int> nonFinite(const std::vector<double> &x, const std::vector<double> &y, int begin, int end,
                                      const Options &options, const std::vector<int> *candidates = nullptr);
    /// Where the marker of the non-finite y[i] sits: the index of the last finite y before i in
    /// [begin, end), else of the first after it (each looked for over at most 100 000 points); -1
    /// when there is none. A drawing that thins a curve keeps that point, so the marker stays put.
    static int markerAnchor(const std::vector<double> &y, int i, int begin, int end);
    /// [first, last) indices of [begin, end) whose x lies in [xMin, xMax], widened by one each side.
    static std::pair<int, int> visibleRange(const std::vector<double> &x, int begin, int end, double xMin, double xMax);
};

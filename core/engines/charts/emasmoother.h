// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <vector>

/// TensorBoard's debiased exponential moving average, so a curve smoothed here looks like the one
/// users know from TensorBoard's scalar dashboard:
///     last = last·w + (1−w)·y;  n += 1;  out = last / (1 − wⁿ)
/// over finite values only. A non-finite value (a logged NaN/inf, or RunMetrics::missing()) is passed
/// through unchanged and does not advance n, so divergence stays visible. A series whose finite
/// values are all equal is returned unsmoothed (TensorBoard does the same; the debias division
/// would otherwise add rounding noise to a flat line).
///
/// Stateful so live appends continue where the last chunk ended instead of re-smoothing millions
/// of points; smooth() is the batch form.
class EmaSmoother
{
public:
    /// weight is clamped to [0, 0.999]; 0 returns the input.
    explicit EmaSmoother(double weight = 0.0);

    double weight() const { return m_weight; }
    /// True while every finite value seen is equal (the output so far is the raw input).
    bool isConstantSoFar() const { return m_constantSoFar; }
    /// Smooths the next value of the series.
    double next(double y);
    void reset();

    /// The batch form. `end`, when given, receives the state after the last value, so next()
    /// continues the series exactly as smoothing it whole would.
    static std::vector<double> smooth(const std::vector<double> &y, double weight, EmaSmoother *end = nullptr);

private:
    double m_weight;
    double m_last = 0.0;
    double m_weightPower = 1.0; // wⁿ as a running product: pow() per point is slow on millions
    bool m_started = false;
    // While every finite value so far is equal, the output is the raw value: the batch rule for a
    // constant series, applied incrementally.
    bool m_constantSoFar = true;
    double m_first = 0.0;
};

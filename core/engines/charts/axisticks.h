// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QVector>

/// Round tick positions and their labels for chart axes, widget-free so the GUI charts, the
/// report figures and the tests share them.
///
/// - linear(): steps of 1, 2 or 5 × 10^n; labels with one engineering prefix for the whole axis
///   (p n µ k M G T; none for thousandths: "0.002", not "2m"), as many decimals as the step needs
///   and no more: "0", "200k", "400k" … "1.2M" instead of "1.03295e+06" next to "965842".
/// - log(): every decade, with 2 and 5 between when few decades are shown, and round linear
///   ticks when the range is less than a decade (a loss between 2.2 and 3.1 still gets labels).
/// - time(): seconds on steps of 1-2-5-10-15-30 s, 1-2-5-10-15-30 min, 1-2-3-6-12 h and days,
///   labelled as a clock for wall-clock axes or as a duration ("1:30:00") for elapsed time.
class AxisTicks
{
public:
    struct Tick
    {
        double value;
        QString label;
    };

    /// Ticks within [min, max], at most about `maxCount` of them (linear: at least two, on a finer
    /// step if need be). Empty when the range is not finite or not increasing (log: when max <= 0).
    static QVector<Tick> linear(double min, double max, int maxCount = 6);
    static QVector<Tick> log(double min, double max, int maxCount = 6);
    /// `min`/`max` in seconds; `wallClock`: seconds since the epoch, labelled in UTC.
    static QVector<Tick> time(double min, double max, int maxCount = 6, bool wallClock = false);

    /// The 1-2-5 step that puts at most `maxCount` ticks on `span`.
    static double niceStep(double span, int maxCount);
    /// `value` with the prefix and decimals that suit ticks `step` apart on an axis reaching
    /// `magnitude` (the largest |value| shown): format(1.2e6, 2e5, 1.2e6) == "1.2M".
    static QString format(double value, double step, double magnitude);

private:
    /// format(), with the milli prefix where a unit follows ("100ms") when `milli`.
    static QString formatNumber(double value, double step, double magnitude, bool milli);
};

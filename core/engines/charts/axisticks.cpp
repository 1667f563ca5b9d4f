// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "axisticks.h"

#include "core/base/model/durationtext.h"

#include <QDateTime>

#include <algorithm>
#include <array>
#include <cmath>

namespace {
// Rounding error in min + i × step must not make a tick at 0 read "-0" or miss the range end.
constexpr double epsilon = 1e-9;

int floorToThree(int exponent)
{
    return exponent >= 0 ? exponent / 3 * 3 : -((-exponent + 2) / 3 * 3);
}

QString prefixFor(int exponent)
{
    switch (exponent) {
    case -15: return QStringLiteral("f");
    case -12: return QStringLiteral("p");
    case -9: return QStringLiteral("n");
    case -6: return QStringLiteral("µ");
    case -3: return QStringLiteral("m");
    case 0: return {};
    case 3: return QStringLiteral("k");
    case 6: return QStringLiteral("M");
    case 9: return QStringLiteral("G");
    case 12: return QStringLiteral("T");
    case 15: return QStringLiteral("P");
    default: return QStringLiteral("e%1").arg(exponent);
    }
}

bool usable(double min, double max)
{
    return std::isfinite(min) && std::isfinite(max) && max > min;
}
} // namespace

double AxisTicks::niceStep(double span, int maxCount)
{
    if (!(span > 0) || !std::isfinite(span))
        return 0;
    const double raw = span / std::max(1, maxCount);
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * decade >= raw * (1 - epsilon))
            return m * decade;
    }
    return 10 * decade;
}

QString AxisTicks::format(double value, double step, double magnitude)
{
    return formatNumber(value, step, magnitude, false);
}

QString AxisTicks::formatNumber(double value, double step, double magnitude, bool milli)
{
    if (std::abs(value) < step * epsilon)
        return QStringLiteral("0");
    const int magExp = int(std::floor(std::log10(std::max(std::abs(magnitude), step)) + epsilon));
    const int stepExp = int(std::floor(std::log10(step) + epsilon));
    // The prefix of the largest value, unless the step is much finer: 1,000,002 on steps of 2
    // reads "1000002", not "1.000002M".
    // Milli only with a unit ("100ms"): a learning rate of 0.002 reads "0.002", not "2m" (minutes?
    // metres?).
    const int engineering = floorToThree(magExp - stepExp <= 2 ? magExp : stepExp);
    const int prefix = engineering == -3 && !milli ? 0 : engineering;
    const double scaled = value / std::pow(10.0, prefix);
    const double scaledStep = step / std::pow(10.0, prefix);
    const int decimals = std::max(0, int(-std::floor(std::log10(scaledStep) + epsilon)));
    // A step of 2.5 (log axes within a decade use 1-2-5 of the decade below) needs one more.
    const bool oneMore
        = std::abs(scaledStep * std::pow(10.0, decimals) - std::round(scaledStep * std::pow(10.0, decimals))) > 1e-6;
    return QString::number(scaled, 'f', decimals + (oneMore ? 1 : 0)) + prefixFor(prefix);
}

QVector<AxisTicks::Tick> AxisTicks::linear(double min, double max, int maxCount)
{
    QVector<Tick> ticks;
    if (!usable(min, max))
        return ticks;
    double step = niceStep(max - min, maxCount);
    // A zoomed axis still shows a scale: at least two ticks, on the next finer 1-2-5 step if the
    // coarse one leaves one (steps 132–337 on two ticks' room: 200 alone, now 200 and 300).
    for (int finer = 0; finer < 3 && std::floor(max / step + epsilon) - std::ceil(min / step - epsilon) < 1; ++finer) {
        const double decade = std::pow(10.0, std::floor(std::log10(step) + epsilon));
        const double mantissa = step / decade;
        step = mantissa > 4 ? 2 * decade : mantissa > 1.5 ? decade : 0.5 * decade;
    }
    const double magnitude = std::max(std::abs(min), std::abs(max));
    // Bounded: where the span is below double precision at this magnitude, ++i stops moving.
    const int limit = 2 * std::max(1, maxCount) + 2;
    for (double i = std::ceil(min / step - epsilon); i * step <= max + step * epsilon && ticks.size() < limit; ++i) {
        const double v = std::abs(i) < 0.5 ? 0.0 : i * step;
        ticks.append({v, format(v, step, magnitude)});
    }
    return ticks;
}

QVector<AxisTicks::Tick> AxisTicks::log(double min, double max, int maxCount)
{
    QVector<Tick> ticks;
    if (!usable(min, max) || max <= 0)
        return ticks;
    min = min > 0 ? min : max * 1e-6;
    const double lo = std::log10(min);
    const double hi = std::log10(max);
    const int first = int(std::ceil(lo - epsilon));
    const int last = int(std::floor(hi + epsilon));
    const int decades = last - first + 1;
    if (decades < 2) {
        // Less than two decade marks in view: round linear ticks label the curve instead.
        return linear(min, max, maxCount);
    }
    // Every k-th decade when there are many; 1-2-5 inside each decade when there are few.
    const int every = std::max(1, int(std::ceil(double(decades) / std::max(1, maxCount))));
    const bool fill = decades * 3 <= maxCount + 3;
    for (int e = int(std::floor(lo)); e <= last; ++e) {
        if ((e - first) % every != 0 && e >= first)
            continue;
        const double decade = std::pow(10.0, e);
        for (const double m : {1.0, 2.0, 5.0}) {
            if (m > 1 && !fill)
                continue;
            const double v = m * decade;
            if (v < min * (1 - epsilon) || v > max * (1 + epsilon))
                continue;
            ticks.append({v, format(v, v, v)});
        }
    }
    return ticks;
}

QVector<AxisTicks::Tick> AxisTicks::time(double min, double max, int maxCount, bool wallClock)
{
    QVector<Tick> ticks;
    if (!usable(min, max))
        return ticks;
    // Beyond 10^15 s (31 million years) no clock or duration label means anything, and the
    // seconds would not fit the integers the labels are built from: plain numbers instead.
    if (std::max(std::abs(min), std::abs(max)) >= 1e15)
        return linear(min, max, maxCount);
    static constexpr std::array<double, 19> steps{1,   2,    5,    10,   15,    30,    60,    120,   300,   600,
                                                  900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800};
    const double raw = (max - min) / std::max(1, maxCount);
    double step = 0;
    for (double s : steps) {
        if (s >= raw) {
            step = s;
            break;
        }
    }
    if (step == 0) // more than days: whole days on 1-2-5 steps
        step = 86400 * std::max(1.0, niceStep((max - min) / 86400, maxCount));
    if (raw < 1) {
        // Below a second: plain seconds on 1-2-5 steps.
        const double s = niceStep(max - min, maxCount);
        for (double i = std::ceil(min / s - epsilon); i * s <= max + s * epsilon && ticks.size() <= 2 * maxCount + 2;
             ++i)
            ticks.append(
                {i * s, formatNumber(i * s, s, std::max(std::abs(min), std::abs(max)), true) + QStringLiteral("s")});
        return ticks;
    }
    const bool days = max - min >= 2 * 86400;
    for (double i = std::ceil(min / step - epsilon);
         i * step <= max + step * epsilon && ticks.size() <= 2 * maxCount + 2; ++i) {
        const double v = i * step;
        QString label;
        if (wallClock) {
            const QDateTime t = QDateTime::fromSecsSinceEpoch(qint64(v), Qt::UTC);
            label = t.toString(days            ? QStringLiteral("MM-dd HH:mm")
                                   : step < 60 ? QStringLiteral("HH:mm:ss")
                                               : QStringLiteral("HH:mm"));
        } else {
            const qint64 s = qint64(std::llround(std::abs(v)));
            const QString sign = v < 0 ? QStringLiteral("-") : QString();
            if (s >= 86400 && step >= 86400)
                label = sign + QStringLiteral("%1d").arg(s / 86400);
            else
                label = sign + DurationText::clock(s, max >= 3600);
        }
        ticks.append({v, label});
    }
    return ticks;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

/// Scaling by an exact power of ten, the one way a decimal becomes a double in PortBench's hot
/// paths: the log reader makes a value of its digits with it (LogText::decimalValue), and
/// MetricColumn encodes and decodes its 4-byte codes with it, so a code reads back as the value
/// the reader made, bit for bit.
namespace PowersOfTen {

/// The largest exponent whose power of ten is an exact double.
constexpr int maxExact = 22;

/// value × 10^exponent for |exponent| ≤ maxExact, with one multiplication or division by an exact
/// double: for a whole value below 2^53 the result is the correctly rounded double of the decimal.
inline double scaled(double value, int exponent)
{
    static constexpr double powers[maxExact + 1]
        = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
           1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    return exponent >= 0 ? value * powers[exponent] : value / powers[-exponent];
}

} // namespace PowersOfTen

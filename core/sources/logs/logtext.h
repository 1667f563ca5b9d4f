// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/powersoften.h"

#include <QByteArrayView>
#include <QVarLengthArray>
#include <QList>
#include <QString>

#include <cstring>

/// Byte-level helpers shared by the log formats. Logs are read as bytes (they may hold invalid
/// UTF-8 and lines of several MB), so values are parsed straight from QByteArrayView without
/// building a QString per line.
namespace LogText {

/// Parses a number: optional spaces and sign, decimal or exponent form, and nan/inf spelled any
/// way Python, C or NumPy print them ("nan", "-nan", "NaN", "inf", "Infinity"). The whole view,
/// apart from surrounding spaces, must be the number.
bool toDouble(QByteArrayView text, double &value);
/// The hot path of toDouble(), in two steps so that a caller that stores the digits
/// (MetricColumn::codeOfDecimal) need not convert them: reads an unsigned decimal ("12", "3.5",
/// "1.25E-04") at p as digits × 10^exponent and returns where it ends, or nullptr when it is not
/// one that decimalValue() converts exactly (the caller then falls back to toDouble()). What
/// follows the number is not checked. Inline: the formats call it for every value of a log.
Q_ALWAYS_INLINE const char *readDecimal(const char *p, const char *end, quint64 &digits, int &exponent)
{
    quint64 mantissa = 0;
    const char *q = p;
    while (q < end && unsigned(*q - '0') <= 9)
        mantissa = mantissa * 10 + quint64(*q++ - '0');
    qsizetype digitCount = q - p;
    exponent = 0;
    if (q < end && *q == '.') {
        const char *fraction = ++q;
        while (q < end && unsigned(*q - '0') <= 9)
            mantissa = mantissa * 10 + quint64(*q++ - '0');
        exponent = -int(q - fraction);
        digitCount += q - fraction;
    }
    // Up to 19 digits cannot overflow; below 10^15 the mantissa has at most 15 significant ones.
    if (digitCount == 0 || digitCount > 19 || mantissa >= 1000000000000000ULL)
        return nullptr;
    if (q < end && (*q == 'e' || *q == 'E')) {
        ++q;
        bool negative = false;
        if (q < end && (*q == '+' || *q == '-'))
            negative = *q++ == '-';
        int e = 0;
        const char *first = q;
        while (q < end && unsigned(*q - '0') <= 9 && q - first < 5)
            e = e * 10 + (*q++ - '0');
        if (q == first)
            return nullptr;
        exponent += negative ? -e : e;
    }
    if (exponent < -PowersOfTen::maxExact || exponent > PowersOfTen::maxExact)
        return nullptr;
    digits = mantissa;
    return q;
}
/// The value of what readDecimal() read, by Clinger's fast path: a decimal with at most 15
/// significant digits and a power of ten within 10^±22 converts exactly with one multiplication
/// or division, so the result is the correctly rounded double, the same as from_chars gives. Logs
/// are almost all such numbers, and this is several times faster than the general algorithm.
inline double decimalValue(quint64 digits, int exponent)
{
    return PowersOfTen::scaled(double(digits), exponent);
}
/// readDecimal() and decimalValue() in one.
inline const char *parseDecimal(const char *p, const char *end, double &value)
{
    quint64 digits;
    int exponent;
    const char *q = readDecimal(p, end, digits, exponent);
    if (q)
        value = decimalValue(digits, exponent);
    return q;
}
/// As toDouble(), but accepts thousands separators ("5,856") and a trailing unit or percent sign
/// ("%", "GiB", "ms"); the unit is dropped, not converted.
bool toDoubleLenient(QByteArrayView text, double &value);
/// Parses a whole signed integer (spaces around allowed).
bool toInt64(QByteArrayView text, qint64 &value);
/// A step read as a number ("100", "1e3", "100.0"): true when it is whole and within ±2^53, where
/// a double holds every integer exactly (converting a larger one to qint64 is undefined).
bool wholeStep(double value, qint64 &step);

/// Parses `YYYY-MM-DD[ T]hh:mm:ss[.,fraction][Z|±hh[:]mm]` at the start of text into seconds since
/// the epoch. A time without a zone is taken as UTC: logs rarely say their zone, and one run's
/// points only need to be consistent with each other. Returns the bytes used, 0 if none.
qsizetype parseDateTime(QByteArrayView text, double &epochSeconds);
/// Either unix seconds (a plain number) or an ISO-8601 date-time; for JSON `time`/`timestamp`.
bool parseTimeValue(QByteArrayView text, double &epochSeconds);

/// Index just past the end of a leading `[...]` timestamp such as Megatron's
/// `[2024-04-06 02:55:45]`, with the parsed time; 0 when the line does not start with one.
qsizetype leadingBracketTime(QByteArrayView line, double &epochSeconds);

/// Parts of a line: on the stack up to 32 of them, since every line of a log is split (a list
/// allocated and grown per line cost more than the splitting).
using Parts = QVarLengthArray<QByteArrayView, 32>;
/// Splits at every `separator` (empty parts kept), as views into text.
Parts split(QByteArrayView text, char separator);

/// True when the text mentions "loss" in any letter case.
bool mentionsLoss(QByteArrayView text);
/// The honesty check's test: does a line no format read still look like metrics? Either a
/// loss-like key followed by a number ("lm loss: 2.3", "'loss': '2.3'", "loss=2.3", "loss 2.3")
/// or at least two numeric `key: value` / `key=value` pairs. `what` says which, for the report.
bool looksLikeMetricLine(QByteArrayView line, QString &what);

/// Text for an error report: invalid UTF-8 replaced, cut to about `maxChars`.
QString displayText(QByteArrayView bytes, int maxChars = 200);

/// True for the bytes C's isspace() accepts in logs (space, tab, CR, vertical tab, form feed).
constexpr bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
constexpr bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/// memcmp(a, b, n) == 0 compared inline, 8 bytes at a time: for the short keys and words a parser
/// compares on every line, the call into libc cost more than the compare.
inline bool sameBytes(const char *a, const char *b, qsizetype n)
{
    if (n >= 8) {
        quint64 x, y;
        for (qsizetype i = 0; i + 8 < n; i += 8) {
            std::memcpy(&x, a + i, 8);
            std::memcpy(&y, b + i, 8);
            if (x != y)
                return false;
        }
        std::memcpy(&x, a + n - 8, 8); // the last 8, overlapping what was compared
        std::memcpy(&y, b + n - 8, 8);
        return x == y;
    }
    if (n >= 4) {
        quint32 x, y, u, v;
        std::memcpy(&x, a, 4);
        std::memcpy(&y, b, 4);
        std::memcpy(&u, a + n - 4, 4);
        std::memcpy(&v, b + n - 4, 4);
        return x == y && u == v;
    }
    for (qsizetype i = 0; i < n; ++i) {
        if (a[i] != b[i])
            return false;
    }
    return true;
}
/// QByteArrayView::startsWith / endsWith of a literal, inline (see sameBytes()).
template<qsizetype N>
bool startsWith(QByteArrayView text, const char (&prefix)[N])
{
    return text.size() >= N - 1 && sameBytes(text.data(), prefix, N - 1);
}
template<qsizetype N>
bool endsWith(QByteArrayView text, const char (&suffix)[N])
{
    return text.size() >= N - 1 && sameBytes(text.data() + text.size() - (N - 1), suffix, N - 1);
}

} // namespace LogText

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "numbertext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace NumberText {

namespace {

const char *nonFinite(double v)
{
    return std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
}

} // namespace

QString number(double v, int significant)
{
    if (!std::isfinite(v))
        return QLatin1String(nonFinite(v));
    if (v == std::trunc(v) && std::fabs(v) < 1e15)
        return QString::number(qint64(v));
    return QString::number(v, 'g', significant);
}

QString percent(double share)
{
    if (!std::isfinite(share))
        return QLatin1String(nonFinite(share));
    const double p = share * 100.0;
    return QString::number(p == 0 ? 0.0 : p, 'g', 4) + QStringLiteral(" %");
}

QString step(qint64 step)
{
    return step < 0 ? none : QString::number(step);
}

QString ratio(double r)
{
    if (!std::isfinite(r))
        return QLatin1String(nonFinite(r));
    return QString::number(r, 'f', 3) + QStringLiteral("×");
}

QString fixed(double v, int decimals)
{
    if (!std::isfinite(v))
        return QLatin1String(nonFinite(v));
    return QString::number(v == 0 ? 0.0 : v, 'f', decimals);
}

QJsonValue json(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QLatin1String(nonFinite(v)));
}

double fromJson(const QJsonValue &v)
{
    if (v.isDouble())
        return v.toDouble();
    const QString text = v.toString();
    if (text == QLatin1String("Infinity"))
        return std::numeric_limits<double>::infinity();
    if (text == QLatin1String("-Infinity"))
        return -std::numeric_limits<double>::infinity();
    return std::numeric_limits<double>::quiet_NaN();
}

QString shortest(double v)
{
    QByteArray out;
    appendShortest(out, v);
    return QString::fromLatin1(out);
}

char *writeShortest(char *to, double v)
{
    if (!std::isfinite(v)) {
        const char *text = nonFinite(v);
        const size_t n = std::strlen(text);
        std::memcpy(to, text, n);
        return to + n;
    }
    if (v == 0)
        v = 0; // Qt writes -0 as 0
    // to_chars in scientific form gives the shortest round-trip digits and the exponent; the
    // layout (decimal unless the exponent form is shorter, exponent with at least two digits)
    // is Qt's, done here. Plain to_chars would print large whole numbers with all their exact
    // digits where Qt pads the shortest digits with zeros.
    char sci[32];
    const char *end = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific).ptr;
    const char *p = sci;
    const bool negative = *p == '-';
    p += negative;
    const char *e = static_cast<const char *>(std::memchr(p, 'e', size_t(end - p)));
    char digits[24];
    int n = 0;
    for (const char *q = p; q < e; ++q) {
        if (*q != '.')
            digits[n++] = *q;
    }
    int exponent = 0;
    std::from_chars(e + 1 + (e[1] == '+'), end, exponent);

    const int sciLength = int(end - p);
    // Decimal: digits with the point inside, zeros padded after them, or "0." and zeros before.
    // It is chosen only when not longer than the exponent form, so it fits maxNumberChars too.
    const int decimalLength
        = exponent >= 0 ? std::max(n, exponent + 1) + (n > exponent + 1 ? 1 : 0) : 2 + (-exponent - 1) + n;
    const auto put = [&to](const char *from, int count) {
        std::memcpy(to, from, size_t(count));
        to += count;
    };
    const auto zeros = [&to](int count) {
        std::memset(to, '0', size_t(count));
        to += count;
    };
    if (negative)
        *to++ = '-';
    if (sciLength < decimalLength) {
        put(p, sciLength);
    } else if (exponent >= 0 && n <= exponent + 1) {
        put(digits, n);
        zeros(exponent + 1 - n);
    } else if (exponent >= 0) {
        put(digits, exponent + 1);
        *to++ = '.';
        put(digits + exponent + 1, n - exponent - 1);
    } else {
        put("0.", 2);
        zeros(-exponent - 1);
        put(digits, n);
    }
    return to;
}

char *writeInteger(char *to, qint64 v)
{
    return std::to_chars(to, to + maxNumberChars, v).ptr;
}

char *writeJson(char *to, double v)
{
    if (!std::isfinite(v)) {
        *to++ = '"';
        to = writeShortest(to, v);
        *to++ = '"';
        return to;
    }
    // QJsonValue keeps a whole double that a JSON reader can hold exactly (|v| <= 2^53) as an integer.
    constexpr double maxExactInteger = 9007199254740992.0;
    if (v == std::trunc(v) && std::fabs(v) <= maxExactInteger)
        return writeInteger(to, qint64(v));
    return writeShortest(to, v);
}

void appendShortest(QByteArray &out, double v)
{
    char text[maxNumberChars];
    out.append(text, writeShortest(text, v) - text);
}

void appendFixed(QByteArray &out, double v, int decimals)
{
    if (!std::isfinite(v)) {
        appendShortest(out, v);
        return;
    }
    if (v == 0)
        v = 0; // Qt writes -0 as 0
    // One digit more than asked shows whether rounding could be an exact tie, which to_chars rounds
    // to even and Qt away from zero; those (and huge values) take Qt's own path.
    char buf[64];
    const auto longer = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals + 1);
    if (longer.ec != std::errc() || longer.ptr[-1] == '5' || std::fabs(v) >= 1e15) {
        out += QByteArray::number(v, 'f', decimals);
        return;
    }
    const char *end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals).ptr;
    out.append(buf, qsizetype(end - buf));
}

void appendInteger(QByteArray &out, qint64 v)
{
    char text[maxNumberChars];
    out.append(text, writeInteger(text, v) - text);
}

void appendJson(QByteArray &out, double v)
{
    char text[maxNumberChars];
    out.append(text, writeJson(text, v) - text);
}

} // namespace NumberText

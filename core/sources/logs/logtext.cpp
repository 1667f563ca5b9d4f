// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "logtext.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <limits>

namespace LogText {

namespace {

bool equalsNoCase(QByteArrayView a, const char *b)
{
    qsizetype i = 0;
    for (; b[i]; ++i) {
        if (i >= a.size())
            return false;
        char c = a[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != b[i])
            return false;
    }
    return i == a.size();
}

// Non-finite spellings from Python ("nan", "inf"), C printf ("-nan"), JSON-ish dumps ("NaN",
// "Infinity") and NumPy ("inf"). The sign has already been removed.
bool nonFinite(QByteArrayView word, bool negative, double &value)
{
    if (equalsNoCase(word, "nan")) {
        value = negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    if (equalsNoCase(word, "inf") || equalsNoCase(word, "infinity")) {
        value = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
        return true;
    }
    return false;
}

int digits(const char *p, int n)
{
    int v = 0;
    for (int i = 0; i < n; ++i) {
        if (!isDigit(p[i]))
            return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = int(y - era * 400);
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

} // namespace

bool toDouble(QByteArrayView text, double &value)
{
    const char *p = text.data();
    const char *end = p + text.size();
    while (p < end && isSpace(*p))
        ++p;
    while (end > p && isSpace(end[-1]))
        --end;
    if (p == end)
        return false;
    bool negative = false;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        ++p;
        if (p == end || *p == '+' || *p == '-')
            return false;
    }
    if (parseDecimal(p, end, value) == end) {
        if (negative)
            value = -value;
        return true;
    }
    // std::from_chars accepts a leading '-' but not '+'; handing it the unsigned part and
    // applying the sign here keeps both paths the same.
    const auto r = std::from_chars(p, end, value);
    if (r.ec == std::errc() && r.ptr == end) {
        if (negative)
            value = -value;
        return true;
    }
    if (r.ec == std::errc::result_out_of_range && r.ptr == end && end - p < 64) {
        // A well-formed number beyond double's range: strtod gives the usual 0 or inf for it.
        char buffer[64];
        std::copy(p, end, buffer);
        buffer[end - p] = 0;
        value = std::strtod(buffer, nullptr);
        if (negative)
            value = -value;
        return true;
    }
    return nonFinite(QByteArrayView(p, end - p), negative, value);
}

bool toDoubleLenient(QByteArrayView text, double &value)
{
    QByteArrayView t = text.trimmed();
    // Drop a trailing unit ("%", "GiB", "ms", "tokens/s"): letters, '%' and '/' after the number.
    qsizetype end = t.size();
    while (end > 0) {
        const char c = t[end - 1];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '%' || c == '/')
            --end;
        else
            break;
    }
    while (end > 0 && end < t.size() && isSpace(t[end - 1]))
        --end;
    // "nan"/"inf" are letters too: keep them when nothing numeric remains.
    if (end == 0 || (end < t.size() && !isDigit(t[end - 1]) && t[end - 1] != '.'))
        end = t.size();
    t = t.first(end).trimmed();
    if (!t.contains(','))
        return toDouble(t, value);
    char buffer[64];
    qsizetype n = 0;
    for (char c : t) {
        if (c == ',')
            continue;
        if (n == qsizetype(sizeof buffer))
            return false;
        buffer[n++] = c;
    }
    return toDouble(QByteArrayView(buffer, n), value);
}

bool toInt64(QByteArrayView text, qint64 &value)
{
    const QByteArrayView t = text.trimmed();
    const char *p = t.data();
    const char *end = p + t.size();
    if (p != end && *p == '+')
        ++p;
    long long v = 0;
    const auto r = std::from_chars(p, end, v);
    if (r.ec != std::errc() || r.ptr != end)
        return false;
    value = v;
    return true;
}

bool wholeStep(double value, qint64 &step)
{
    constexpr double maxExactInteger = 9007199254740992.0; // 2^53
    if (!(std::fabs(value) <= maxExactInteger) || value != std::trunc(value))
        return false;
    step = qint64(value);
    return true;
}

qsizetype parseDateTime(QByteArrayView text, double &epochSeconds)
{
    const char *s = text.data();
    const qsizetype n = text.size();
    if (n < 19 || s[4] != '-' || s[7] != '-' || (s[10] != ' ' && s[10] != 'T') || s[13] != ':' || s[16] != ':')
        return 0;
    // Every line of many logs starts with one: the 14 digits are checked together, not one
    // branch each (unsigned: a byte below '0' wraps round to a large number).
    const auto at = [s](int i) { return unsigned(s[i] - '0'); };
    const unsigned y1 = at(0), y2 = at(1), y3 = at(2), y4 = at(3), mo1 = at(5), mo2 = at(6), d1 = at(8), d2 = at(9);
    const unsigned h1 = at(11), h2 = at(12), mi1 = at(14), mi2 = at(15), se1 = at(17), se2 = at(18);
    if ((y1 > 9) | (y2 > 9) | (y3 > 9) | (y4 > 9) | (mo1 > 9) | (mo2 > 9) | (d1 > 9) | (d2 > 9) | (h1 > 9) | (h2 > 9)
        | (mi1 > 9) | (mi2 > 9) | (se1 > 9) | (se2 > 9))
        return 0;
    const int y = int(y1 * 1000 + y2 * 100 + y3 * 10 + y4), mo = int(mo1 * 10 + mo2), d = int(d1 * 10 + d2);
    const int h = int(h1 * 10 + h2), mi = int(mi1 * 10 + mi2), se = int(se1 * 10 + se2);
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || se > 60)
        return 0;
    double t = double(daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se);
    qsizetype i = 19;
    if (i < n && (s[i] == '.' || s[i] == ',') && i + 1 < n && isDigit(s[i + 1])) {
        double scale = 0.1;
        for (++i; i < n && isDigit(s[i]); ++i, scale /= 10)
            t += (s[i] - '0') * scale;
    }
    if (i < n && s[i] == 'Z') {
        ++i;
    } else if (i + 2 < n && (s[i] == '+' || s[i] == '-') && isDigit(s[i + 1]) && isDigit(s[i + 2])) {
        const int sign = s[i] == '+' ? 1 : -1;
        const int zh = digits(s + i + 1, 2);
        qsizetype j = i + 3;
        if (j < n && s[j] == ':')
            ++j;
        int zm = 0;
        if (j + 1 < n && isDigit(s[j]) && isDigit(s[j + 1])) {
            zm = digits(s + j, 2);
            j += 2;
        }
        t -= sign * (zh * 3600 + zm * 60);
        i = j;
    }
    epochSeconds = t;
    return i;
}

bool parseTimeValue(QByteArrayView text, double &epochSeconds)
{
    const QByteArrayView t = text.trimmed();
    if (toDouble(t, epochSeconds))
        return std::isfinite(epochSeconds);
    return parseDateTime(t, epochSeconds) > 0;
}

qsizetype leadingBracketTime(QByteArrayView line, double &epochSeconds)
{
    qsizetype i = 0;
    while (i < line.size() && line[i] == ' ')
        ++i;
    if (i >= line.size() || line[i] != '[')
        return 0;
    const qsizetype used = parseDateTime(line.sliced(i + 1), epochSeconds);
    if (used == 0 || i + 1 + used >= line.size() || line[i + 1 + used] != ']')
        return 0;
    return i + 1 + used + 1;
}

Parts split(QByteArrayView text, char separator)
{
    Parts parts;
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = text.indexOf(separator, from);
        if (at < 0) {
            parts.append(text.sliced(from));
            return parts;
        }
        parts.append(text.sliced(from, at - from));
        from = at + 1;
    }
}

namespace {

bool isLetterOrDigit(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c);
}

bool isKeyChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '/' || c == '.'
        || c == '-';
}

// A number starts at p, after optional quotes and spaces: a digit, a sign or '.' then a digit,
// or nan/inf.
bool numberFollows(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\'' || *p == '"'))
        ++p;
    if (p < end && (*p == '-' || *p == '+'))
        ++p;
    if (p < end && *p == '.')
        ++p;
    if (p >= end)
        return false;
    if (isDigit(*p))
        return true;
    const char c = char(*p | 0x20);
    return end - p >= 3
        && ((c == 'n' && (p[1] | 0x20) == 'a' && (p[2] | 0x20) == 'n')
            || (c == 'i' && (p[1] | 0x20) == 'n' && (p[2] | 0x20) == 'f'));
}

} // namespace

bool mentionsLoss(QByteArrayView text)
{
    for (qsizetype i = 0; i + 4 <= text.size(); ++i) {
        if ((text[i] | 0x20) == 'l' && (text[i + 1] | 0x20) == 'o' && (text[i + 2] | 0x20) == 's'
            && (text[i + 3] | 0x20) == 's')
            return true;
    }
    return false;
}

namespace {

// The positions of either of two bytes in [from, end), in order, found by memchr (vectorised)
// instead of a test per byte: the honesty check scans every line no format read.
class EitherByte
{
public:
    EitherByte(const char *from, const char *end, char a, char b)
        : m_end(end)
        , m_a(a)
        , m_b(b)
        , m_atA(find(from, a))
        , m_atB(find(from, b))
    { }
    /// The next position, nullptr when there is none.
    const char *next()
    {
        const char *at = nullptr;
        if (m_atA && (!m_atB || m_atA < m_atB)) {
            at = m_atA;
            m_atA = find(at + 1, m_a);
        } else if (m_atB) {
            at = m_atB;
            m_atB = find(at + 1, m_b);
        }
        return at;
    }

private:
    const char *find(const char *from, char c) const
    {
        return from < m_end ? static_cast<const char *>(std::memchr(from, c, size_t(m_end - from))) : nullptr;
    }
    const char *m_end;
    char m_a, m_b;
    const char *m_atA, *m_atB;
};

} // namespace

bool looksLikeMetricLine(QByteArrayView line, QString &what)
{
    const char *s = line.data();
    const char *end = s + line.size();
    // A loss key: "loss" (in any case, as part of a key like lm_loss or train_loss_step), the
    // rest of the key, then a separator and a number.
    EitherByte ells(s, line.size() >= 4 ? end - 3 : s, 'l', 'L');
    while (const char *at = ells.next()) {
        const qsizetype i = at - s;
        if (!((s[i + 1] | 0x20) == 'o' && (s[i + 2] | 0x20) == 's' && (s[i + 3] | 0x20) == 's'))
            continue;
        qsizetype keyStart = i;
        while (keyStart > 0 && (isLetterOrDigit(s[keyStart - 1]) || s[keyStart - 1] == '_' || s[keyStart - 1] == '/'))
            --keyStart;
        const char *p = s + i + 4;
        while (p < end && (isLetterOrDigit(*p) || *p == '_'))
            ++p;
        const QByteArrayView key(s + keyStart, p - s - keyStart);
        while (p < end && (*p == '\'' || *p == '"'))
            ++p;
        const char *separator = p;
        while (p < end && *p == ' ')
            ++p;
        if (p < end && (*p == ':' || *p == '='))
            ++p;
        else if (p == separator)
            continue; // "lossy", "loss_type=None" end here: no separator, no value
        if (numberFollows(p, end)) {
            what = QStringLiteral("mentions `%1` with a number")
                       .arg(QString::fromLatin1(key.first(qMin<qsizetype>(key.size(), 40))));
            return true;
        }
    }
    int pairs = 0;
    EitherByte separators(s + qMin<qsizetype>(1, line.size()), end, ':', '=');
    while (const char *at = separators.next()) {
        const qsizetype i = at - s;
        // The key directly before the separator must hold a letter: "00:08" is a time.
        qsizetype k = i;
        bool letter = false;
        while (k > 0 && (isKeyChar(s[k - 1]) || s[k - 1] == '\'' || s[k - 1] == '"')) {
            --k;
            letter = letter || ((s[k] | 0x20) >= 'a' && (s[k] | 0x20) <= 'z');
        }
        // "connectors/data_connector.py:434" is where a warning comes from, not a value.
        const QByteArrayView key(s + k, i - k);
        const bool sourceFile = endsWith(key, ".py") || endsWith(key, ".cpp") || endsWith(key, ".cc")
            || endsWith(key, ".c") || endsWith(key, ".h") || endsWith(key, ".hpp") || endsWith(key, ".cu");
        if (k < i && letter && !sourceFile && numberFollows(s + i + 1, end) && ++pairs >= 2) {
            what = QStringLiteral("holds numeric key: value pairs");
            return true;
        }
    }
    return false;
}

QString displayText(QByteArrayView bytes, int maxChars)
{
    // Cut the bytes first so a several-MB line does not get decoded whole.
    const bool cut = bytes.size() > maxChars * 4;
    QString s = QString::fromUtf8(cut ? bytes.first(maxChars * 4) : bytes);
    if (s.size() > maxChars) {
        s.truncate(maxChars);
        s += QStringLiteral("…");
    } else if (cut) {
        s += QStringLiteral("…");
    }
    return s;
}

} // namespace LogText

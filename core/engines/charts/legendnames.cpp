// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "legendnames.h"

#include <QSet>

#include <algorithm>

namespace {

// Whether the character at i ends a word. A '-' inside a number's exponent does not: "lr2e-3" is
// one word.
bool separatorAt(const QString &s, qsizetype i)
{
    const QChar c = s.at(i);
    if (c == QLatin1Char('-'))
        return !(i >= 2 && i + 1 < s.size() && (s.at(i - 1) == QLatin1Char('e') || s.at(i - 1) == QLatin1Char('E'))
                 && s.at(i - 2).isDigit() && s.at(i + 1).isDigit());
    return c == QLatin1Char('_') || c == QLatin1Char('.') || c == QLatin1Char('/') || c == QLatin1Char('\\')
        || c == QLatin1Char(' ');
}

/// How much all names share at their start and, of what is left, at their end, each cut back to
/// whole words (see shortest()).
void sharedWords(const QStringList &names, qsizetype *prefixOut, qsizetype *suffixOut)
{
    qsizetype shortestLength = names.first().size();
    for (const QString &n : names)
        shortestLength = std::min(shortestLength, n.size());
    const QString &first = names.first();
    const auto sharedAt = [&names](const auto &charOf, qsizetype i) {
        return std::all_of(names.cbegin(), names.cend(),
                           [&](const QString &n) { return charOf(n, i) == charOf(names.first(), i); });
    };
    // The shared start, cut back to just after a separator: every text then starts a word.
    qsizetype prefix = 0;
    while (prefix < shortestLength && sharedAt([](const QString &n, qsizetype i) { return n.at(i); }, prefix))
        ++prefix;
    while (prefix > 0 && !separatorAt(first, prefix - 1))
        --prefix;
    // The shared end of what is left, cut forward to a separator it starts with; every text keeps
    // at least one character.
    const qsizetype room = shortestLength - prefix - 1;
    qsizetype suffix = 0;
    while (suffix < room && sharedAt([](const QString &n, qsizetype i) { return n.at(n.size() - 1 - i); }, suffix))
        ++suffix;
    while (suffix > 0 && !separatorAt(first, first.size() - suffix))
        --suffix;
    *prefixOut = prefix;
    *suffixOut = suffix;
}

/// Whether words occurs in name as whole words (at separators or the name's ends).
bool holdsWords(const QString &name, const QString &words)
{
    for (qsizetype at = name.indexOf(words); at >= 0; at = name.indexOf(words, at + 1)) {
        const qsizetype end = at + words.size();
        if ((at == 0 || separatorAt(name, at - 1)) && (end == name.size() || separatorAt(name, end)))
            return true;
    }
    return false;
}

} // namespace

QStringList LegendNames::shortest(const QStringList &names)
{
    if (names.size() < 2)
        return names;
    qsizetype prefix = 0, suffix = 0;
    sharedWords(names, &prefix, &suffix);
    if (prefix == 0 && suffix == 0)
        return names;
    QStringList out;
    const QString ellipsis(QChar(0x2026));
    for (const QString &n : names) {
        const QString middle = n.mid(prefix, n.size() - prefix - suffix);
        out << (prefix > 0 ? ellipsis : QString()) + middle + (suffix > 0 ? ellipsis : QString());
    }
    if (QSet<QString>(out.cbegin(), out.cend()).size() != out.size())
        return names;
    return out;
}

QStringList LegendNames::distinct(const QStringList &names)
{
    if (names.size() < 2)
        return names;
    qsizetype prefix = 0, suffix = 0;
    sharedWords(names, &prefix, &suffix);
    // Each name without the shared end; its own words are chosen below.
    QStringList cores;
    for (const QString &n : names)
        cores << n.left(n.size() - suffix);
    const QString ellipsis(QChar(0x2026));
    QStringList out;
    for (int k = 0; k < cores.size(); ++k) {
        const QString &core = cores.at(k);
        QVector<qsizetype> starts{0}, ends;
        for (qsizetype i = 0; i < core.size(); ++i) {
            if (separatorAt(core, i)) {
                ends << i;
                starts << i + 1;
            }
        }
        ends << core.size();
        // The shortest run of whole words that no other name holds as whole words; the whole name
        // when there is none.
        qsizetype from = 0, to = core.size();
        for (const qsizetype a : std::as_const(starts)) {
            for (const qsizetype b : std::as_const(ends)) {
                if (b <= a || b - a >= to - from)
                    continue;
                const QString run = core.mid(a, b - a);
                bool unique = true;
                for (int j = 0; j < cores.size() && unique; ++j)
                    unique = j == k || !holdsWords(cores.at(j), run);
                if (unique) {
                    from = a;
                    to = b;
                }
            }
        }
        out << (from > 0 ? ellipsis : QString()) + core.mid(from, to - from)
                + (to < core.size() || suffix > 0 ? ellipsis : QString());
    }
    if (QSet<QString>(out.cbegin(), out.cend()).size() != out.size())
        return shortest(names);
    return out;
}

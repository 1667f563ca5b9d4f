// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "dictscanner.h"

#include "core/sources/logs/logtext.h"

namespace {

void skipSpace(QByteArrayView t, qsizetype &i)
{
    while (i < t.size() && (LogText::isSpace(t[i]) || t[i] == '\n'))
        ++i;
}

// Moves i past a quoted string starting at t[i]; returns false if it never closes.
bool skipString(QByteArrayView t, qsizetype &i)
{
    const char quote = t[i++];
    while (i < t.size()) {
        const char c = t[i++];
        if (c == '\\')
            ++i;
        else if (c == quote)
            return true;
    }
    return false;
}

// Moves i past a nested {...}, [...] or (...) value.
bool skipNested(QByteArrayView t, qsizetype &i)
{
    int depth = 0;
    while (i < t.size()) {
        const char c = t[i];
        if (c == '"' || c == '\'') {
            if (!skipString(t, i))
                return false;
            continue;
        }
        if (c == '{' || c == '[' || c == '(')
            ++depth;
        else if (c == '}' || c == ']' || c == ')')
            --depth;
        ++i;
        if (depth == 0)
            return true;
    }
    return false;
}

} // namespace

qsizetype DictScanner::scan(QByteArrayView t, const Visitor &visit)
{
    qsizetype i = 0;
    if (t.isEmpty() || t[0] != '{')
        return 0;
    ++i;
    skipSpace(t, i);
    if (i < t.size() && t[i] == '}')
        return i + 1;
    while (i < t.size()) {
        skipSpace(t, i);
        if (i >= t.size() || (t[i] != '"' && t[i] != '\''))
            return 0;
        const qsizetype keyStart = i + 1;
        if (!skipString(t, i))
            return 0;
        const QByteArrayView key = t.sliced(keyStart, i - 1 - keyStart);
        skipSpace(t, i);
        if (i >= t.size() || t[i] != ':')
            return 0;
        ++i;
        skipSpace(t, i);
        if (i >= t.size())
            return 0;
        const char c = t[i];
        if (c == '"' || c == '\'') {
            const qsizetype start = i + 1;
            if (!skipString(t, i))
                return 0;
            visit(key, t.sliced(start, i - 1 - start), Kind::String);
        } else if (c == '{' || c == '[' || c == '(') {
            const qsizetype start = i;
            if (!skipNested(t, i))
                return 0;
            visit(key, t.sliced(start, i - start), Kind::Other);
        } else {
            const qsizetype start = i;
            while (i < t.size() && t[i] != ',' && t[i] != '}' && !LogText::isSpace(t[i]) && t[i] != '\n')
                ++i;
            const QByteArrayView word = t.sliced(start, i - start);
            if (word.isEmpty())
                return 0;
            double ignored;
            visit(key, word, LogText::toDouble(word, ignored) ? Kind::Number : Kind::Other);
        }
        skipSpace(t, i);
        if (i >= t.size())
            return 0;
        if (t[i] == '}')
            return i + 1;
        if (t[i] != ',')
            return 0;
        ++i;
    }
    return 0;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "shellwords.h"

#include <QRegularExpression>

ShellWords::Result ShellWords::split(const QString &text)
{
    Result result;
    Command current;
    Word word;
    bool inWord = false;
    int line = 1;
    auto endWord = [&] {
        if (inWord) {
            current.words.append(word);
            if (current.words.size() > maxWordsPerCommand && result.error.isEmpty())
                result.error = QStringLiteral("line %1: the command has more than %2 words, the most PortBench reads "
                                              "(see docs/limits.md)")
                                   .arg(current.line)
                                   .arg(maxWordsPerCommand);
        }
        word = {};
        inWord = false;
    };
    auto endCommand = [&] {
        endWord();
        if (!current.words.isEmpty())
            result.commands.append(current);
        if (result.commands.size() > maxCommands && result.error.isEmpty())
            result.error
                = QStringLiteral("line %1: more than %2 commands, the most PortBench reads (see docs/limits.md)")
                      .arg(current.line)
                      .arg(maxCommands);
        current = {};
    };
    const int n = text.size();
    for (int i = 0; i < n; ++i) {
        const QChar ch = text.at(i);
        if (!inWord && current.words.isEmpty() && current.line == 0 && !ch.isSpace())
            current.line = line;
        if (ch == QLatin1Char('\\') && i + 1 < n && text.at(i + 1) == QLatin1Char('\n')) {
            endWord();
            ++i;
            ++line;
            continue;
        }
        if (ch == QLatin1Char('\n') || ch == QLatin1Char(';')) {
            endCommand();
            if (!result.error.isEmpty()) {
                result.commands.clear();
                return result;
            }
            if (ch == QLatin1Char('\n'))
                ++line;
            continue;
        }
        if (ch.isSpace()) {
            endWord();
            if (!result.error.isEmpty())
                return result;
            continue;
        }
        if (ch == QLatin1Char('#') && !inWord) {
            while (i + 1 < n && text.at(i + 1) != QLatin1Char('\n'))
                ++i;
            continue;
        }
        inWord = true;
        if (ch == QLatin1Char('\'') || ch == QLatin1Char('"')) {
            const int start = i;
            int j = i + 1;
            while (j < n && text.at(j) != ch) {
                if (ch == QLatin1Char('"') && text.at(j) == QLatin1Char('\\') && j + 1 < n)
                    ++j;
                ++j;
            }
            if (j >= n) {
                result.error = QStringLiteral("line %1: unterminated %2 quote").arg(line).arg(ch);
                return result;
            }
            const QString inner = text.mid(start + 1, j - start - 1);
            word.raw += text.mid(start, j - start + 1);
            word.value += ch == QLatin1Char('"')
                ? QString(inner).replace(QRegularExpression(QStringLiteral("\\\\(.)")), QStringLiteral("\\1"))
                : inner;
            line += int(inner.count(QLatin1Char('\n')));
            i = j;
            continue;
        }
        if (ch == QLatin1Char('\\') && i + 1 < n) {
            word.raw += ch;
            word.raw += text.at(i + 1);
            word.value += text.at(i + 1);
            ++i;
            continue;
        }
        word.raw += ch;
        word.value += ch;
    }
    endCommand();
    if (!result.error.isEmpty())
        result.commands.clear();
    return result;
}

QString ShellWords::unquote(const QString &raw)
{
    const Result r = split(raw);
    if (!r || r.commands.isEmpty() || r.commands.first().words.isEmpty())
        return raw;
    return r.commands.first().words.first().value;
}

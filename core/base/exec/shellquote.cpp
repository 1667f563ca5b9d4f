// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "shellquote.h"

#include <QRegularExpression>

namespace {
bool isSafe(QChar c)
{
    // Characters no POSIX shell gives a meaning to, in any position.
    return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
        || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || QStringLiteral("_-./:,+@%=").contains(c);
}
}

QString ShellQuote::quote(const QString &argument)
{
    if (argument.isEmpty())
        return QStringLiteral("''");
    bool safe = true;
    for (QChar c : argument) {
        if (!isSafe(c)) {
            safe = false;
            break;
        }
    }
    // A leading '=' or '-' is still data to the shell; only the command decides, so leave it.
    if (safe)
        return argument;
    QString quoted = argument;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString ShellQuote::quoteKeepingReferences(const QString &value)
{
    // A reference, then safe characters: `$MASTER_ADDR`, `${NODE_RANK}_x`.
    static const QRegularExpression reference(QStringLiteral("^\\$(\\{[A-Za-z_][A-Za-z0-9_]*\\}|[A-Za-z_][A-Za-z0-9_]*)"
                                                             "[A-Za-z0-9_./:=,@%+-]*$"));
    if (reference.match(value).hasMatch())
        return value;
    // Inside double quotes only $, `, \ and " are special; with the last three absent, $ expands and
    // nothing else does.
    if (value.contains(QLatin1Char('$')) && !value.contains(QLatin1Char('"')) && !value.contains(QLatin1Char('\\'))
        && !value.contains(QLatin1Char('`')))
        return QLatin1Char('"') + value + QLatin1Char('"');
    return quote(value);
}

QString ShellQuote::join(const QStringList &argv)
{
    QStringList parts;
    parts.reserve(argv.size());
    for (const QString &a : argv)
        parts << quote(a);
    return parts.join(QLatin1Char(' '));
}

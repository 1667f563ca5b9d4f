#include "shellquote.h"

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

QString ShellQuote::join(const QStringList &argv)
{
    QStringList parts;
    parts.reserve(argv.size());
    for (const QString &a : argv)
        parts << quote(a);
    return parts.join(QLatin1Char(' '));
}

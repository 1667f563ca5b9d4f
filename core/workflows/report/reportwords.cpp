// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportwords.h"

#include <QLocale>

QString ReportWords::verdict(const QString &word)
{
    if (word == QLatin1String("PASS"))
        return tr("PASS", "verdict word; keep PASS in parentheses after the translation");
    if (word == QLatin1String("WARN"))
        return tr("WARN", "verdict word; keep WARN in parentheses after the translation");
    if (word == QLatin1String("FAIL"))
        return tr("FAIL", "verdict word; keep FAIL in parentheses after the translation");
    return word;
}

QString ReportWords::overallVerdict(const QString &word)
{
    return tr("Overall verdict: %1").arg(verdict(word));
}

QString ReportWords::overallVerdictLabel()
{
    return tr("Overall verdict:");
}

QString ReportWords::contents()
{
    return tr("Contents");
}

QString ReportWords::generated(const QDateTime &when, const QString &language)
{
    return tr("Generated %1").arg(dateTime(when, language));
}

QString ReportWords::generatedBy(const QDateTime &when, const QString &language)
{
    return tr("Generated %1 by PortBench").arg(dateTime(when, language));
}

QString ReportWords::page(int number, int count)
{
    return count > 0 ? tr("Page %1 of %2").arg(number).arg(count) : tr("Page %1").arg(number);
}

QString ReportWords::figureNotDrawn()
{
    return tr("figure not drawn");
}

QString ReportWords::dateTime(const QDateTime &when, const QString &language)
{
    const QLocale locale(language);
    return locale.toString(when, locale.dateFormat(QLocale::LongFormat) + QStringLiteral(" HH:mm"));
}

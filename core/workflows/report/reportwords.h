// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

/// The words every report writer prints around the document — "Contents", "Overall verdict",
/// "Page 1 of 9", the verdict words and the date — in one place, so that the HTML, Markdown and
/// PDF forms say the same thing, in the language of the catalog installed while the report is
/// written (ReportLanguageScope). The verdict stays in English beside its translation: scripts and
/// readers of either language find "PASS".
class ReportWords
{
    Q_DECLARE_TR_FUNCTIONS(ReportWords)

public:
    /// "PASS", "WARN", "FAIL" in the report's language ("通过 (PASS)"); another word unchanged.
    static QString verdict(const QString &word);
    static QString overallVerdict(const QString &word); ///< "Overall verdict: FAIL"
    static QString overallVerdictLabel(); ///< "Overall verdict:"
    static QString contents();
    static QString generated(const QDateTime &when, const QString &language); ///< "Generated DATE"
    static QString generatedBy(const QDateTime &when, const QString &language); ///< "Generated DATE by PortBench"
    static QString page(int number, int count); ///< "Page 1 of 9"; count 0 = not known yet: "Page 1"
    static QString figureNotDrawn();
    /// A date and time as the language writes it (QLocale(language)'s long date, 24-hour time).
    static QString dateTime(const QDateTime &when, const QString &language);
};

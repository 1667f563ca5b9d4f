// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportdocument.h"

#include <QString>
#include <QStringList>

/// The building blocks every report section is made of, and the figure list they point into.
/// Shared by the section builders (ReportSummary, ReportRunSections, ReportParitySection,
/// ReportCheckSections) so that a verdict or a figure is made the same way everywhere.
class ReportBlocks
{
public:
    using Block = ReportDocument::Block;
    using Figure = ReportDocument::Figure;

    static Block heading(const QString &text);
    static Block paragraph(const QString &text);
    /// A verdict block: word is "PASS"/"WARN"/"FAIL" (it picks the colour), shown in the report's
    /// language by ReportWords::verdict.
    static Block verdict(const QString &word, const QString &subject, const QStringList &reasons);
    static Block list(const QStringList &items);
    static Block table(const QString &caption, const QStringList &header);
    static Block code(const QString &text);
    /// Adds figure to doc under a unique file-name safe id and returns the block that shows it.
    static Block figure(ReportDocument &doc, Figure figure);

    /// Worst of two verdict words ("PASS" < "WARN" < "FAIL"; empty = not judged).
    static QString worse(const QString &a, const QString &b);
    /// "severity" colour of a table row for a parity verdict level (0 pass, 1 warn, 2 fail).
    static QString rowSeverity(int level);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartspec.h"
#include "core/base/device/topology.h"

#include <QDateTime>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QVector>

/// A report as a format-neutral document: sections of headings, paragraphs, verdicts, tables,
/// code and figures. ReportBuilder fills it from runs and results; the HTML and Markdown writers
/// (core) and the PDF writer (ui/report) only lay it out, so the three formats say the same thing.
/// Every string is plain text (from logs, untrusted): writers escape it for their format.
struct ReportDocument
{
    /// A picture drawn by a ReportFigureRenderer: a chart (through the GUI's chart code) or a
    /// topology map.
    struct Figure
    {
        enum class Kind { Chart, Topology };
        Kind kind = Kind::Chart;
        QString id; ///< file-name safe, unique in the document: PNG names beside Markdown
        QString caption;
        ChartSpec chart;
        Topology topology;
        QSize size = QSize(900, 460); ///< layout size in logical pixels
    };

    struct Block
    {
        enum class Kind { Heading, Paragraph, Verdict, List, Table, Code, Figure };
        Kind kind = Kind::Paragraph;
        QString text; ///< heading, paragraph, verdict word, code, or a table's caption
        QString severity; ///< "pass", "warn", "fail", "info": colours verdicts and table rows
        QStringList items; ///< list items; for a verdict, its reasons
        QStringList header; ///< table columns
        QVector<QStringList> rows; ///< table cells
        QStringList rowSeverity; ///< per table row, may be shorter than rows
        int figure = -1; ///< index into figures
    };

    struct Section
    {
        QString id; ///< ReportOptions section name: HTML anchor and test handle
        QString title;
        QVector<Block> blocks;
    };

    QString title;
    QString subtitle;
    QString language = QStringLiteral("en"); ///< ReportOptions::language: the HTML lang, the PDF's fonts
    QDateTime generated;
    QString verdict; ///< overall "PASS", "WARN", "FAIL", or empty when nothing was judged
    QVector<Section> sections;
    QVector<Figure> figures;
    /// Extra files that belong with the report (the aligned parity CSV): name → content.
    QVector<QPair<QString, QByteArray>> attachments;

    /// "pass"/"warn"/"fail" for a verdict word, "info" otherwise.
    static QString severityOf(const QString &verdict);
};

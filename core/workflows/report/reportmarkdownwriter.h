// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportdocument.h"

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QVector>

class ReportFigureRenderer;

/// A ReportDocument as Markdown for pasting into an issue tracker, with each figure as a PNG
/// file beside it (`<base>-<figure id>.png`, linked relatively). Text from logs is escaped so a
/// run name can neither break a table nor inject HTML.
class ReportMarkdownWriter
{
public:
    struct Output
    {
        QString markdown;
        QVector<QPair<QString, QByteArray>> files; ///< file name (no folder) → bytes
    };

    /// baseName: the Markdown file's name without suffix; figure files are named after it.
    static Output write(const ReportDocument &doc, ReportFigureRenderer *figures, const QString &baseName);
    /// Escapes Markdown and HTML metacharacters, and `|` and line breaks for table cells.
    static QString escape(const QString &text);
};

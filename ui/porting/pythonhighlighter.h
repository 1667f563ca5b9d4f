// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QList>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

/// Python syntax colours from the core tokenizer (so strings, f-strings and comments are coloured
/// exactly as the porting engine sees them), plus a background for changed lines.
///
/// The whole document is tokenized once in setSource(); highlightBlock() only paints the spans
/// recorded for that line, so multi-line strings are right without per-block state.
class PythonHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit PythonHighlighter(QTextDocument *document);

    /// Sets the document text; `lineColors` maps 0-based lines to a background (removed/added).
    void setSource(const QString &text, const QHash<int, QColor> &lineColors);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Span
    {
        int column;
        int length;
        QTextCharFormat format;
    };
    QHash<int, QList<Span>> m_spans;
    QHash<int, QColor> m_lineColors;
};

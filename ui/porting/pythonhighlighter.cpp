// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "porting/pythonhighlighter.h"

#include "core/engines/porting/pythontokenizer.h"
#include "theme.h"

#include <QTextDocument>

namespace {

const QStringList &keywords()
{
    static const QStringList words
        = {QStringLiteral("False"),   QStringLiteral("None"),     QStringLiteral("True"),     QStringLiteral("and"),
           QStringLiteral("as"),      QStringLiteral("assert"),   QStringLiteral("async"),    QStringLiteral("await"),
           QStringLiteral("break"),   QStringLiteral("class"),    QStringLiteral("continue"), QStringLiteral("def"),
           QStringLiteral("del"),     QStringLiteral("elif"),     QStringLiteral("else"),     QStringLiteral("except"),
           QStringLiteral("finally"), QStringLiteral("for"),      QStringLiteral("from"),     QStringLiteral("global"),
           QStringLiteral("if"),      QStringLiteral("import"),   QStringLiteral("in"),       QStringLiteral("is"),
           QStringLiteral("lambda"),  QStringLiteral("nonlocal"), QStringLiteral("not"),      QStringLiteral("or"),
           QStringLiteral("pass"),    QStringLiteral("raise"),    QStringLiteral("return"),   QStringLiteral("try"),
           QStringLiteral("while"),   QStringLiteral("with"),     QStringLiteral("yield")};
    return words;
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{ }

void PythonHighlighter::setSource(const QString &text, const QHash<int, QColor> &lineColors)
{
    m_spans.clear();
    m_lineColors = lineColors;
    const PythonTokens tokens = PythonTokenizer::tokenize(text);
    const QTextCharFormat keyword = Theme::textFormat(QColor(0x00, 0x55, 0xaa), true);
    const QTextCharFormat string = Theme::textFormat(QColor(0x2a, 0x7f, 0x2a));
    const QTextCharFormat comment = Theme::textFormat(QColor(0x80, 0x80, 0x80), false, true);
    const QTextCharFormat number = Theme::textFormat(QColor(0xaa, 0x55, 0x00));
    for (const PythonToken &t : tokens.tokens) {
        QTextCharFormat format;
        if (t.kind == PythonToken::Kind::String)
            format = string;
        else if (t.kind == PythonToken::Kind::Comment)
            format = comment;
        else if (t.kind == PythonToken::Kind::Number)
            format = number;
        else if (t.kind == PythonToken::Kind::Name && keywords().contains(text.mid(t.start, t.length)))
            format = keyword;
        else
            continue;
        // A token may span lines (triple-quoted strings): record one span per line.
        int line = t.line - 1;
        int column = t.column - 1;
        int from = t.start;
        const int end = t.end();
        while (from < end) {
            int lineEnd = int(text.indexOf(QLatin1Char('\n'), from));
            if (lineEnd < 0 || lineEnd > end)
                lineEnd = end;
            m_spans[line].append({column, lineEnd - from, format});
            from = lineEnd + 1;
            ++line;
            column = 0;
        }
    }
    rehighlight();
}

void PythonHighlighter::highlightBlock(const QString &text)
{
    const int line = currentBlock().blockNumber();
    if (m_lineColors.contains(line)) {
        QTextCharFormat background;
        background.setBackground(m_lineColors.value(line));
        setFormat(0, int(text.size()), background);
    }
    for (const Span &span : m_spans.value(line)) {
        QTextCharFormat format = span.format;
        if (m_lineColors.contains(line))
            format.setBackground(m_lineColors.value(line));
        setFormat(span.column, span.length, format);
    }
}

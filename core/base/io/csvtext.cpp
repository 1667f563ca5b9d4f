// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "csvtext.h"

#include "core/base/model/numbertext.h"

#include <QStringList>

namespace CsvText {

void appendField(QByteArray &out, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') && !utf8.contains('\r')) {
        out += utf8;
        return;
    }
    out += '"';
    for (char c : utf8) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

void appendNumber(QByteArray &out, double v)
{
    NumberText::appendShortest(out, v);
}

char *writeNumber(char *to, double v)
{
    return NumberText::writeShortest(to, v);
}

void appendRow(QByteArray &out, const QStringList &cells)
{
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (i > 0)
            out += ',';
        appendField(out, cells.at(i));
    }
    out += '\n';
}

namespace {

// A space that may stand around a quoted field; a tab only when it does not separate fields.
bool isCsvPadding(char c, char delimiter)
{
    return c == ' ' || (c == '\t' && delimiter != '\t');
}

// The quoted field whose opening quote is at `open`: its text (a view into the line when it needs
// no rewriting, else into scratch) and where it ends (the delimiter after it, or the line's end).
QByteArrayView quotedCsvField(QByteArrayView line, qsizetype open, char delimiter, QByteArray &scratch, qsizetype &end)
{
    qsizetype i = open + 1;
    qsizetype close = line.indexOf('"', i);
    // The common case: "text", with only padding up to the next delimiter.
    if (close >= 0 && (close + 1 == line.size() || line[close + 1] != '"')) {
        qsizetype after = close + 1;
        while (after < line.size() && isCsvPadding(line[after], delimiter))
            ++after;
        if (after == line.size() || line[after] == delimiter) {
            end = after;
            return line.sliced(i, close - i);
        }
    }
    const qsizetype from = scratch.size();
    qsizetype closedAt = -1; // the text's length in scratch when the closing quote was read
    bool textAfter = false;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        if (closedAt < 0) {
            if (c != '"')
                scratch += c;
            else if (i + 1 < line.size() && line[i + 1] == '"')
                scratch += line[++i];
            else
                closedAt = scratch.size();
        } else if (c == delimiter) {
            break;
        } else {
            textAfter = textAfter || !isCsvPadding(c, delimiter);
            scratch += c;
        }
    }
    end = i;
    // Padding alone after the closing quote is no part of the field.
    const qsizetype to = closedAt >= 0 && !textAfter ? closedAt : scratch.size();
    return QByteArrayView(scratch).sliced(from, to - from);
}

} // namespace

QList<QByteArrayView> splitRecord(QByteArrayView line, char delimiter, QByteArray &scratch)
{
    QList<QByteArrayView> fields;
    const bool anyQuote = line.contains('"');
    if (anyQuote) {
        // Rewritten text is never longer than the line: the views into scratch stay where they are.
        scratch.resize(0);
        scratch.reserve(line.size());
    }
    qsizetype from = 0;
    for (;;) {
        qsizetype start = from;
        while (anyQuote && start < line.size() && isCsvPadding(line[start], delimiter))
            ++start;
        qsizetype end = 0;
        if (anyQuote && start < line.size() && line[start] == '"') {
            fields.append(quotedCsvField(line, start, delimiter, scratch, end));
        } else {
            end = line.indexOf(delimiter, from);
            if (end < 0)
                end = line.size();
            fields.append(line.sliced(from, end - from));
        }
        if (end >= line.size())
            return fields;
        from = end + 1;
    }
}

} // namespace CsvText

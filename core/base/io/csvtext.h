// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QStringList>

/// The one way PortBench writes CSV (parse --csv, chart CSV, the parity table, the porting report):
/// UTF-8, RFC 4180 quoting, numbers as NumberText::appendShortest writes them (0.1 as `0.1`, the
/// shortest text that reads back to the same double; NaN, Infinity, -Infinity), an absent value as
/// an empty cell. Callers compose rows in a byte buffer and write it in pieces.
/// And the one way it reads a CSV record back (CSV/TSV logs, the compatibility rows of a plugin).
namespace CsvText {
/// A text cell: as it is, or quoted with its quotes doubled when it holds a comma, quote or line break.
void appendField(QByteArray &out, const QString &text);
/// A number cell (NumberText::appendShortest).
void appendNumber(QByteArray &out, double v);
/// The same written at `to` (room for NumberText::maxNumberChars); returns the end.
char *writeNumber(char *to, double v);
/// A header or data row of text cells, with the line break.
void appendRow(QByteArray &out, const QStringList &cells);

/// One record (a line without its line break) split into its fields at `delimiter`, RFC 4180
/// quoting undone: a field that starts with a quote runs to the closing quote, a doubled quote in
/// it is one quote, and delimiters in it are text. Hand-written files get leeway: spaces around a
/// quoted field are dropped, a quote inside an unquoted field is text (`5" disk`), text after a
/// closing quote is kept, an unclosed quote runs to the end of the line. Unquoted fields come as
/// they are, spaces included. A line break inside quotes is not joined: callers read by lines.
/// The views point into `line`, or into `scratch` where doubled quotes or text after a closing
/// quote had to be rewritten; they are valid while both are and `scratch` is not changed. A line
/// without quotes costs no allocation but the list (logs are read a line at a time).
QList<QByteArrayView> splitRecord(QByteArrayView line, char delimiter, QByteArray &scratch);
} // namespace CsvText

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QStringList>

/// The one way PortBench writes CSV (parse --csv, chart CSV, the parity table, the porting report):
/// UTF-8, RFC 4180 quoting, numbers as NumberText::appendShortest writes them (0.1 as `0.1`, the
/// shortest text that reads back to the same double; NaN, Infinity, -Infinity), an absent value as
/// an empty cell. Callers compose rows in a byte buffer and write it in pieces.
namespace CsvText {
/// A text cell: as it is, or quoted with its quotes doubled when it holds a comma, quote or line break.
void appendField(QByteArray &out, const QString &text);
/// A number cell (NumberText::appendShortest).
void appendNumber(QByteArray &out, double v);
/// A header or data row of text cells, with the line break.
void appendRow(QByteArray &out, const QStringList &cells);
} // namespace CsvText

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QtGlobal>

/// Every number PortBench shows or writes goes through here, so a value reads the same in the CLI,
/// the GUI, a report and an export (docs/ARCHITECTURE.md, "Numbers").
///
/// Display text (CLI, GUI, reports): number() for values, percent() for every relative error or
/// share, step() for a step that may be absent, ratio() for speed ratios.
/// Written data (CSV, JSON): the shortest text that reads back to the same double. The append*
/// functions serve exports that write millions of values (parse --json/--csv, chart CSV): they
/// append to a byte buffer without a temporary string per value (QByteArray::number and
/// QJsonDocument cost about 1 µs a value; these use std::to_chars).
/// A non-finite value is NaN, Infinity or -Infinity everywhere (in JSON as a string: JSON has
/// none, and they are the divergence signal; Python's float() and JavaScript's Number() read them).
namespace NumberText {
/// Shown for a step or value that does not exist (no divergence, not computed): one dash everywhere.
inline const QString none = QStringLiteral("—");

/// A value for a person: whole numbers below 10^15 as integers, others with `significant` digits
/// (6; a cosine similarity near 1 needs 8).
QString number(double v, int significant = 6);
/// A share or relative error (0.0123) as a percentage with 4 significant digits: "1.23 %".
QString percent(double share);
/// A step, or none when it is negative (absent).
QString step(qint64 step);
/// A speed ratio with 3 decimals: "0.950×".
QString ratio(double r);
/// A statistic with a fixed number of decimals (a t statistic, MADs): "3.4".
QString fixed(double v, int decimals);
/// A double as a JSON value: a number, or the string NaN, Infinity or -Infinity. (An absent value,
/// as opposed to a non-finite one, is left out or null: that is the writer's choice, not a number.)
QJsonValue json(double v);
/// What json() wrote, read back: a number, or NaN, Infinity, -Infinity from those strings; NaN for
/// anything else (null, absent).
double fromJson(const QJsonValue &v);
/// The shortest text that reads back to v (what appendShortest writes), as a string.
QString shortest(double v);

/// The shortest digits that read back to v, in decimal or exponent form, whichever is shorter
/// (decimal on a tie), laid out as QByteArray::number(v, 'g', QLocale::FloatingPointShortest)
/// does; NaN, Infinity, -Infinity for the non-finite.
void appendShortest(QByteArray &out, double v);
/// What QByteArray::number(v, 'f', decimals) writes (decimals 0..17).
void appendFixed(QByteArray &out, double v, int decimals);
void appendInteger(QByteArray &out, qint64 v);
/// What QJsonDocument writes for json(v): whole numbers up to 2^53 as integers, the rest as
/// appendShortest does, non-finite values as the strings "NaN", "Infinity", "-Infinity".
void appendJson(QByteArray &out, double v);

/// The most bytes the write functions below write for one value.
constexpr int maxNumberChars = 32;
/// What appendShortest, appendInteger and appendJson append, written at `to` (room for
/// maxNumberChars); each returns the end. For writers of millions of values, which reserve room
/// for a whole row at once instead of growing a buffer value by value.
char *writeShortest(char *to, double v);
char *writeInteger(char *to, qint64 v);
char *writeJson(char *to, double v);
} // namespace NumberText

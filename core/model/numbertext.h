#pragma once

#include <QByteArray>
#include <QtGlobal>

/// Number text for exports that write millions of values (parse --json/--csv, chart CSV): the same
/// characters Qt writes, appended to a byte buffer without a temporary string per value.
/// QByteArray::number and QJsonDocument cost about 1 µs a value; these use std::to_chars.
namespace NumberText {
/// What QByteArray::number(v, 'g', QLocale::FloatingPointShortest) writes: the shortest digits
/// that read back to v, in decimal or exponent form, whichever is shorter (decimal on a tie);
/// NaN and infinities as nan, inf, -inf.
void appendShortest(QByteArray &out, double v);
/// What QByteArray::number(v, 'f', decimals) writes (decimals 0..17).
void appendFixed(QByteArray &out, double v, int decimals);
void appendInteger(QByteArray &out, qint64 v);
/// What QJsonDocument writes for QJsonValue(v): whole numbers up to 2^53 as integers, the rest
/// as appendShortest does. JSON has no NaN or infinity, and they are the divergence signal, so
/// they are written as the strings "nan", "inf", "-inf" (PortBench's JSON convention).
void appendJson(QByteArray &out, double v);
} // namespace NumberText

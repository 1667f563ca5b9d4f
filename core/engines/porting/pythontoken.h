// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

/// One lexical token of Python source, as a span of the source text (UTF-16 offsets).
struct PythonToken
{
    enum class Kind {
        Name,
        Number,
        String, ///< any literal: prefix + quotes + body, f-strings included (one token)
        Comment,
        Operator,
        Newline, ///< ends a logical line
        LineBreak, ///< a line break inside brackets or after a backslash (no logical effect)
    };

    Kind kind = Kind::Operator;
    int start = 0;
    int length = 0;
    int line = 1; ///< 1-based line of the first character
    int column = 1; ///< 1-based column of the first character
    int depth = 0; ///< bracket nesting depth before the token

    // String tokens only.
    QString prefix; ///< lower-cased prefix letters: "", "f", "rb", ...
    int bodyStart = 0; ///< offset of the first character after the opening quote(s)
    int bodyLength = 0;
    bool docstring = false; ///< the string is a statement on its own (a docstring or a bare literal)
    /// f-strings: the replacement fields `{...}` inside the body, as [start, end) source offsets.
    QList<QPair<int, int>> fields;

    int end() const { return start + length; }
    bool isFString() const { return prefix.contains(QLatin1Char('f')); }
    bool isBytes() const { return prefix.contains(QLatin1Char('b')); }
};

/// The tokens of one source text, or the first lexical error (with its line).
struct PythonTokens
{
    QList<PythonToken> tokens;
    QString error;
    int errorLine = 0;

    explicit operator bool() const { return error.isEmpty(); }
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>
#include <QStringList>

/// POSIX-shell word handling for launch lines: splitting a pasted command into words that keep
/// their raw spelling (quotes included, so it can be written back unchanged). Quoting a value is
/// ShellQuote's (exec/shellquote.h).
class ShellWords
{
public:
    struct Word
    {
        QString raw; ///< as written: `'Qwen2DecoderLayer'`
        QString value; ///< after quote removal: `Qwen2DecoderLayer`
    };
    struct Command
    {
        int line = 0; ///< 1-based line where the command starts
        QList<Word> words;
    };
    struct Result
    {
        QList<Command> commands;
        QString error;
        explicit operator bool() const { return error.isEmpty(); }
    };

    /// Words one command may have (docs/limits.md): real launch lines have a few hundred; a pasted
    /// 10 MB line of "a a a …" must stop here rather than become millions of words and notes.
    static constexpr int maxWordsPerCommand = 10000;
    /// Commands one text may hold (docs/limits.md); a launch script has tens.
    static constexpr int maxCommands = 10000;

    /// Splits text into commands: backslash-newline continues a line, `#` starts a comment,
    /// `;`/newline end a command. Unterminated quotes are an error with their line.
    static Result split(const QString &text);
    /// Removes quotes from one raw word.
    static QString unquote(const QString &raw);
};

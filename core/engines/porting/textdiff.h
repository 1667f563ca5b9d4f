// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>
#include <QStringList>

/// Line diff (Myers' O(ND) algorithm) and unified-diff text, in core so that the CLI's `--diff`,
/// the reports and the GUI's side-by-side view use one implementation without a process per file.
class TextDiff
{
public:
    struct Op
    {
        enum Type { Equal, Delete, Insert };
        Type type;
        int a; ///< line index in the old text (Equal, Delete), else the old position
        int b; ///< line index in the new text (Equal, Insert), else the new position
    };

    /// Lines without their terminators; a final line break does not start an empty line.
    static QStringList splitLines(const QString &text);
    /// A shortest edit script turning a into b.
    static QList<Op> diff(const QStringList &a, const QStringList &b);
    /// `diff -u` style text (`---`/`+++` header, `@@` hunks, `\ No newline at end of file`);
    /// empty when the texts are equal.
    static QString unified(const QString &oldText, const QString &newText, const QString &oldName,
                           const QString &newName, int context = 3);
};

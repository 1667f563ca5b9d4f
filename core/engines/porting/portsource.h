// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/pythontoken.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

/// One Python module's tokens as the porting passes read them: the significant tokens (comments
/// and line breaks inside brackets dropped) by index, where each statement starts, the names
/// `torch` goes by, and the questions every pass asks (is this `.`, which dotted chain starts
/// here, is this literal compared). Every index is into the significant tokens.
class PortSource
{
public:
    PortSource(const QString &text, const QList<PythonToken> &tokens);
    /// The code of an f-string field: `torch` goes by the names of the module it is in.
    PortSource(const QString &text, const QList<PythonToken> &tokens, const QStringList &torchNames);

    const QString &text() const { return m_text; }
    int size() const { return int(m_sig.size()); }
    const PythonToken &sig(int k) const { return m_tokens[m_sig[k]]; }
    QStringView text(const PythonToken &t) const { return QStringView(m_text).mid(t.start, t.length); }
    /// A string token's text between its quotes.
    QString body(const PythonToken &t) const { return m_text.mid(t.bodyStart, t.bodyLength); }
    bool isOp(int k, QLatin1String op) const
    {
        return k >= 0 && k < size() && sig(k).kind == PythonToken::Kind::Operator && text(sig(k)) == op;
    }
    bool isName(int k, QStringView name) const
    {
        return k >= 0 && k < size() && sig(k).kind == PythonToken::Kind::Name && text(sig(k)) == name;
    }
    /// A str literal that is data: not a docstring (prose), not bytes (device and backend names
    /// are always str).
    bool isTextLiteral(int k) const;

    /// The first token of k's statement (a statement ends at a newline or a top-level ';').
    int statementOf(int k) const { return m_statement[k]; }
    /// k is in an `import` or `from ... import` statement.
    bool inImport(int k) const;
    /// `torch` and its aliases in this module (`import torch as th`).
    const QStringList &torchNames() const { return m_torchNames; }

    /// The tokens [from, to) joined by single spaces, dots glued: `from torch_npu.contrib import x`.
    QString statementText(int from, int to) const;
    /// The closing bracket of the one at `open`, or -1.
    int closing(int open) const;
    /// `self.device` starting at k (not after a '.'); `end` is past it.
    QString chainAt(int k, int *end) const;
    /// The dotted chain whose last name is at k; empty when it is no variable (`f(x).device`).
    QString chainEndingAt(int k) const;
    /// The literal at k is compared: `x == "cuda"`, `"nccl" in backends`, `x.startswith("cuda")`.
    bool inComparison(int k) const;
    /// k is `==`, `!=` or `in`.
    bool isComparison(int k) const;

private:
    void markStatements();

    QString m_text;
    QList<PythonToken> m_tokens;
    QStringList m_torchNames{QStringLiteral("torch")};
    QList<int> m_sig; ///< indices of tokens that are not comments or non-logical line breaks
    QList<int> m_statement; ///< per significant token: index (into m_sig) of its statement's first token
};

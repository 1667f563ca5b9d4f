// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portsource.h"

#include <QHash>

using Kind = PythonToken::Kind;

PortSource::PortSource(const QString &text, const QList<PythonToken> &tokens)
    : m_text(text)
    , m_tokens(tokens)
{
    for (int i = 0; i < m_tokens.size(); ++i) {
        if (m_tokens[i].kind != Kind::Comment && m_tokens[i].kind != Kind::LineBreak)
            m_sig.append(i);
    }
    markStatements();
    for (int k = 0; k + 3 < size(); ++k) { // `import torch as th` binds th
        if (isName(k, u"import") && isName(k + 1, u"torch") && isName(k + 2, u"as"))
            m_torchNames << this->text(sig(k + 3)).toString();
    }
}

PortSource::PortSource(const QString &text, const QList<PythonToken> &tokens, const QStringList &torchNames)
    : PortSource(text, tokens)
{
    m_torchNames = torchNames;
}

void PortSource::markStatements()
{
    m_statement.resize(m_sig.size());
    int first = 0;
    for (int k = 0; k < size(); ++k) {
        m_statement[k] = first;
        if (sig(k).kind == Kind::Newline || (isOp(k, QLatin1String(";")) && sig(k).depth == 0))
            first = k + 1;
    }
}

bool PortSource::isTextLiteral(int k) const
{
    const PythonToken &t = sig(k);
    return t.kind == Kind::String && !t.docstring && !t.isBytes();
}

bool PortSource::inImport(int k) const
{
    return isName(m_statement[k], u"import") || isName(m_statement[k], u"from");
}

QString PortSource::statementText(int from, int to) const
{
    QStringList words;
    for (int k = from; k < to && k < size(); ++k)
        words << text(sig(k)).toString();
    return words.join(QLatin1Char(' ')).replace(QLatin1String(" . "), QLatin1String("."));
}

int PortSource::closing(int open) const
{
    static const QHash<QString, QString> pairs = {{QStringLiteral("("), QStringLiteral(")")},
                                                  {QStringLiteral("["), QStringLiteral("]")},
                                                  {QStringLiteral("{"), QStringLiteral("}")}};
    const QString close = pairs.value(text(sig(open)).toString());
    // The tokenizer gives a closing bracket the depth of its opening one.
    for (int j = open + 1; j < size() && sig(j).depth >= sig(open).depth; ++j) {
        if (sig(j).depth == sig(open).depth)
            return sig(j).kind == Kind::Operator && text(sig(j)) == close ? j : -1;
    }
    return -1;
}

QString PortSource::chainAt(int k, int *end) const
{
    *end = k;
    if (k < 0 || k >= size() || sig(k).kind != Kind::Name || isOp(k - 1, QLatin1String(".")))
        return {};
    QString chain = text(sig(k)).toString();
    int j = k + 1;
    while (isOp(j, QLatin1String(".")) && j + 1 < size() && sig(j + 1).kind == Kind::Name) {
        chain += QLatin1Char('.') + text(sig(j + 1));
        j += 2;
    }
    *end = j;
    return chain;
}

QString PortSource::chainEndingAt(int k) const
{
    if (k < 0 || k >= size() || sig(k).kind != Kind::Name)
        return {};
    QString chain = text(sig(k)).toString();
    int start = k;
    while (isOp(start - 1, QLatin1String(".")) && start - 2 >= 0 && sig(start - 2).kind == Kind::Name) {
        start -= 2;
        chain.prepend(text(sig(start)) + QLatin1Char('.'));
    }
    // `f(x).device` is not a variable.
    return isOp(start - 1, QLatin1String(".")) || isOp(start - 1, QLatin1String(")"))
            || isOp(start - 1, QLatin1String("]"))
        ? QString()
        : chain;
}

bool PortSource::isComparison(int k) const
{
    return k >= 0 && k < size()
        && ((sig(k).kind == Kind::Operator && (text(sig(k)) == u"==" || text(sig(k)) == u"!=")) || isName(k, u"in"));
}

bool PortSource::inComparison(int k) const
{
    // `x == "cuda"`, `"cuda" != x`, `"nccl" in backends`, `x in ("cuda", "npu")` (one level of brackets).
    if (isComparison(k - 1) || isComparison(k + 1) || isName(k + 1, u"not"))
        return true;
    // `name.startswith("cuda")` tests a value just like `==` does.
    if (isOp(k - 1, QLatin1String("(")) && (isName(k - 2, u"startswith") || isName(k - 2, u"endswith")))
        return true;
    int open = k - 1;
    while (open >= 0 && (isOp(open, QLatin1String(",")) || sig(open).kind == Kind::String))
        --open;
    return (isOp(open, QLatin1String("(")) || isOp(open, QLatin1String("[")) || isOp(open, QLatin1String("{")))
        && isComparison(open - 1);
}

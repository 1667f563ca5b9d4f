// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/valueorigins.h"

#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/portsource.h"

#include <QRegularExpression>

using Kind = PythonToken::Kind;

ValueOrigins::ValueOrigins(const PortSource &source, const PortRuleSet &rules)
    : m_source(source)
    , m_rules(rules)
{
    for (int k = 0; k < m_source.size(); ++k) {
        if (m_source.statementOf(k) != k || m_source.isName(k, u"import") || m_source.isName(k, u"from"))
            continue;
        int end = k;
        while (end < m_source.size() && m_source.sig(end).kind != Kind::Newline
               && !(m_source.isOp(end, QLatin1String(";")) && m_source.sig(end).depth == 0))
            ++end;
        bindings(k, end);
    }
}

bool ValueOrigins::rewrittenLiteral(int k) const
{
    return m_source.isTextLiteral(k) && m_rules.rewritesLiteral(m_source.body(m_source.sig(k)));
}

/// What the value expression [from, to) can be: literals (conditional expressions split into their
/// branches), `torch.device(...)` / `str(...)` of one, or another variable. Anything else (a call,
/// an attribute of an argument, an environment variable) cannot be traced.
void ValueOrigins::classify(int from, int to, Origin *origin) const
{
    if (from >= to) {
        origin->provable = false;
        return;
    }
    const int depth = m_source.sig(from).depth;
    for (int j = from; j < to; ++j) {
        if (m_source.sig(j).depth != depth || !m_source.isName(j, u"if"))
            continue;
        int otherwise = j + 1;
        while (otherwise < to && !(m_source.sig(otherwise).depth == depth && m_source.isName(otherwise, u"else")))
            ++otherwise;
        for (int c = j + 1; c < otherwise; ++c) {
            int end = 0;
            const QString chain = m_source.chainAt(c, &end);
            if (!chain.isEmpty())
                origin->conditionRefs << QString(chain).remove(QRegularExpression(QStringLiteral("\\.type$")));
        }
        classify(from, j, origin);
        classify(otherwise + 1, to, origin);
        return;
    }
    if (to - from == 1 && m_source.sig(from).kind == Kind::String) {
        if (rewrittenLiteral(from))
            origin->feeds << from;
        return;
    }
    if (to - from == 1 && m_source.isName(from, u"None"))
        return;
    int end = 0;
    const QString chain = m_source.chainAt(from, &end);
    if (!chain.isEmpty() && end == to && !m_source.isName(from, u"lambda")) {
        origin->refs << chain;
        return;
    }
    const bool torchDevice = chain.endsWith(QLatin1String(".device"))
        && m_source.torchNames().contains(chain.section(QLatin1Char('.'), 0, 0)) && chain.count(QLatin1Char('.')) == 1;
    if ((torchDevice || chain == QLatin1String("str")) && m_source.isOp(end, QLatin1String("("))
        && m_source.closing(end) == to - 1) {
        int argEnd = end + 1;
        while (argEnd < to - 1
               && !(m_source.sig(argEnd).depth == m_source.sig(end).depth + 1
                    && m_source.isOp(argEnd, QLatin1String(","))))
            ++argEnd;
        classify(end + 1, argEnd, origin);
        return;
    }
    origin->provable = false;
    origin->what = m_source.statementText(from, to);
    // `os.environ.get("DEVICE", "cuda")`: its literals must stay as they are with the rest.
    for (int j = from; j < to; ++j) {
        if (rewrittenLiteral(j))
            origin->feeds << j;
    }
}

/// Records what a statement binds: assignments (`a = b = expr`, `self.device: str = expr`),
/// function parameters, loop and `with ... as` targets (the last three cannot be traced).
void ValueOrigins::bindings(int from, int end)
{
    const int depth = m_source.sig(from).depth;
    auto untraced = [&](int k, const QString &what, int defaultFrom = -1, int defaultTo = -1) {
        int e = 0;
        const QString chain = m_source.chainAt(k, &e);
        if (chain.isEmpty())
            return;
        Origin o;
        o.line = m_source.sig(k).line;
        if (defaultFrom >= 0) // a parameter's default literal feeds it, whatever callers pass
            classify(defaultFrom, defaultTo, &o);
        o.provable = false;
        o.what = what;
        m_origins[chain] << o;
    };
    if (m_source.isName(from, u"def")) {
        for (int j = from + 2; j < end; ++j) {
            const bool start = m_source.isOp(j - 1, QLatin1String("(")) || m_source.isOp(j - 1, QLatin1String(","))
                || m_source.isOp(j - 1, QLatin1String("*")) || m_source.isOp(j - 1, QLatin1String("**"));
            if (m_source.sig(j).depth != depth + 1 || m_source.sig(j).kind != Kind::Name || !start)
                continue;
            int defaultFrom = -1;
            int defaultTo = -1;
            for (int d = j + 1; d < end && m_source.sig(d).depth >= depth; ++d) {
                if (m_source.sig(d).depth == depth + 1 && m_source.isOp(d, QLatin1String("=")) && defaultFrom < 0)
                    defaultFrom = d + 1;
                if ((m_source.sig(d).depth == depth + 1 && m_source.isOp(d, QLatin1String(",")))
                    || m_source.sig(d).depth == depth) {
                    defaultTo = d; // the next parameter's comma or the closing parenthesis
                    break;
                }
            }
            untraced(j, QStringLiteral("parameter of %1()").arg(m_source.text(m_source.sig(from + 1))), defaultFrom,
                     defaultFrom >= 0 ? defaultTo : -1);
        }
        return;
    }
    // One pass: a loop's targets run from its `for` to the next `in`. A `for` without an `in`
    // ends at the next `for`, so `for for for …` is read once, not once per `for` (16 KB of it
    // took seconds and a gigabyte).
    bool loopTargets = false;
    for (int j = from; j < end; ++j) {
        if (m_source.isName(j, u"for") && m_source.sig(j).depth == depth)
            loopTargets = true;
        else if (m_source.isName(j, u"in"))
            loopTargets = false;
        else if (loopTargets)
            untraced(j, QStringLiteral("loop variable"));
        if (m_source.isName(j, u"as"))
            untraced(j + 1, QStringLiteral("'as' target"));
    }
    // `parser.add_argument("--device", default="cuda")`: the option's value (`args.device`) comes
    // from the command line; its default and choices are literals that feed it.
    for (int j = from; j + 2 < end; ++j) {
        if (!m_source.isName(j, u"add_argument") || !m_source.isOp(j + 1, QLatin1String("("))
            || m_source.sig(j + 2).kind != Kind::String)
            continue;
        const int close = m_source.closing(j + 1);
        QString option = m_source.body(m_source.sig(j + 2));
        for (int d = j + 2; d + 2 < close; ++d) {
            if (m_source.isName(d, u"dest") && m_source.isOp(d + 1, QLatin1String("="))
                && m_source.sig(d + 2).kind == Kind::String)
                option = m_source.body(m_source.sig(d + 2));
        }
        while (option.startsWith(QLatin1Char('-')))
            option.remove(0, 1);
        Origin o;
        o.line = m_source.sig(j).line;
        o.provable = false;
        o.what = QStringLiteral("command-line option --%1").arg(option);
        for (int d = j + 2; d < close; ++d) {
            if (rewrittenLiteral(d))
                o.feeds << d;
        }
        m_origins[QStringLiteral("*.") + option.replace(QLatin1Char('-'), QLatin1Char('_'))] << o;
    }
    QList<int> equals;
    for (int j = from; j < end; ++j) {
        if (m_source.sig(j).depth == depth && m_source.isOp(j, QLatin1String("=")))
            equals << j;
    }
    if (equals.isEmpty())
        return;
    Origin o;
    o.line = m_source.sig(from).line;
    classify(equals.constLast() + 1, end, &o);
    int target = from;
    for (const int eq : std::as_const(equals)) {
        int chainEnd = 0;
        const QString chain = m_source.chainAt(target, &chainEnd);
        if (!chain.isEmpty() && (chainEnd == eq || m_source.isOp(chainEnd, QLatin1String(":")))) {
            m_origins[chain] << o;
        } else {
            for (int v = target; v < eq; ++v) // `a, b = ...`: each name gets an untraced value
                untraced(v, QStringLiteral("tuple assignment"));
        }
        target = eq + 1;
    }
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/deviceflow.h"

#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/portsource.h"
#include "core/engines/porting/valueorigins.h"

#include <QSet>

#include <algorithm>
#include <functional>

using Kind = PythonToken::Kind;

namespace {

/// The variable a compared literal is compared with: `device == "cuda"`, `"cuda" in device`,
/// `device.type != "cuda"`, `device.startswith("cuda")`, `backend in ("nccl", "gloo")`. Empty when
/// the other side is not a plain (dotted) variable, e.g. a call's result.
QString comparedSubject(const PortSource &source, int k)
{
    auto subject = [](QString chain) {
        if (chain.endsWith(QLatin1String(".type"))) // torch.device.type
            chain.chop(5);
        return chain;
    };
    auto forward = [&](int j) {
        int end = 0;
        const QString chain = source.chainAt(j, &end);
        return chain.isEmpty() || source.isOp(end, QLatin1String("(")) || source.isOp(end, QLatin1String("["))
            ? QString()
            : subject(chain);
    };
    auto backward = [&](int j) {
        return j >= 0 && source.sig(j).kind == Kind::Name ? subject(source.chainEndingAt(j)) : QString();
    };
    if (source.isComparison(k - 1))
        return backward(k - 2).isEmpty() && source.isName(k - 2, u"not") ? backward(k - 3) : backward(k - 2);
    if (source.isComparison(k + 1))
        return forward(k + 2);
    if (source.isName(k + 1, u"not") && source.isName(k + 2, u"in"))
        return forward(k + 3);
    if (source.isOp(k - 1, QLatin1String("("))
        && (source.isName(k - 2, u"startswith") || source.isName(k - 2, u"endswith"))
        && source.isOp(k - 3, QLatin1String(".")))
        return backward(k - 4);
    int open = k - 1;
    while (open >= 0 && (source.isOp(open, QLatin1String(",")) || source.sig(open).kind == Kind::String))
        --open;
    if ((source.isOp(open, QLatin1String("(")) || source.isOp(open, QLatin1String("["))
         || source.isOp(open, QLatin1String("{")))
        && source.isComparison(open - 1))
        return source.isName(open - 2, u"not") ? backward(open - 3) : backward(open - 2);
    return {};
}

/// The variables a dictionary keyed by the literal at k is indexed with: `d = {"cuda": ...}` then
/// `d[device]` / `d.get(device)`, or `{"cuda": ...}[device]`.
QStringList dictSubjects(const PortSource &source, int k)
{
    QStringList subjects;
    int open = k - 1;
    while (open >= 0 && source.sig(open).depth >= source.sig(k).depth)
        --open;
    if (!source.isOp(k + 1, QLatin1String(":")) || !source.isOp(open, QLatin1String("{")))
        return subjects;
    auto indexAt = [&](int j) { // `[device]` or `.get(device` at j
        int end = 0;
        QString chain;
        if (source.isOp(j, QLatin1String("[")))
            chain = source.chainAt(j + 1, &end);
        else if (source.isOp(j, QLatin1String(".")) && source.isName(j + 1, u"get")
                 && source.isOp(j + 2, QLatin1String("(")))
            chain = source.chainAt(j + 3, &end);
        if (chain.endsWith(QLatin1String(".type")))
            chain.chop(5);
        if (!chain.isEmpty())
            subjects << chain;
    };
    const int close = source.closing(open);
    if (close > 0)
        indexAt(close + 1);
    int end = 0;
    const QString dict
        = source.isOp(open - 1, QLatin1String("=")) ? source.chainAt(source.statementOf(open), &end) : QString();
    if (dict.isEmpty() || end != open - 1)
        return subjects;
    for (int j = 0; j < source.size(); ++j) {
        int e = 0;
        if (j != source.statementOf(open) && source.chainAt(j, &e) == dict)
            indexAt(e);
    }
    return subjects;
}

using Bound = QHash<QString, QList<ValueOrigins::Origin>>;

/// A literal naming the source device or backend, and the variable it is tested against.
struct DeviceUse
{
    int literal;
    QString subject;
    bool key; ///< a dictionary key (rewritten by default), not a comparison (left by default)
};

/// The variables whose every value is a literal or another traced variable.
QHash<QString, bool> tracedVariables(const Bound &bound)
{
    QHash<QString, bool> traced;
    for (auto it = bound.cbegin(); it != bound.cend(); ++it)
        traced[it.key()]
            = std::all_of(it->cbegin(), it->cend(), [](const ValueOrigins::Origin &o) { return o.provable; });
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = bound.cbegin(); it != bound.cend(); ++it) {
            if (!traced.value(it.key()))
                continue;
            for (const ValueOrigins::Origin &o : *it) {
                for (const QString &r : o.refs) {
                    if (!traced.value(r) && traced.value(it.key())) {
                        traced[it.key()] = false;
                        changed = true;
                    }
                }
            }
        }
    }
    return traced;
}

/// Compared literals and dictionary keys naming the source device or backend.
QList<DeviceUse> deviceUses(const PortSource &source, const PortRuleSet &rules, const Bound &bound)
{
    QList<DeviceUse> uses;
    for (int k = 0; k < source.size(); ++k) {
        if (!(source.isTextLiteral(k) && rules.namesSourceDevice(source.body(source.sig(k)))))
            continue;
        const QStringList keys = dictSubjects(source, k);
        for (const QString &subject : keys)
            uses.append({k, subject, true});
        if (keys.isEmpty() && source.inComparison(k))
            uses.append({k, comparedSubject(source, k), false});
    }
    for (DeviceUse &use : uses) {
        // `args.device` is the command-line option `--device` when this module defines one.
        const QString option = QStringLiteral("*.") + use.subject.section(QLatin1Char('.'), -1);
        if (use.subject.contains(QLatin1Char('.')) && !bound.contains(use.subject) && bound.contains(option))
            use.subject = option;
    }
    return uses;
}

/// The variables that cannot be ported alone: those the uses test that are not traced, and every
/// variable that flows into or out of one of them (as a value or in a condition).
QSet<QString> untracedVariables(const QList<DeviceUse> &uses, const QHash<QString, bool> &traced, const Bound &bound)
{
    QSet<QString> tainted;
    for (const DeviceUse &use : uses) {
        if (!use.subject.isEmpty() && !traced.value(use.subject))
            tainted.insert(use.subject);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (auto it = bound.cbegin(); it != bound.cend(); ++it) {
            for (const ValueOrigins::Origin &o : *it) {
                for (const QString &r : o.refs + o.conditionRefs) {
                    if (tainted.contains(it.key()) && bound.contains(r) && !tainted.contains(r)) {
                        tainted.insert(r);
                        changed = true;
                    } else if (tainted.contains(r) && !tainted.contains(it.key())) {
                        tainted.insert(it.key());
                        changed = true;
                    }
                }
            }
        }
    }
    return tainted;
}

/// The literals left unchanged, each with its finding. Untraced variables are reported in groups
/// that flow into each other, so each finding lists exactly the lines that must be ported together.
QHash<int, QString> keptLiterals(const PortSource &source, const Bound &bound, const QList<DeviceUse> &uses,
                                 const QSet<QString> &tainted)
{
    QHash<QString, QString> groupOf;
    for (const QString &v : tainted)
        groupOf[v] = v;
    std::function<QString(const QString &)> root
        = [&](const QString &v) { return groupOf.value(v) == v ? v : root(groupOf.value(v)); };
    for (auto it = bound.cbegin(); it != bound.cend(); ++it) {
        if (!tainted.contains(it.key()))
            continue;
        for (const ValueOrigins::Origin &o : *it) {
            for (const QString &r : o.refs + o.conditionRefs) {
                if (tainted.contains(r))
                    groupOf[root(r)] = root(it.key());
            }
        }
    }
    QHash<QString, QStringList> lines; // group → the lines left unchanged
    QHash<QString, QStringList> untraceable; // group → its values that cannot be traced
    QList<QPair<int, QString>> kept; // literal → group
    for (const QString &v : tainted) {
        const QString group = root(v);
        for (const ValueOrigins::Origin &o : bound.value(v)) {
            if (!o.provable)
                untraceable[group] << QStringLiteral("line %1: `%2` = %3").arg(o.line).arg(v, o.what);
            for (const int f : o.feeds)
                kept.append({f, group});
        }
        if (!bound.contains(v))
            untraceable[group] << QStringLiteral("`%1` is not assigned in this module").arg(v);
    }
    for (const DeviceUse &use : uses) {
        // A comparison with a variable that nothing here assigns stays the comparison rule's finding.
        if (tainted.contains(use.subject) && (use.key || bound.contains(use.subject)))
            kept.append({use.literal, root(use.subject)});
    }
    for (const auto &[literal, group] : std::as_const(kept))
        lines[group] << QString::number(source.sig(literal).line);
    QHash<int, QString> messages;
    for (const auto &[literal, group] : std::as_const(kept)) {
        QStringList groupLines = lines.value(group);
        groupLines.removeDuplicates();
        std::sort(groupLines.begin(), groupLines.end(),
                  [](const QString &x, const QString &y) { return x.toInt() < y.toInt(); });
        QStringList reasons = untraceable.value(group);
        reasons.removeDuplicates();
        reasons.sort();
        messages.insert(literal,
                        QStringLiteral("left unchanged: a CUDA device/backend name flows through variables whose "
                                       "values cannot all be traced (%1); lines %2 must be ported together")
                            .arg(reasons.join(QLatin1String("; ")), groupLines.join(QLatin1String(", "))));
    }
    return messages;
}

} // namespace

DeviceFlow DeviceFlow::trace(const PortSource &source, const PortRuleSet &rules)
{
    const ValueOrigins origins(source, rules);
    const Bound &bound = origins.byVariable();
    const QList<DeviceUse> uses = deviceUses(source, rules, bound);
    const QSet<QString> tainted = untracedVariables(uses, tracedVariables(bound), bound);
    DeviceFlow flow;
    for (const DeviceUse &use : uses) {
        if (use.subject.isEmpty() || tainted.contains(use.subject) || use.key)
            continue;
        QStringList lines;
        for (const ValueOrigins::Origin &o : bound.value(use.subject))
            lines << QString::number(o.line);
        flow.m_follow.insert(
            use.literal,
            QStringLiteral("ported with `%1` (its values: line %2)").arg(use.subject, lines.join(QLatin1String(", "))));
    }
    flow.m_keep = keptLiterals(source, bound, uses, tainted);
    return flow;
}

#include "porting/deviceflow.h"

#include "porting/portruleset.h"
#include "porting/portsource.h"
#include "porting/valueorigins.h"

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

} // namespace

DeviceFlow DeviceFlow::trace(const PortSource &source, const PortRuleSet &rules)
{
    DeviceFlow flow;
    const ValueOrigins origins(source, rules);
    const QHash<QString, QList<ValueOrigins::Origin>> &bound = origins.byVariable();
    // A variable is traced when every value it gets is a literal or another traced variable.
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
    // Uses: compared literals and dictionary keys naming the source device or backend.
    struct Use
    {
        int literal;
        QString subject;
        bool key; ///< a dictionary key (rewritten by default), not a comparison (left by default)
    };
    QList<Use> uses;
    QSet<QString> tainted;
    for (int k = 0; k < source.size(); ++k) {
        if (!(source.isTextLiteral(k) && rules.namesSourceDevice(source.body(source.sig(k)))))
            continue;
        const QStringList keys = dictSubjects(source, k);
        for (const QString &subject : keys)
            uses.append({k, subject, true});
        if (keys.isEmpty() && source.inComparison(k))
            uses.append({k, comparedSubject(source, k), false});
    }
    for (Use &use : uses) {
        // `args.device` is the command-line option `--device` when this module defines one.
        const QString option = QStringLiteral("*.") + use.subject.section(QLatin1Char('.'), -1);
        if (use.subject.contains(QLatin1Char('.')) && !bound.contains(use.subject) && bound.contains(option))
            use.subject = option;
        if (!use.subject.isEmpty() && !traced.value(use.subject))
            tainted.insert(use.subject);
    }
    // A variable that flows into or out of an untraced one (as a value or in a condition) cannot
    // be ported alone either.
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
    auto linesOf = [&](const QString &variable) {
        QStringList lines;
        for (const ValueOrigins::Origin &o : bound.value(variable))
            lines << QString::number(o.line);
        return lines;
    };
    for (const Use &use : std::as_const(uses)) {
        if (!use.subject.isEmpty() && !tainted.contains(use.subject) && !use.key)
            flow.m_follow.insert(use.literal,
                                 QStringLiteral("ported with `%1` (its values: line %2)")
                                     .arg(use.subject, linesOf(use.subject).join(QLatin1String(", "))));
    }
    // Variables left unchanged are reported in groups that flow into each other, so each finding
    // lists exactly the lines that must be ported together.
    QHash<QString, QString> groupOf;
    for (const QString &v : std::as_const(tainted))
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
    for (const QString &v : std::as_const(tainted)) {
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
    for (const Use &use : std::as_const(uses)) {
        // A comparison with a variable that nothing here assigns stays the comparison rule's finding.
        if (tainted.contains(use.subject) && (use.key || bound.contains(use.subject)))
            kept.append({use.literal, root(use.subject)});
    }
    for (const auto &[literal, group] : std::as_const(kept))
        lines[group] << QString::number(source.sig(literal).line);
    for (const auto &[literal, group] : std::as_const(kept)) {
        QStringList groupLines = lines.value(group);
        groupLines.removeDuplicates();
        std::sort(groupLines.begin(), groupLines.end(),
                  [](const QString &x, const QString &y) { return x.toInt() < y.toInt(); });
        QStringList reasons = untraceable.value(group);
        reasons.removeDuplicates();
        reasons.sort();
        flow.m_keep.insert(literal,
                           QStringLiteral("left unchanged: a CUDA device/backend name flows through variables whose "
                                          "values cannot all be traced (%1); lines %2 must be ported together")
                               .arg(reasons.join(QLatin1String("; ")), groupLines.join(QLatin1String(", "))));
    }
    return flow;
}

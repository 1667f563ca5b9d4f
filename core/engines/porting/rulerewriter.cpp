// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/rulerewriter.h"

#include "core/engines/porting/deviceflow.h"
#include "core/engines/porting/portedits.h"
#include "core/engines/porting/portsource.h"
#include "core/engines/porting/pythontokenizer.h"

#include <algorithm>

using Kind = PythonToken::Kind;

RuleRewriter::RuleRewriter(const PortSource &source, const PortRuleSet &rules, const DeviceFlow &flow, PortEdits &edits)
    : m_source(source)
    , m_rules(rules)
    , m_flow(flow)
    , m_edits(edits)
{ }

void RuleRewriter::run(const QList<bool> &dropped)
{
    for (int k = 0; k < m_source.size(); ++k) {
        if (dropped[k])
            continue;
        const PythonToken &t = m_source.sig(k);
        if (t.kind == Kind::String) {
            stringRules(k);
            if (t.isFString())
                fieldRules(t);
            continue;
        }
        if (t.kind != Kind::Name)
            continue;
        for (const PortRuleSet::Rule &rule : m_rules.rules) {
            if (rule.kind == PortRuleSet::Kind::Dotted) {
                const int span = matchDotted(k, rule);
                if (!span)
                    continue;
                const PythonToken &last = m_source.sig(k + span - 1);
                QString replace = rule.replace;
                // `import torch as th`: th.cuda.synchronize() becomes th.npu.synchronize().
                if (m_source.text(t) != rule.match[0]
                    && (replace == QLatin1String("torch") || replace.startsWith(QLatin1String("torch."))))
                    replace = m_source.text(t) + replace.mid(5);
                if (!rule.prependArg.isEmpty()) // `autocast(` + `"npu", `
                    replace += QLatin1Char('(') + rule.prependArg
                        + (m_source.isOp(k + span + 1, QLatin1String(")")) ? QString() : QStringLiteral(", "));
                m_edits.addFinding(t, rule, replace);
                if (rule.severity == Port::Severity::AutoFix)
                    m_edits.replace(t.start,
                                    (rule.prependArg.isEmpty() ? last.end() : m_source.sig(k + span).end()) - t.start,
                                    replace);
                k += span - 1;
                break;
            }
            if (rule.kind == PortRuleSet::Kind::Attribute && matchAttribute(k, rule)) {
                m_edits.addFinding(m_source.sig(k - 1), rule, QLatin1Char('.') + rule.replace);
                if (rule.severity == Port::Severity::AutoFix)
                    m_edits.replace(t.start, t.length, rule.replace);
                break;
            }
        }
    }
}

int RuleRewriter::matchDotted(int k, const PortRuleSet::Rule &rule) const
{
    if (rule.anchored && m_source.isOp(k - 1, QLatin1String(".")))
        return 0;
    if (rule.importsOnly && !m_source.inImport(k))
        return 0;
    int j = k;
    for (int p = 0; p < rule.match.size(); ++p) {
        if (p > 0) {
            if (!m_source.isOp(j, QLatin1String(".")))
                return 0;
            ++j;
        }
        const bool alias = p == 0 && rule.match[0] == QLatin1String("torch") && j < m_source.size()
            && m_source.sig(j).kind == Kind::Name
            && m_source.torchNames().contains(m_source.text(m_source.sig(j)).toString());
        if (!alias && !m_source.isName(j, rule.match[p]))
            return 0;
        ++j;
    }
    if (!rule.prependArg.isEmpty() && !m_source.isOp(j, QLatin1String("(")))
        return 0;
    if (!rule.members.isEmpty()) {
        const bool memberFollows = m_source.isOp(j, QLatin1String(".")) && j + 1 < m_source.size()
            && m_source.sig(j + 1).kind == Kind::Name
            && rule.members.contains(m_source.text(m_source.sig(j + 1)).toString());
        // `from torch.cuda import amp, Stream`: the imported names are the members.
        if (!memberFollows
            && !(m_source.isName(m_source.statementOf(k), u"from") && fromImportNamesIn(j, rule.members)))
            return 0;
    }
    return j - k;
}

bool RuleRewriter::fromImportNamesIn(int k, const QStringList &names) const
{
    if (!m_source.isName(k, u"import"))
        return false;
    bool any = false;
    for (int j = k + 1;
         j < m_source.size() && m_source.sig(j).kind != Kind::Newline && !m_source.isOp(j, QLatin1String(";")); ++j) {
        if (m_source.sig(j).kind != Kind::Name)
            continue;
        if (m_source.isName(j - 1, u"as"))
            continue;
        if (m_source.isName(j, u"as"))
            continue;
        if (!names.contains(m_source.text(m_source.sig(j)).toString()))
            return false;
        any = true;
    }
    return any;
}

bool RuleRewriter::matchAttribute(int k, const PortRuleSet::Rule &rule) const
{
    if (!m_source.isOp(k - 1, QLatin1String(".")) || !m_source.isName(k, rule.match.constFirst()))
        return false;
    if (rule.call && !m_source.isOp(k + 1, QLatin1String("(")))
        return false;
    if (rule.firstArgNumber
        && !(k + 2 < m_source.size() && m_source.sig(k + 2).kind == Kind::Number
             && (m_source.isOp(k + 3, QLatin1String(")")) || m_source.isOp(k + 3, QLatin1String(",")))))
        return false;
    return true;
}

void RuleRewriter::stringRules(int k)
{
    const PythonToken &t = m_source.sig(k);
    // Docstrings are prose; bytes are data (torch device and backend names are always str).
    if (t.docstring || t.isBytes())
        return;
    const QString body = m_source.body(t);
    if (const auto keep = m_flow.kept().constFind(k); keep != m_flow.kept().cend()) {
        PortRuleSet::Rule rule;
        rule.id = QStringLiteral("%1.device-flow").arg(m_rules.target);
        rule.severity = Port::Severity::Manual;
        rule.message = *keep;
        rule.suggest = QStringLiteral("port these lines together by hand");
        m_edits.addFinding(t, rule, QString());
        return;
    }
    // A comparison whose variable is traced to literals of this module is ported with them.
    const bool followed = m_flow.followed().contains(k);
    const bool compared = !followed && m_source.inComparison(k);
    for (PortRuleSet::Rule rule : m_rules.rules) {
        if (rule.kind != PortRuleSet::Kind::String || (rule.skipComparisons && compared)
            || (rule.comparisonsOnly && !compared) || (followed && rule.comparisonsOnly))
            continue;
        if (followed)
            rule.message = m_flow.followed().value(k);
        QString rewritten;
        int copied = 0;
        bool matched = false;
        QRegularExpressionMatchIterator it = rule.pattern.globalMatch(body);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const int from = t.bodyStart + int(m.capturedStart());
            const int to = t.bodyStart + int(m.capturedEnd());
            // Never rewrite inside an f-string's {expression}: that is code, not text.
            const bool inField = std::any_of(t.fields.cbegin(), t.fields.cend(),
                                             [&](const QPair<int, int> &f) { return from < f.second && to > f.first; });
            if (inField)
                continue;
            matched = true;
            QString replacement = rule.replace;
            for (int g = int(m.lastCapturedIndex()); g >= 1; --g)
                replacement.replace(QStringLiteral("\\%1").arg(g), m.captured(g));
            rewritten += body.mid(copied, m.capturedStart() - copied) + replacement;
            copied = int(m.capturedEnd());
        }
        if (!matched)
            continue;
        rewritten += body.mid(copied);
        const QString quoted = m_source.text().mid(t.start, t.bodyStart - t.start) + rewritten
            + m_source.text().mid(t.bodyStart + t.bodyLength, t.end() - t.bodyStart - t.bodyLength);
        m_edits.addFinding(t, rule, quoted);
        if (rule.severity == Port::Severity::AutoFix)
            m_edits.replace(t.bodyStart, t.bodyLength, rewritten);
        return;
    }
}

/// The code inside an f-string's {fields} is ported like any other code: it is tokenized on its
/// own (offsets and lines shifted into the file) and run through the same rules.
void RuleRewriter::fieldRules(const PythonToken &fstring)
{
    for (const QPair<int, int> &field : fstring.fields) {
        const int from = field.first + 1;
        const PythonTokens sub
            = PythonTokenizer::tokenize(QStringView(m_source.text()).mid(from, field.second - 1 - from));
        if (!sub)
            continue;
        const QStringView before = QStringView(m_source.text()).mid(fstring.start, from - fstring.start);
        const int lineShift = int(before.count(QLatin1Char('\n')));
        const int lastBreak = int(before.lastIndexOf(QLatin1Char('\n')));
        const int columnShift
            = lastBreak < 0 ? fstring.column - 1 + int(before.size()) : int(before.size()) - lastBreak - 1;
        QList<PythonToken> tokens = sub.tokens;
        for (PythonToken &t : tokens) {
            if (t.line == 1)
                t.column += columnShift;
            t.line += lineShift;
            t.start += from;
            t.bodyStart += from;
            for (QPair<int, int> &f : t.fields)
                f = {f.first + from, f.second + from};
        }
        const PortSource source(m_source.text(), tokens, m_source.torchNames());
        PortEdits edits(m_edits.path());
        RuleRewriter(source, m_rules, DeviceFlow(), edits).run(QList<bool>(source.size(), false));
        edits.sortFindings();
        m_edits.append(edits);
    }
}

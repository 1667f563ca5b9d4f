// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portedits.h"

#include <algorithm>
#include <tuple>

PortEdits::PortEdits(const QString &path)
    : m_path(path)
{ }

void PortEdits::replace(int start, int length, const QString &text)
{
    m_edits.append({start, length, text});
}

void PortEdits::addFinding(const PythonToken &at, const PortRuleSet::Rule &rule, const QString &autoText)
{
    Port::Finding f;
    f.file = m_path;
    f.line = at.line;
    f.column = at.column;
    f.ruleId = rule.id;
    f.severity = rule.severity;
    f.message = rule.message;
    f.suggestion = rule.severity == Port::Severity::AutoFix ? autoText : rule.suggest;
    m_findings.append(f);
}

void PortEdits::append(const PortEdits &other)
{
    m_edits += other.m_edits;
    m_findings += other.m_findings;
}

void PortEdits::sortFindings()
{
    std::stable_sort(m_findings.begin(), m_findings.end(), [](const Port::Finding &a, const Port::Finding &b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
}

QString PortEdits::apply(const QString &source) const
{
    QList<Edit> edits = m_edits;
    // Insertions go before a replacement that starts at the same offset.
    std::stable_sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
        return a.start != b.start ? a.start < b.start : (a.length == 0 && b.length != 0);
    });
    QString out;
    out.reserve(source.size() + 256);
    int copied = 0;
    for (const Edit &e : std::as_const(edits)) {
        if (e.start < copied)
            continue; // overlapping edits cannot come from one token walk; keep the first
        out += QStringView(source).mid(copied, e.start - copied);
        out += e.text;
        copied = e.start + e.length;
    }
    out += QStringView(source).mid(copied);
    return out;
}

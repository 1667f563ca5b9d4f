// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/porttypes.h"
#include "core/engines/porting/pythontoken.h"

#include <QList>
#include <QString>

/// What the passes over one module found and would change: text edits on the module's source
/// and the findings that explain them. The passes only add; the text changes once, in apply().
class PortEdits
{
public:
    /// `path` names the file in findings.
    explicit PortEdits(const QString &path);

    /// Replaces [start, start + length) of the source with `text` (length 0 inserts).
    void replace(int start, int length, const QString &text);
    /// A finding of `rule` at the token; `autoText` is the suggestion when the rule is an auto-fix.
    void addFinding(const PythonToken &at, const PortRuleSet::Rule &rule, const QString &autoText);
    /// Takes over another pass's edits and findings (an f-string field's code).
    void append(const PortEdits &other);
    /// Findings in line and column order; those at one place keep the order they were found in.
    void sortFindings();

    /// The source with every edit made.
    QString apply(const QString &source) const;
    const QList<Port::Finding> &findings() const { return m_findings; }
    const QString &path() const { return m_path; }

private:
    struct Edit
    {
        int start;
        int length;
        QString text;
    };

    QString m_path;
    QList<Edit> m_edits;
    QList<Port::Finding> m_findings;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/portruleset.h"

#include <QList>

class DeviceFlow;
class PortEdits;
class PortSource;
struct PythonToken;

/// The rules' walk over one module's tokens: dotted names (`torch.cuda.synchronize`), attributes
/// after an expression (`.cuda()`, `.to(0)`), string literals (device and backend names; compared
/// ones as DeviceFlow decided) and the code inside f-string fields, which is walked the same way.
/// Auto-fix rules become edits, every match a finding.
class RuleRewriter
{
public:
    RuleRewriter(const PortSource &source, const PortRuleSet &rules, const DeviceFlow &flow, PortEdits &edits);

    /// `dropped`: per significant token, in an import statement already removed (DeviceImports::drop).
    void run(const QList<bool> &dropped);

private:
    /// How many significant tokens the rule's dotted name spans at k (0: no match).
    int matchDotted(int k, const PortRuleSet::Rule &rule) const;
    /// `from x import a, b as c` at k names only these (the `as` names aside).
    bool fromImportNamesIn(int k, const QStringList &names) const;
    bool matchAttribute(int k, const PortRuleSet::Rule &rule) const;
    void stringRules(int k);
    void fieldRules(const PythonToken &fstring);

    const PortSource &m_source;
    const PortRuleSet &m_rules;
    const DeviceFlow &m_flow;
    PortEdits &m_edits;
};

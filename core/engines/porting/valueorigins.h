// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

class PortRuleSet;
class PortSource;

/// Where each variable of one module gets its values: assignments (`a = b = expr`,
/// `self.device: str = expr`), function parameters, loop and `with ... as` targets, and
/// `add_argument` options (`args.device` is `*.device`). DeviceFlow decides from these which
/// device names can be rewritten together with the variables they flow through.
class ValueOrigins
{
public:
    /// One assignment (or binding) of a variable: where its value comes from.
    struct Origin
    {
        int line = 0;
        bool provable = true; ///< every value it can take is a literal or a traced variable
        QString what; ///< the untraceable source, for the report
        QList<int> feeds; ///< string literals (significant-token indices) that a rule rewrites
        QStringList refs; ///< variables the value is copied from
        QStringList conditionRefs; ///< names tested in a conditional expression's condition
    };

    ValueOrigins(const PortSource &source, const PortRuleSet &rules);

    /// Every binding of every variable, by its dotted name.
    const QHash<QString, QList<Origin>> &byVariable() const { return m_origins; }

private:
    void bindings(int from, int end);
    void classify(int from, int to, Origin *origin) const;
    /// A literal that an auto-fix string rule rewrites.
    bool rewrittenLiteral(int k) const;

    const PortSource &m_source;
    const PortRuleSet &m_rules;
    QHash<QString, QList<Origin>> m_origins;
};

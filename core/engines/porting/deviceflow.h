// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QString>

class PortRuleSet;
class PortSource;

/// Data flow of device and backend names inside one module. A literal compared with a variable
/// (`device == "cuda"`) is rewritten together with the literals that variable is traced to, or
/// not at all: rewriting one side alone would make the comparison false. When a value comes from
/// somewhere the module cannot see (a parameter, the environment), every literal of that group is
/// left unchanged, with one finding naming the lines to port together (docs/porting.md, "Data flow").
class DeviceFlow
{
public:
    /// Nothing followed, nothing kept: the code of an f-string field, which has no assignments.
    DeviceFlow() = default;
    static DeviceFlow trace(const PortSource &source, const PortRuleSet &rules);

    /// Compared literals (significant-token indices) rewritten with their variable → why.
    const QHash<int, QString> &followed() const { return m_follow; }
    /// Literals left unchanged → the finding's message, naming the lines to port together.
    const QHash<int, QString> &kept() const { return m_keep; }

private:
    QHash<int, QString> m_follow;
    QHash<int, QString> m_keep;
};

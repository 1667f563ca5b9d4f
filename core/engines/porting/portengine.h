// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/portruleset.h"
#include "core/engines/porting/porttypes.h"

#include <QString>

/// Ports one Python source text with a rule set: finds what the rules describe, rewrites what
/// they mark auto-fix, and adds the device import to entry points.
///
/// Rewriting works on tokens, never on raw text: comments are never changed, docstrings are left
/// as they are, identifiers are only rewritten when a rule names them (so `my_cuda_helper` stays
/// `my_cuda_helper`: renaming user identifiers would break other files and external callers that
/// the scan cannot see). Porting a ported text changes nothing more.
class PortEngine
{
public:
    PortEngine(const PortRuleSet &rules, const Port::Options &options);

    /// `path` is relative to the scanned root and only names the file in findings.
    Port::FileResult portText(const QString &path, const QString &text) const;

    const PortRuleSet &rules() const { return m_rules; }
    const Port::Options &options() const { return m_options; }

private:
    PortRuleSet m_rules;
    Port::Options m_options;
};

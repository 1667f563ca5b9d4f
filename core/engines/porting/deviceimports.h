// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/porttypes.h"

#include <QList>
#include <QString>

class PortEdits;
class PortRuleSet;
class PortSource;

/// The device extension's import statements in one module: the source device's imports removed
/// (porting back to CUDA drops `import torch_npu`), the extension import added to every module
/// that uses the extension's API, and the automatic migration import to entry points.
class DeviceImports
{
public:
    DeviceImports(const PortSource &source, const PortRuleSet &rules, const Port::Options &options);

    /// Removes the import statements the rules drop, where one stands alone on its line(s).
    /// Returns, per significant token, whether it was in a removed statement (no rule applies there).
    QList<bool> drop(PortEdits &edits) const;
    /// Adds the imports the module needs once `edits` are made: run after every other pass.
    void addEntryImport(PortEdits &edits) const;

    /// Where the (ported) source uses the target's extension API: "line 12: torch.npu", or empty.
    static QString extensionUse(const PortSource &source, const PortRuleSet &rules);

private:
    /// The statement at `statement` imports `module` (`from module.x import y`, `import os, module`).
    bool importsModule(int statement, const QString &module) const;

    const PortSource &m_source;
    const PortRuleSet &m_rules;
    const Port::Options &m_options;
};

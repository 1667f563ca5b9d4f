// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/backendprobe.h"
#include "core/base/exec/commandresult.h"

#include <QString>
#include <QStringList>

class CommandRunner;

/// The first step every backend probe shares: run the vendor tool, and turn "not installed" into
/// a Skipped row with a hint (a host without this hardware is not a failure) and "installed but
/// failing" into a Fail row with the tool's own message.
class VendorToolCheck
{
public:
    struct Texts
    {
        QString id; ///< "cuda.driver"
        QString title; ///< "NVIDIA driver (nvidia-smi)"
        QString expected; ///< "an NVIDIA GPU with its driver"
        QString missingHint;
        QString brokenFix;
    };

    /// Sets probe.toolFound; on a missing or failing tool appends the row. Parse the result when ok().
    static CommandResult run(const CommandRunner &runner, const QStringList &argv, const Texts &texts,
                             BackendProbe &probe);
};

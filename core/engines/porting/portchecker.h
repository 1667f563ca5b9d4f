// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/porting/portengine.h"
#include "core/engines/porting/portscanner.h"
#include "core/engines/porting/porttypes.h"

#include <QString>

/// Verifies a ported tree (`portbench-cli port --check`, the Porting dock's Check): ports it
/// again with the forward rules and reports everything they would still change or flag as work
/// left — CUDA-only calls, device strings and backend names, comparisons, an extension API used
/// without its import — and compiles every Python file with python3 (py_compile's compile step,
/// without writing a .pyc into the tree). A clean tree has no findings.
class PortChecker
{
public:
    /// `engine` holds the forward rules (cuda → target).
    explicit PortChecker(const PortEngine &engine);

    /// `python` is the interpreter for the compile check; when empty the files are not compiled
    /// and a finding says so (an unverified tree is not a clean one).
    Port::Result check(const QString &path, const QString &python, const PortScanner::Progress &progress = {}) const;

private:
    const PortEngine &m_engine;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"

#include <QString>

/// Judges a finished demo: reads both logs back as any other log is read (LogReader, format
/// detected) and runs the parity engine on them, so the demo's verdict is the one
/// `portbench-cli parity BASELINE CANDIDATE` gives; ParityText::summary() words it.
class DemoParity
{
public:
    /// A result with `error` set (naming the file) when a log cannot be read.
    static ParityResult judge(const QString &baselineLog, const QString &candidateLog, const ParityOptions &options);
};

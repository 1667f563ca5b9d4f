// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"

#include <QString>
#include <QStringList>

/// The result of one stack check: the run's log, the reference it was judged against, the verdict.
struct StackCheckOutcome
{
    enum class Status {
        Judged, ///< the run finished and `parity` holds the verdict
        InputError, ///< no Python or torch, device absent, bad arguments, unreachable host: exit 2
        RunFailed, ///< the workload started but did not finish (a crash on the user's stack): exit 1
    };
    Status status = Status::InputError;
    QString error; ///< why, for InputError / RunFailed (the workload's stderr tail included)
    QString logPath; ///< the run's JSONL log, on this machine
    QString referencePath; ///< the reference log copied next to it
    QString referenceDevice; ///< "cuda" or "cpu": the device of the reference judged against
    /// Where and how the shipped reference was made, from its start record (StackCheck::provenance).
    QString referenceProvenance;
    QStringList notes; ///< what the user must know about the judgement (no CUDA reference shipped, …)
    ParityResult parity;

    /// "judged", "input_error" or "run_failed" (the `status` of `stackcheck --json`).
    QString statusName() const;
};

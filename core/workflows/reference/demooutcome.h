// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"
#include "core/workflows/reference/trainoutcome.h"

#include <QString>

/// What a demo produced: both trainings and, when both finished, the parity verdict.
struct DemoOutcome
{
    TrainOutcome baseline;
    TrainOutcome candidate;
    ParityResult parity; ///< judged only when both runs finished
    QString status; ///< "finished", "stopped" (cancelled) or "failed"
    QString error; ///< why it failed (a run, a log, or reading the logs back); empty otherwise
    double wallSeconds = 0;

    explicit operator bool() const { return error.isEmpty(); }
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityoptions.h"
#include "core/workflows/reference/demooutcome.h"
#include "core/workflows/reference/demoplan.h"
#include "core/workflows/reference/trainstep.h"

#include <atomic>
#include <functional>

/// Runs a DemoPlan: trains the fp32 baseline and the bf16 candidate with live logs, reads the logs
/// back through LogReader and judges them with the parity engine. Shared by `portbench-cli demo`
/// and the GUI's Run Demo (which calls it off the GUI thread) through TorchModule::runDemo.
class DemoRun
{
public:
    using Side = DemoPlan::Side;
    /// A log now exists and is being written (viewers can start following it).
    using StartCallback = std::function<void(Side, const QString &logPath)>;
    using StepCallback = std::function<void(Side, const TrainStep &)>;

    DemoRun(DemoPlan plan, ParityOptions options);

    /// Train the two runs at the same time, each on its own thread with the plan's thread count
    /// (the default: with one thread each, two cores finish both in about the time of the slower
    /// bf16 run, and under load two threads get two shares). Callbacks then come from two threads.
    /// Otherwise one after the other.
    void setParallel(bool parallel) { m_parallel = parallel; }

    /// Blocks until both runs ended or *cancel stopped them. Never throws.
    DemoOutcome run(const StartCallback &onStart, const StepCallback &onStep, const std::atomic_bool *cancel);

private:
    TrainOutcome train(Side side, const StartCallback &onStart, const StepCallback &onStep,
                       const std::atomic_bool *cancel) const;

    DemoPlan m_plan;
    ParityOptions m_options;
    bool m_parallel = true;
};

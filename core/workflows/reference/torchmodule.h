// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityoptions.h"
#include "core/workflows/reference/demooutcome.h"
#include "core/workflows/reference/demoplan.h"
#include "core/workflows/reference/trainconfig.h"
#include "core/workflows/reference/trainoutcome.h"
#include "core/workflows/reference/trainstep.h"
#include "core/sources/tensors/tensordumpreader.h"
#include "core/sources/tensors/tensorfile.h"

#include <QString>
#include <QtPlugin>

#include <atomic>
#include <functional>

/// What PortBench does with libtorch, behind one runtime-loaded module (torchlib/, loaded through
/// RuntimeModule by `portbench-cli demo|train|tensors` and the GUI's Run Demo and Tensors tab), so
/// the CLI and the GUI link neither libtorch nor what it drags in (OpenCV, Qt 5).
///
/// Like DeviceBackend: small and pure; a new capability is a new virtual function with the id's
/// version bumped, so an older module is refused by the interface check, not called through a
/// missing vtable slot.
class TorchModule
{
public:
    using StepCallback = std::function<void(const TrainStep &)>;
    /// A demo log now exists and is being written (viewers can start following it).
    using DemoStartCallback = std::function<void(DemoPlan::Side, const QString &logPath)>;
    using DemoStepCallback = std::function<void(DemoPlan::Side, const TrainStep &)>;

    virtual ~TorchModule() = default;

    /// The linked libtorch's version ("1.13.1").
    virtual QString version() const = 0;
    /// "CPU", or "CPU, CUDA (N devices)".
    virtual QString availableDevices() const = 0;

    /// A torch.save file: one tensor, or a dict / state_dict of them (TorchTensorIo::load).
    virtual TensorFile loadTensors(const QString &path) const = 0;

    /// One reference run with its live JSONL log (LoggedTraining); an empty logPath or
    /// weightDumpPath writes none. onStep is called on the calling thread. Never throws.
    virtual TrainOutcome train(const TrainConfig &config, const QString &logPath, const QString &weightDumpPath,
                               const StepCallback &onStep, const std::atomic_bool *cancel) const = 0;

    /// The demo (DemoRun): both runs of the plan, then their parity. Blocks; with parallel the
    /// callbacks come from two threads.
    virtual DemoOutcome runDemo(const DemoPlan &plan, const ParityOptions &options, bool parallel,
                                const DemoStartCallback &onStart, const DemoStepCallback &onStep,
                                const std::atomic_bool *cancel) const = 0;

    /// The module, loaded on first use; nullptr with *error saying where it looked and why it
    /// could not be used (not built, not installed, an incompatible version).
    static const TorchModule *load(QString *error);
    /// Reads torch.save files for TensorDumpReader through loadTensors(), loading the module on the
    /// first one; without the module, the file's error says where it looked and why.
    static TensorDumpReader::PtLoader tensorLoader();
};

#define TorchModule_iid "org.portbench.TorchModule/1.0"
Q_DECLARE_INTERFACE(TorchModule, TorchModule_iid)

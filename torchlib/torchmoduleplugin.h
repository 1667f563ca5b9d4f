// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/torchmodule.h"

#include <QObject>

/// The libtorch module's root object: TorchModule over portbench_torch (TorchInfo, TorchTensorIo,
/// LoggedTraining, DemoRun). Built as portbench_torch_module.so and loaded through RuntimeModule.
class TorchModulePlugin : public QObject, public TorchModule
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID TorchModule_iid FILE "torchmodule.json")
    Q_INTERFACES(TorchModule)

public:
    QString version() const override;
    QString availableDevices() const override;
    TensorFile loadTensors(const QString &path) const override;
    TrainOutcome train(const TrainConfig &config, const QString &logPath, const QString &weightDumpPath,
                       const StepCallback &onStep, const std::atomic_bool *cancel) const override;
    DemoOutcome runDemo(const DemoPlan &plan, const ParityOptions &options, bool parallel,
                        const DemoStartCallback &onStart, const DemoStepCallback &onStep,
                        const std::atomic_bool *cancel) const override;
};

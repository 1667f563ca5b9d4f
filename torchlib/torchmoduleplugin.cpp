// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "torchmoduleplugin.h"

#include "demorun.h"
#include "loggedtraining.h"
#include "torchinfo.h"
#include "torchtensorio.h"

QString TorchModulePlugin::version() const
{
    return TorchInfo::version();
}

QString TorchModulePlugin::availableDevices() const
{
    return TorchInfo::availableDevices();
}

TensorFile TorchModulePlugin::loadTensors(const QString &path) const
{
    return TorchTensorIo::load(path);
}

TrainOutcome TorchModulePlugin::train(const TrainConfig &config, const QString &logPath, const QString &weightDumpPath,
                                      const StepCallback &onStep, const std::atomic_bool *cancel) const
{
    LoggedTraining training(config);
    training.setLogPath(logPath);
    training.setWeightDumpPath(weightDumpPath);
    return training.run(onStep, cancel);
}

DemoOutcome TorchModulePlugin::runDemo(const DemoPlan &plan, const ParityOptions &options, bool parallel,
                                       const DemoStartCallback &onStart, const DemoStepCallback &onStep,
                                       const std::atomic_bool *cancel) const
{
    DemoRun demo(plan, options);
    demo.setParallel(parallel);
    return demo.run(onStart, onStep, cancel);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configartifact.h"
#include "trainingconfig.h"

/// Every artifact of a TrainingConfig: launch line, backend environment script, HF Trainer
/// arguments, ds_config.json, accelerate YAML, Megatron/MindSpeed script and sbatch script — each
/// only where the config uses it. Also the small emitters that have no importer.
class ConfigEmitter
{
public:
    static ConfigArtifacts emitAll(const TrainingConfig &config);

    static QString environmentScriptName(const TrainingConfig &config);
    /// `source set_env.sh`, visible devices, collective-library and determinism variables.
    static QByteArray environmentScript(const TrainingConfig &config);
    /// The script the Megatron launch line runs: topology from the environment, then torchrun.
    static QByteArray megatronScript(const TrainingConfig &config);
    /// `sbatch` script: one task per node, MASTER_ADDR from the node list, srun + launcher.
    static QByteArray slurmScript(const TrainingConfig &config);
};

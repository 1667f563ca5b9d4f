// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "trainingconfig.h"

#include <QString>
#include <QStringList>

/// The launch line: `torchrun …`, `accelerate launch …`, `deepspeed …`, or the
/// `MASTER_ADDR=… NNODES=… NODE_RANK=… sh script` pattern of the Megatron/MindSpeed scripts.
/// Layout follows the launch lines users copy from the tutorials: torchrun/deepspeed options on the
/// first line with the script, accelerate options one per line, then one script argument per line.
class LaunchCommand
{
public:
    /// The whole command with ` \` continuations, ending in a newline.
    static QString emit(const TrainingConfig &config);
    /// The launcher and its options up to and including the script (no script arguments).
    static QStringList launcherWords(const TrainingConfig &config, bool underSlurm = false);
    /// The script arguments, one rendered argument per entry.
    static QStringList scriptArguments(const TrainingConfig &config);
};

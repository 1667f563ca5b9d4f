// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configparseresult.h"

#include <QString>

/// Reads a pasted launch line (torchrun, `python -m torch.distributed.run`, `accelerate launch`,
/// `deepspeed`, `srun …`, or `MASTER_ADDR=… NNODES=… sh script.sh`) into a TrainingConfig.
/// Script arguments are kept verbatim and in order (TrainingConfig::trainerArgs); the modelled
/// ones also set their fields.
class CommandLineImporter
{
public:
    /// Number of commands in the text (comments and blank lines skipped).
    static int commandCount(const QString &text);
    /// Imports command `index` of the text into `base` (0 = the first).
    static ConfigParseResult import(const QString &text, const TrainingConfig &base = {}, int index = 0);
    /// True when the text starts (after comments and VAR=value prefixes) with a known launcher.
    static bool sniff(const QString &text);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configparseresult.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

/// Recognises and imports the files a user brings: a PortBench TrainingConfig, a DeepSpeed
/// ds_config.json, an accelerate config YAML or a launch line (.sh / pasted text). Several files
/// merge into one config: TrainingConfig first, then the ds_config / accelerate files, then the
/// launch lines — on the command line accelerate lets its options override the YAML, and so does
/// PortBench.
class ConfigImporter
{
public:
    enum class Kind { Unknown, TrainingConfig, DeepSpeed, Accelerate, CommandLine };

    /// By content; the name only breaks ties (a .json that is neither kind stays Unknown).
    static Kind detect(const QByteArray &bytes);
    static QString kindName(Kind kind);
    static ConfigParseResult importBytes(const QByteArray &bytes, Kind kind, const TrainingConfig &base = {},
                                         int commandIndex = 0);
    /// Reads, detects and merges; an error names the file.
    static ConfigParseResult importFiles(const QStringList &paths, int commandIndex = 0);
    /// Cheap check for the GUI's file router (reads at most 1 MiB).
    static bool canImport(const QString &path);
};

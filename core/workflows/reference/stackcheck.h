// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/stackcheckoutcome.h"
#include "core/workflows/reference/stackcheckrequest.h"
#include "core/workflows/reference/trainstep.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>

class PluginManager;

/// The device stack check: PortBench's reference GPT as a Python workload (resources/stackcheck,
/// compiled into core) run in the user's own Python stack, here or over SSH through CommandRunner,
/// then judged by the parity engine against the shipped reference curve for the precision: CUDA's
/// when one is shipped, else the CPU's (said in the outcome's notes). docs/stackcheck.md.
class StackCheck
{
public:
    /// Called on the calling thread with every record of the run's log as it is read (the start
    /// record, each step, the end record), while the workload runs — here, or on an SSH host, where
    /// RemoteLogFollower mirrors the log into the local folder as it grows.
    using RecordCallback = std::function<void(const QJsonObject &record)>;

    static constexpr int batchSize = 16; ///< the workload's global batch (--devices must divide it)
    static constexpr int scheduleSteps = 200; ///< the fixed schedule (--steps is 1 to this)
    /// The accepted values of --device (auto, the loaded backend plugins' torch devices, cpu),
    /// --precision and --reference, for the CLI and the GUI.
    static QStringList deviceChoices(const QStringList &pluginDevices);
    /// Sets the request's backends (what the workload imports and which collective it uses on each
    /// plugin's device) and pluginDevices from the loaded backend plugins.
    static void useBackends(const PluginManager &plugins, StackCheckRequest &request);
    static QStringList precisionChoices();
    static QStringList referenceChoices();

    /// Blocks until the workload ends (the GUI calls it from a worker thread).
    static StackCheckOutcome run(const StackCheckRequest &request, const RecordCallback &onRecord = {});

    /// The run's log on this machine: `run-DEVICE-PRECISION.jsonl` in the request's folder.
    static QString logPath(const StackCheckRequest &request);
    /// A step record of the log as a TrainStep.
    static TrainStep stepOf(const QJsonObject &record);
    /// The environment facts of a start record in one line ("python 3.11.2, torch_version 2.1, …").
    static QString environmentLine(const QJsonObject &environment);
    /// Where and how a reference log was made, from its start record: device, host, versions and
    /// the exact command. Says so when the file has no start record.
    static QString provenance(const QString &referenceLog);

    /// Writes the workload (stackcheck.py, init-weights.safetensors, tokens.safetensors) into dir.
    /// Returns an error naming the file, or an empty string.
    static QString writeWorkload(const QString &dir);
    /// The shipped reference for a precision (a resource path) and its device: for `auto` CUDA's
    /// when shipped, else the CPU's; for `cuda` / `cpu` that one. Empty when it is not shipped.
    static QString referenceResource(const QString &precision, const QString &wanted, QString *device);
    /// The workload's own command line (after the interpreter) for a request and file locations.
    static QStringList workloadArguments(const StackCheckRequest &request, const QString &scriptDir,
                                         const QString &weights, const QString &log);
};

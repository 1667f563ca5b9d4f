// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/sshtarget.h"

#include <QString>

/// What `portbench-cli stackcheck` asks for: where the workload runs (this machine or an SSH host),
/// with which Python, on which device and precision, and where its files go (docs/stackcheck.md).
struct StackCheckRequest
{
    QString python = QStringLiteral("python3"); ///< interpreter on the target machine
    SshTarget target; ///< an ssh destination (and config file); an empty host runs here
    QString device = QStringLiteral("auto"); ///< auto, cuda, cpu or a device of `backends`
    /// "DEVICE=MODULE:COLLECTIVE" for each loaded backend plugin but cuda (npu=torch_npu:hccl):
    /// what the workload imports and which process group it uses on that device.
    QStringList backends;
    /// The loaded backend plugins' torch devices (cuda, npu, …): with auto and cpu, what --device takes.
    QStringList pluginDevices;
    QString precision = QStringLiteral("fp32"); ///< fp32 or bf16
    QString reference
        = QStringLiteral("auto"); ///< the reference's device: auto (cuda when shipped, else cpu), cuda, cpu
    int devices = 1; ///< data-parallel processes (DDP over nccl / hccl / mccl / gloo)
    int steps = 200; ///< the first N steps of the fixed 200-step schedule
    int threads = 1; ///< intra-op CPU threads per process
    double peakLr = 0.0; ///< 0 keeps the workload's 2e-3; anything else is a deliberate perturbation
    QString weightsFile; ///< initial weights to use instead of the shipped ones (a perturbation)
    QString outDir; ///< local folder for the workload copy, the run log and the reference
    int timeoutSeconds = 4 * 3600;

    /// The first thing wrong with the request, named by its `stackcheck` option ("--device: 'tpu' is
    /// not …"), or an empty string: the one check for the CLI and the GUI.
    QString validate() const;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>

/// One row/column of a topology matrix: an accelerator (GPU, NPU) or a NIC.
struct TopologyNode
{
    enum class Kind { Accelerator, Nic };

    QString name; ///< as printed: "GPU0", "NPU3", "NIC1", "mlx5_0"
    Kind kind = Kind::Accelerator;
    QString alias; ///< NIC legend name ("mlx5_0" for NIC0); empty if none
    QString cpuAffinity; ///< "0-23,48-71"; empty when unknown or N/A
    int numaNode = -1; ///< NUMA affinity; -1 when N/A or not reported
    QString gpuNumaId; ///< "GPU NUMA ID" column (Grace systems); "N/A" mostly
    bool hasRow = false; ///< false when a partial capture lacks this device's row
    /// What the advice calls such a device when its name's prefix is not that word (Atlas A3's
    /// "Phy-ID12" is an "NPU die"), as the backend plugin says; empty: the name without its number.
    QString word;

    bool isAccelerator() const { return kind == Kind::Accelerator; }
    /// Number of CPUs in cpuAffinity (0 when unknown).
    int cpuCount() const;
    /// What devices with the same locality share: "NUMA 0", "CPU 0-23", or "unknown".
    QString localityGroup() const;
};

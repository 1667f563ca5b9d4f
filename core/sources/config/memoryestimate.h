// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// Per-device memory of one training configuration, in bytes (see MemoryEstimator for formulas).
struct MemoryEstimate
{
    QString error; ///< set when the model dimensions needed for an estimate are missing
    QString deviceName;
    double deviceBytes = 0;

    double parameters = 0;
    double gradients = 0;
    double optimizer = 0;
    double gatheredParameters = 0; ///< ZeRO-3 / FSDP full-shard working set (current + prefetched layer)
    double activations = 0;
    double logits = 0;
    double margin = 0;
    double total = 0; ///< everything above, margin included
    double hostBytesPerNode = 0; ///< CPU RAM the offloaded states need on each node

    /// DeepSpeed's own estimator for the same setup (stage 2/3), when ZeRO is used; -1 otherwise.
    double deepspeedDeviceBytes = -1;
    double deepspeedHostBytes = -1;

    QStringList assumptions; ///< what the numbers rest on, one line each (for the tooltip and the CLI)

    bool fits() const { return error.isEmpty() && deviceBytes > 0 && total <= deviceBytes; }
    double modelStates() const { return parameters + gradients + optimizer + gatheredParameters; }
    explicit operator bool() const { return error.isEmpty(); }
};

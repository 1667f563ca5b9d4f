// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/deviceinfo.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

/// What a vendor device listing (nvidia-smi, npu-smi info, mthreads-gmi) says: the devices and
/// the versions printed in its banner.
struct DeviceInventory
{
    QString format; ///< "nvidia-smi table", "nvidia-smi csv", "npu-smi info", "mthreads-gmi"
    QString toolVersion; ///< npu-smi / mthreads-gmi / NVIDIA-SMI version
    QString driverVersion; ///< "Driver Version" or the newer "KMD Version"
    QString runtimeVersion; ///< the CUDA version the driver supports ("CUDA Version"/"CUDA UMD Version")
    QList<DeviceInfo> devices;
    QStringList warnings;
    QString error;

    explicit operator bool() const { return error.isEmpty(); }
    /// "8 × 910B3 (65536 MiB)" or "2 × A, 1 × B".
    QString summary() const;
    QJsonObject toJson() const;
};

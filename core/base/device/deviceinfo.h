// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QString>

/// One accelerator as a vendor tool lists it (a GPU, or one chip of an NPU).
struct DeviceInfo
{
    int index = -1; ///< the id the framework uses (GPU index, NPU logical id / A3 Phy-ID)
    QString name; ///< "NVIDIA H100 80GB HBM3", "910B3", "MTT S5000"
    qint64 memoryTotalMiB = -1; ///< device memory (HBM where the tool separates it); -1 unknown
    qint64 memoryUsedMiB = -1;
    QString busId;
    QString health; ///< "OK", "Warning", ... where the tool reports it
    int card = -1; ///< Ascend: NPU (card) id; two chips share one on A3
    int chip = -1; ///< Ascend: chip index within the card

    QJsonObject toJson() const;
};

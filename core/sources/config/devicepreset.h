// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

/// An accelerator the memory estimate and the precision checks can be run against.
struct DevicePreset
{
    QString id; ///< "A100-80G", "910B-64G", …; "custom" means TrainingConfig::customDeviceMemoryGiB
    QString displayName;
    QString backend; ///< the id of the backend plugin that lists it
    double memoryGiB = 0;
    bool bf16 = true; ///< hardware bf16 support (some older devices have none)

    /// The presets of the loaded backend plugins (their backendprofile.json), then "custom".
    static QList<DevicePreset> all();
    /// The preset with this id; "custom" or an unknown id yields a custom device of `customGiB`.
    static DevicePreset find(const QString &id, double customGiB = 0);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

class BackendProfiles;

/// An accelerator the memory estimate and the precision checks can be run against.
struct DevicePreset
{
    QString id; ///< "A100-80G", "910B-64G", …; "custom" means TrainingConfig::customDeviceMemoryGiB
    QString displayName;
    QString backend; ///< the id of the backend plugin that lists it
    double memoryGiB = 0;
    bool bf16 = true; ///< hardware bf16 support (some older devices have none)

    /// The presets of `backends` (their plugins' backendprofile.json), then "custom".
    static QList<DevicePreset> all(const BackendProfiles &backends);
    /// The preset with this id among `backends`'; "custom" or an unknown id yields a custom device
    /// of `customGiB`.
    static DevicePreset find(const BackendProfiles &backends, const QString &id, double customGiB = 0);
};

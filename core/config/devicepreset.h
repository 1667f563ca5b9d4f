#pragma once

#include <QList>
#include <QString>

/// An accelerator the memory estimate and the precision checks can be run against.
struct DevicePreset
{
    QString id; ///< "A100-80G", "910B-64G", …; "custom" means TrainingConfig::customDeviceMemoryGiB
    QString displayName;
    QString backend; ///< cuda, npu, musa
    double memoryGiB = 0;
    bool bf16 = true; ///< hardware bf16 support (V100 and Ascend 910A have none)

    /// The built-in table (vendor data sheets; see docs/config.md).
    static QList<DevicePreset> all();
    /// The preset with this id; "custom" or an unknown id yields a custom device of `customGiB`.
    static DevicePreset find(const QString &id, double customGiB = 0);
};

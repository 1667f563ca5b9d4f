// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "devicepreset.h"

#include "backendprofiles.h"

QList<DevicePreset> DevicePreset::all()
{
    // Each backend plugin lists its own devices (BackendProfile::devicePresets).
    QList<DevicePreset> presets;
    for (const BackendProfile &p : BackendProfiles::installed())
        presets << p.devicePresets;
    presets.append({QStringLiteral("custom"), QStringLiteral("Custom"), QString(), 0, true});
    return presets;
}

DevicePreset DevicePreset::find(const QString &id, double customGiB)
{
    const QList<DevicePreset> presets = all();
    for (const DevicePreset &p : presets) {
        if (p.id == id && id != QLatin1String("custom"))
            return p;
    }
    return {QStringLiteral("custom"), QStringLiteral("Custom (%1 GiB)").arg(customGiB), QString(), customGiB, true};
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "backendprofiles.h"

#include "trainingconfig.h"

#include <utility>

BackendProfiles::BackendProfiles(QList<BackendProfile> profiles)
    : m_profiles(std::move(profiles))
    , m_loaded(true)
{ }

const BackendProfile *BackendProfiles::find(const QString &id) const
{
    for (const BackendProfile &p : m_profiles) {
        if (p.info.id == id)
            return &p;
    }
    return nullptr;
}

QStringList BackendProfiles::ids() const
{
    QStringList ids;
    for (const BackendProfile &p : m_profiles)
        ids << p.info.id;
    return ids;
}

QString BackendProfiles::backendOfPreset(const QString &presetId) const
{
    for (const BackendProfile &p : m_profiles) {
        for (const DevicePreset &d : p.devicePresets) {
            if (d.id == presetId)
                return p.info.id;
        }
    }
    return {};
}

QString BackendProfiles::switchBackend(TrainingConfig &config, const BackendProfile &backend) const
{
    config.backend = backend.info.id;
    if (backendOfPreset(config.devicePreset) == config.backend || backend.defaultDevicePreset.isEmpty())
        return {};
    config.devicePreset = backend.defaultDevicePreset;
    return QStringLiteral("; device %1 assumed for the memory estimate (set the one you run on)")
        .arg(config.devicePreset);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "backendprofiles.h"

#include "trainingconfig.h"

namespace {

QList<BackendProfile> &registry()
{
    static QList<BackendProfile> profiles;
    return profiles;
}

// Apart from the list: a PluginManager that finds no plugin installs an empty one, and the config
// code then reports the backend as unprovided rather than the profiles as never loaded.
bool &profilesInstalled()
{
    static bool installed = false;
    return installed;
}

} // namespace

void BackendProfiles::install(const QList<BackendProfile> &profiles)
{
    registry() = profiles;
    profilesInstalled() = true;
}

bool BackendProfiles::loaded()
{
    return profilesInstalled();
}

const QList<BackendProfile> &BackendProfiles::installed()
{
    return registry();
}

const BackendProfile *BackendProfiles::find(const QString &id)
{
    for (const BackendProfile &p : registry()) {
        if (p.info.id == id)
            return &p;
    }
    return nullptr;
}

QStringList BackendProfiles::ids()
{
    QStringList ids;
    for (const BackendProfile &p : registry())
        ids << p.info.id;
    return ids;
}

QString BackendProfiles::backendOfPreset(const QString &presetId)
{
    for (const BackendProfile &p : registry()) {
        for (const DevicePreset &d : p.devicePresets) {
            if (d.id == presetId)
                return p.info.id;
        }
    }
    return {};
}

QString BackendProfiles::switchBackend(TrainingConfig &config, const BackendProfile &backend)
{
    config.backend = backend.info.id;
    if (backendOfPreset(config.devicePreset) == config.backend || backend.defaultDevicePreset.isEmpty())
        return {};
    config.devicePreset = backend.defaultDevicePreset;
    return QStringLiteral("; device %1 assumed for the memory estimate (set the one you run on)")
        .arg(config.devicePreset);
}

#include "backendprofiles.h"

namespace {

QList<BackendProfile> &registry()
{
    static QList<BackendProfile> profiles;
    return profiles;
}

} // namespace

void BackendProfiles::install(const QList<BackendProfile> &profiles)
{
    registry() = profiles;
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

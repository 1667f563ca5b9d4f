// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "backendprofile.h"

#include <QList>
#include <QStringList>

/// The profiles of a set of backend plugins: what the config code (emitters, validator, importers,
/// the field catalog, the memory estimate) knows about backends.
///
/// A value, passed to that code by whoever owns it — the application's PluginManager
/// (PluginManager::backendProfiles()), or a test that builds the profiles it needs — so two sets
/// can be used side by side and config code never depends on what happened to run earlier in the
/// process. A default-constructed set is "not loaded": the validator and the environment script
/// then say "no backend profiles loaded" instead of treating the config's backend as one no plugin
/// provides (see docs/ARCHITECTURE.md).
class BackendProfiles
{
public:
    /// No profiles loaded (no plugin manager was asked).
    BackendProfiles() = default;
    /// The profiles of the loaded plugins (possibly none, when no plugin was found).
    explicit BackendProfiles(QList<BackendProfile> profiles);

    /// Whether these are the profiles of loaded plugins (possibly none) rather than none asked for.
    bool loaded() const { return m_loaded; }
    const QList<BackendProfile> &all() const { return m_profiles; }
    /// The profile of backend `id`, or nullptr when no plugin of this set provides it.
    const BackendProfile *find(const QString &id) const;
    /// The backend ids, in the order the plugins loaded.
    QStringList ids() const;
    /// The backend a device preset belongs to (empty for "custom" or an unknown id).
    QString backendOfPreset(const QString &presetId) const;
    /// Sets `config` to the loaded backend `id` and, when its device is another backend's, to that
    /// backend's default device; returns "; device X assumed …" when it changed the device.
    QString switchBackend(TrainingConfig &config, const BackendProfile &backend) const;

private:
    QList<BackendProfile> m_profiles;
    // Apart from the list: a plugin manager that finds no plugin yields an empty loaded set, and
    // the config code then reports the backend as unprovided rather than the profiles as not loaded.
    bool m_loaded = false;
};

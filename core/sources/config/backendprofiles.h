// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "backendprofile.h"

#include <QList>
#include <QStringList>

/// The profiles of the backend plugins this process loaded.
///
/// The config code (emitters, validator, importers, the field catalog) is a set of static functions
/// called from the CLI, the GUI and the report builder; PluginManager installs the profiles here when
/// it loads the plugins, so none of those call paths has to carry a plugin manager. Until a
/// PluginManager has run, loaded() is false and the validator and the environment script say "no
/// backend profiles loaded" instead of treating the config's backend as one no plugin provides
/// (see docs/ARCHITECTURE.md).
class BackendProfiles
{
public:
    static void install(const QList<BackendProfile> &profiles);
    /// Whether a PluginManager has installed the profiles (possibly none, when it found no plugin).
    static bool loaded();
    static const QList<BackendProfile> &installed();
    /// The profile of backend `id`, or nullptr when no plugin provides it.
    static const BackendProfile *find(const QString &id);
    /// The backend ids, in the order the plugins loaded.
    static QStringList ids();
    /// The backend a device preset belongs to (empty for "custom" or an unknown id).
    static QString backendOfPreset(const QString &presetId);
    /// Sets `config` to the loaded backend `id` and, when its device is another backend's, to that
    /// backend's default device; returns "; device X assumed …" when it changed the device.
    static QString switchBackend(TrainingConfig &config, const BackendProfile &backend);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

class DeviceBackend;
class QPluginLoader;

/// A backend plugin that loaded: its interface, manifest (the plugin's JSON file) and location.
struct LoadedBackend
{
    DeviceBackend *backend = nullptr;
    QJsonObject manifest;
    QString path;
};

/// A file in a plugin folder that could not be used, with Qt's reason.
struct PluginLoadError
{
    QString path;
    QString message;
};

/// Finds and loads the device-backend plugins.
///
/// Search order: every folder of PORTBENCH_PLUGIN_PATH, then the folder beside the executable
/// (`../lib/portbench/plugins`, which is both the build tree and the installed layout). The first
/// plugin to claim a backend id wins. A file that fails to load is recorded and skipped.
/// The loaded backends' config profiles are installed for the config code (BackendProfiles), and
/// every profile reader (the parity presets: ParityPresets) gets the loaded backends.
class PluginManager
{
public:
    explicit PluginManager(QStringList searchPaths = defaultSearchPaths());
    ~PluginManager();
    PluginManager(const PluginManager &) = delete;
    PluginManager &operator=(const PluginManager &) = delete;

    static QStringList defaultSearchPaths();

    /// Reads what the backends' profiles bring for an area above plugins/ in core's layers, which
    /// plugins/ cannot include: ParityPresets registers one when portbench_core loads, for the
    /// parity presets. Every PluginManager runs each reader once its plugins are loaded, and keeps
    /// the entries the reader skipped among its errors.
    using ProfileReader = std::function<QList<PluginLoadError>(const QList<LoadedBackend> &backends)>;
    static bool addProfileReader(const ProfileReader &reader);

    QStringList searchPaths() const { return m_searchPaths; }
    const QList<LoadedBackend> &backends() const { return m_backends; }
    /// The loaded backends' interfaces in load order: what the environment, topology and telemetry
    /// readers take.
    QList<const DeviceBackend *> deviceBackends() const;
    const QList<PluginLoadError> &errors() const { return m_errors; }
    /// The backend with this id ("cuda", "npu", "musa"), or nullptr.
    DeviceBackend *backend(const QString &id) const;

private:
    void loadFolder(const QString &folder);
    void loadFile(const QString &path);
    void installProfiles();
    static QList<ProfileReader> &profileReaders();

    QStringList m_searchPaths;
    QList<LoadedBackend> m_backends;
    QList<PluginLoadError> m_errors;
    QList<QPluginLoader *> m_loaders;
};

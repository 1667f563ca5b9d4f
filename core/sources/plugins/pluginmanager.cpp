// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pluginmanager.h"

#include "core/sources/config/backendprofiles.h"
#include "devicebackend.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>
#include <QPluginLoader>

PluginManager::PluginManager(QStringList searchPaths)
    : m_searchPaths(std::move(searchPaths))
{
    for (const QString &folder : std::as_const(m_searchPaths))
        loadFolder(folder);
    installProfiles();
}

PluginManager::~PluginManager()
{
    // Plugins stay mapped until exit: Qt shares loaders per file, and unloading a library whose
    // QObjects may still be referenced is a crash waiting to happen.
    qDeleteAll(m_loaders);
}

QStringList PluginManager::defaultSearchPaths()
{
    QStringList paths;
    const QString env = qEnvironmentVariable("PORTBENCH_PLUGIN_PATH");
    for (const QString &p : env.split(QLatin1Char(':'), Qt::SkipEmptyParts))
        paths << QDir::cleanPath(p);
    const QString appDir = QCoreApplication::applicationDirPath();
    if (!appDir.isEmpty())
        paths << QDir::cleanPath(appDir + QStringLiteral("/../") + QStringLiteral(PORTBENCH_PLUGIN_RELDIR));
    paths.removeDuplicates();
    return paths;
}

DeviceBackend *PluginManager::backend(const QString &id) const
{
    for (const LoadedBackend &b : m_backends) {
        if (b.backend->info().id == id)
            return b.backend;
    }
    return nullptr;
}

QList<const DeviceBackend *> PluginManager::deviceBackends() const
{
    QList<const DeviceBackend *> list;
    for (const LoadedBackend &b : m_backends)
        list << b.backend;
    return list;
}

void PluginManager::installProfiles()
{
    QList<BackendProfile> profiles;
    for (const LoadedBackend &b : std::as_const(m_backends)) {
        QString error;
        profiles << BackendProfile::fromJson(b.backend->info(), b.backend->backendProfile(), &error);
        if (!error.isEmpty())
            m_errors.append({b.path, error});
    }
    BackendProfiles::install(profiles);
    for (const ProfileReader &read : std::as_const(profileReaders()))
        m_errors << read(m_backends);
}

bool PluginManager::addProfileReader(const ProfileReader &reader)
{
    profileReaders() << reader;
    return true;
}

QList<PluginManager::ProfileReader> &PluginManager::profileReaders()
{
    // Filled while portbench_core's statics are initialised: a function's static, not a global,
    // so it exists before the first reader registers.
    static QList<ProfileReader> readers;
    return readers;
}

void PluginManager::loadFolder(const QString &folder)
{
    const QDir dir(folder);
    if (!dir.exists())
        return;
    const QFileInfoList files = dir.entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &file : files) {
        if (QLibrary::isLibrary(file.fileName()))
            loadFile(file.absoluteFilePath());
    }
}

void PluginManager::loadFile(const QString &path)
{
    auto loader = new QPluginLoader(path);
    const QJsonObject meta = loader->metaData();
    if (meta.isEmpty()) {
        // No Qt plugin metadata at all: a corrupt file or an unrelated library in our folder.
        loader->load();
        m_errors.append({path, loader->errorString()});
        delete loader;
        return;
    }
    if (meta.value(QStringLiteral("IID")).toString() != QLatin1String(DeviceBackend_iid)) {
        m_errors.append({path,
                         QStringLiteral("plugin interface %1 is not %2")
                             .arg(meta.value(QStringLiteral("IID")).toString(), QLatin1String(DeviceBackend_iid))});
        delete loader;
        return;
    }
    QObject *instance = loader->instance();
    auto backend = qobject_cast<DeviceBackend *>(instance);
    if (!backend) {
        m_errors.append(
            {path, instance ? QStringLiteral("plugin does not implement DeviceBackend") : loader->errorString()});
        delete loader;
        return;
    }
    const QString id = backend->info().id;
    if (this->backend(id)) {
        m_errors.append(
            {path, QStringLiteral("backend '%1' is already provided by an earlier plugin; skipped").arg(id)});
        delete loader;
        return;
    }
    m_backends.append({backend, meta.value(QStringLiteral("MetaData")).toObject(), path});
    m_loaders.append(loader);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runtimemodule.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPluginLoader>

namespace {

/// The executable's folder. A command whose module creates the application object loads it
/// before QCoreApplication exists, when applicationDirPath() cannot answer yet.
QString executableDir()
{
    if (QCoreApplication::instance())
        return QCoreApplication::applicationDirPath();
    return QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
}

} // namespace

QString RuntimeModule::path(const QString &name)
{
    const QString fileName = QStringLiteral("%1.so").arg(name);
    const QString folder = qEnvironmentVariable("PORTBENCH_MODULE_PATH");
    if (!folder.isEmpty())
        return QDir(folder).filePath(fileName);
    return QDir::cleanPath(executableDir() + QStringLiteral("/../") + QStringLiteral(PORTBENCH_MODULE_RELDIR)
                           + QLatin1Char('/') + fileName);
}

QObject *RuntimeModule::instance(const QString &name, QString *error)
{
    const QString file = path(name);
    if (!QFileInfo::exists(file)) {
        if (error)
            *error = QStringLiteral("PortBench's %1 module is not installed (no %2)").arg(name, file);
        return nullptr;
    }
    // Qt keeps one root object per loaded library, so loading again returns the same instance.
    QPluginLoader loader(file);
    QObject *root = loader.instance();
    if (!root && error)
        *error = QStringLiteral("PortBench's %1 module cannot be loaded: %2").arg(name, loader.errorString());
    return root;
}

QString RuntimeModule::wrongInterface(const QString &name, const QString &iid)
{
    return QStringLiteral("PortBench's %1 module in %2 is another version (it does not implement %3)")
        .arg(name, path(name), iid);
}

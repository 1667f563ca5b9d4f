#pragma once

#include "plugins/devicebackend.h"
#include "plugins/pluginmanager.h"

#include <QFile>
#include <QString>

/// The real backend plugins from the build tree, and the test data of this area.
inline PluginManager &builtPlugins()
{
    static PluginManager plugins({QStringLiteral(PORTBENCH_BUILD_DIR "/lib/portbench/plugins")});
    return plugins;
}

inline QByteArray envData(const QString &name)
{
    QFile f(QStringLiteral(PORTBENCH_TEST_DATA "/env/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

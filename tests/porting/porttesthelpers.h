// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/plugins/pluginmanager.h"
#include "core/engines/porting/portruleset.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

/// The real backend plugins of this build, whose embedded JSON the porting tests exercise.
inline const PluginManager &testPlugins()
{
    static const PluginManager plugins(QStringList{QStringLiteral(PORTBENCH_BUILD_DIR "/lib/portbench/plugins")});
    return plugins;
}

inline QString portingData(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/porting/") + name;
}

inline QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

/// Writes a test file, creating its folders; false when it cannot be written.
inline bool writeText(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(content) == content.size();
}

/// Runs `python3 -m py_compile` on a file; returns the compiler's error text, empty when it compiles.
/// The cache goes to a throw-away folder so the test data stays clean.
inline QString pyCompileError(const QString &python, const QString &path)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PYTHONPYCACHEPREFIX"), QDir::tempPath() + QStringLiteral("/portbench-pycache"));
    p.setProcessEnvironment(env);
    p.start(python, {QStringLiteral("-m"), QStringLiteral("py_compile"), path});
    if (!p.waitForFinished(60000))
        return QStringLiteral("py_compile did not finish");
    return p.exitCode() == 0 ? QString() : QString::fromUtf8(p.readAllStandardError());
}

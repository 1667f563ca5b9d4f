// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

/// Writes a file that looks like a shared library by name but is garbage inside, the way a
/// truncated download or a wrong-architecture build looks to QPluginLoader.
inline bool writeCorruptPlugin(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(QByteArray("\x7f"
                       "ELF this is not a real shared object\n")
                .repeated(64));
    return true;
}

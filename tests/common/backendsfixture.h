// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "builtplugins.h"
#include "core/sources/plugins/devicebackend.h"

#include <QFile>
#include <QString>

/// The test data of this area (the plugins under test: builtPlugins()).
inline QByteArray envData(const QString &name)
{
    QFile f(QStringLiteral(PORTBENCH_TEST_DATA "/env/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QProcess>
#include <QString>

/// Debian's interpreter, with python3-torch (packaging/apt-test-deps.txt) for the stack check tests.
inline const QString systemPython = QStringLiteral("/usr/bin/python3");

/// Whether systemPython can import torch; the tests QSKIP when it cannot.
inline bool pythonHasTorch()
{
    QProcess p;
    p.start(systemPython, {QStringLiteral("-c"), QStringLiteral("import torch")});
    return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "commandresult.h"

QString CommandResult::summary() const
{
    if (!error.isEmpty())
        return error;
    const QString firstErr = QString::fromUtf8(err).trimmed().section(QLatin1Char('\n'), 0, 0);
    if (!firstErr.isEmpty())
        return firstErr;
    return QStringLiteral("exit code %1").arg(exitCode);
}

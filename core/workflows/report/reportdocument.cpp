// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportdocument.h"

QString ReportDocument::severityOf(const QString &verdict)
{
    const QString v = verdict.toLower();
    if (v == QLatin1String("pass") || v == QLatin1String("ok") || v == QLatin1String("match"))
        return QStringLiteral("pass");
    if (v == QLatin1String("warn") || v == QLatin1String("warning") || v == QLatin1String("mismatch"))
        return QStringLiteral("warn");
    if (v == QLatin1String("fail") || v == QLatin1String("error"))
        return QStringLiteral("fail");
    return QStringLiteral("info");
}

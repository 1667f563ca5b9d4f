// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportfiles.h"

#include <QFileInfo>

QStringList ReportFiles::suffixes()
{
    return {QStringLiteral("html"), QStringLiteral("htm"), QStringLiteral("pdf"), QStringLiteral("md")};
}

bool ReportFiles::supports(const QString &path)
{
    return suffixes().contains(QFileInfo(path).suffix().toLower());
}

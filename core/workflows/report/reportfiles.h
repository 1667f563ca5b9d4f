// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// The report files PortBench writes, chosen by suffix — `.html`/`.htm`, `.pdf`, `.md`; each is
/// written with SafeFileWriter (atomically, an existing one kept as `.bak`). Drawing them is
/// ReportExporter's (ui/report), which `portbench-cli` reaches through ReportDrawingModule.
class ReportFiles
{
public:
    static QStringList suffixes(); ///< html, htm, pdf, md
    static bool supports(const QString &path);
};

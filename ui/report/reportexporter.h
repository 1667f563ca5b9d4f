// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "report/reportdocument.h"

#include <QString>
#include <QStringList>

/// Writes a ReportDocument to a file chosen by suffix (ReportFiles) — `.html`/`.htm`
/// (self-contained), `.pdf`, `.md` (PNG figures and the aligned parity CSV beside it) — shared by
/// the Report dialog and, through ReportDrawingModule, `portbench-cli report` and `demo`. Every
/// file is written atomically; an existing one is kept as `.bak`.
class ReportExporter
{
public:
    /// Returns an error naming the file, empty on success. written receives every file written.
    static QString write(const ReportDocument &doc, const QString &path, QStringList *written = nullptr);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/report/reportdocument.h"

#include <QString>
#include <QStringList>

#include <functional>

class ReportFigurePainter;

/// Writes a ReportDocument to a file chosen by suffix (ReportFiles) — `.html`/`.htm`
/// (self-contained), `.pdf`, `.md` (PNG figures and the aligned parity CSV beside it) — shared by
/// the Report dialog and, through ReportDrawingModule, `portbench-cli report` and `demo`. Every
/// file is written atomically; an existing one is kept as `.bak`.
class ReportExporter
{
public:
    /// Returns an error naming the file, empty on success. written receives every file written.
    /// On the GUI thread: draws the figures itself, the charts' Han text in the report's CJK face
    /// (ChartFontFallback).
    static QString write(const ReportDocument &doc, const QString &path, QStringList *written = nullptr);
    /// The same on any thread, the figures drawn by figures (a ReportFigureRelay) and the
    /// ChartFontFallback held by the caller on the GUI thread. Once cancelled() is true it writes
    /// nothing more; cancelled before the first file is written, it writes none and returns an error.
    static QString write(const ReportDocument &doc, const QString &path, ReportFigurePainter &figures,
                         const std::function<bool()> &cancelled, QStringList *written = nullptr);
};

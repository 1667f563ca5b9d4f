// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportdocument.h"

#include <QString>

class ReportFigureRenderer;

/// A ReportDocument as one self-contained HTML file: inline CSS, figures as inline SVG, no
/// external reference of any kind (no links, scripts, fonts or images to fetch), so it opens
/// offline and prints (A4, @media print). The markup is well-formed XML (XHTML-compatible), and
/// every text from a log is escaped: a run name cannot inject markup.
class ReportHtmlWriter
{
public:
    /// figures may be null: figures are then left out with a note (core-only callers).
    static QString write(const ReportDocument &doc, ReportFigureRenderer *figures);
    /// &, <, >, " and ' as entities.
    static QString escape(const QString &text);
    /// An SVG document made fit to inline: XML declaration and doctype removed, ids prefixed so
    /// that several figures' clip paths and gradients do not collide.
    static QString inlineSvg(const QString &svg, const QString &idPrefix);
};

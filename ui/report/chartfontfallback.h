// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// While it lives, Han text drawn in the application's font (the charts' titles, axes and legends)
/// falls back to the report's CJK face instead of the first CJK font fontconfig lists, which on a
/// non-Chinese locale is the Japanese one (other glyph shapes for the same characters).
///
/// It changes the process-wide QFont substitutions, which nothing guards against a reader on
/// another thread: create and destroy it on the GUI thread while no other thread draws text (the
/// Report dialog holds one around its background export, from before the job starts until after
/// it has finished).
class ChartFontFallback
{
public:
    explicit ChartFontFallback(const QString &language);
    ~ChartFontFallback();
    ChartFontFallback(const ChartFontFallback &) = delete;
    ChartFontFallback &operator=(const ChartFontFallback &) = delete;

private:
    QString m_family;
    QStringList m_before;
};

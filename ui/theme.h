// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QTextCharFormat>

class QColor;
class QPalette;

/// Light and dark palettes on the Fusion style, chosen in View > Theme and remembered.
namespace Theme {
enum class Kind { System, Light, Dark };

Kind fromString(const QString &name);
QString toString(Kind kind);
/// The theme's name in the current language, for View > Theme.
QString displayName(Kind kind);
void apply(Kind kind);
/// Whether a palette is a dark one (light text on a dark window): the dark theme, or a dark system theme.
bool isDark(const QPalette &palette);
/// A character format for syntax highlighters (config artifacts, Python diffs).
QTextCharFormat textFormat(const QColor &color, bool bold = false, bool italic = false);
}

#pragma once

#include <QString>

/// Light and dark palettes on the Fusion style, chosen in View > Theme and remembered.
namespace Theme {
enum class Kind { System, Light, Dark };

Kind fromString(const QString &name);
QString toString(Kind kind);
void apply(Kind kind);
}

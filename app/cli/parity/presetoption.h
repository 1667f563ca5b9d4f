// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCommandLineParser>
#include <QString>

/// --preset, declared once for `parity`, `report`, `demo` and `attach --against`: its help lists
/// the presets ParityPresets has (core's and the ones the loaded plugins bring), with their sources
/// and the default, and it accepts exactly what it lists — `custom` only in `parity`, the one
/// command with tolerance options. The commands load the plugins before declaring it.
namespace PresetOption {
enum class Custom { Accepted, Refused };
void add(QCommandLineParser &parser, Custom custom);
/// The name of the preset --preset names, as ParityPresets spells it (the default when not
/// given); false with the reason in error.
bool read(const QCommandLineParser &parser, Custom custom, QString *preset, QString *error);
} // namespace PresetOption

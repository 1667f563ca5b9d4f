// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCommandLineParser>
#include <QString>

class ParityPresets;

/// --preset, declared once for `parity`, `report`, `demo` and `attach --against`: its help lists
/// the presets of the set it is given (the context's: core's and the ones the loaded plugins
/// bring), with their sources and the default, and it accepts exactly what it lists — `custom`
/// only in `parity`, the one command with tolerance options.
namespace PresetOption {
enum class Custom { Accepted, Refused };
void add(QCommandLineParser &parser, const ParityPresets &presets, Custom custom);
/// The name of the preset --preset names, as `presets` spells it (the default when not given);
/// false with the reason in error.
bool read(const QCommandLineParser &parser, const ParityPresets &presets, Custom custom, QString *preset,
          QString *error);
} // namespace PresetOption

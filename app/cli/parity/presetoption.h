// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parity/parityoptions.h"

#include <QCommandLineParser>
#include <QString>

/// --preset, declared once for `parity`, `report`, `demo` and `attach --against`: its help lists
/// the presets ParityOptions has, with their sources and the default, and it accepts exactly what
/// it lists — `custom` only in `parity`, the one command with tolerance options.
namespace PresetOption {
enum class Custom { Accepted, Refused };
void add(QCommandLineParser &parser, Custom custom);
/// The preset named by --preset (its default when not given); false with the reason in error.
bool read(const QCommandLineParser &parser, Custom custom, ParityOptions::Preset *preset, QString *error);
} // namespace PresetOption

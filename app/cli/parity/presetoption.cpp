// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "presetoption.h"

#include <QCoreApplication>

namespace PresetOption {

namespace {

const QString name = QStringLiteral("preset");

QStringList accepted(Custom custom)
{
    return custom == Custom::Accepted ? ParityOptions::presetNames() : ParityOptions::fixedPresetNames();
}

} // namespace

void add(QCommandLineParser &parser, Custom custom)
{
    QStringList lines{QCoreApplication::translate("PresetOption", "Parity criteria (default %1):")
                          .arg(ParityOptions::presetName(ParityOptions::defaultPreset))};
    for (const QString &preset : ParityOptions::fixedPresetNames()) {
        ParityOptions::Preset p = ParityOptions::defaultPreset;
        ParityOptions::presetFromName(preset, &p);
        lines.append(QStringLiteral("%1 — %2.").arg(preset, ParityOptions::presetSource(p)));
    }
    if (custom == Custom::Accepted)
        lines.append(QCoreApplication::translate("PresetOption", "custom — give --rel-tol and/or --abs-tol."));
    parser.addOption({name, lines.join(QLatin1Char(' ')), QStringLiteral("NAME"),
                      ParityOptions::presetName(ParityOptions::defaultPreset)});
}

bool read(const QCommandLineParser &parser, Custom custom, ParityOptions::Preset *preset, QString *error)
{
    const QString value = parser.value(name);
    if (ParityOptions::presetFromName(value, preset)
        && (custom == Custom::Accepted || *preset != ParityOptions::Preset::Custom))
        return true;
    *error = QStringLiteral("--preset: unknown preset '%1' (use %2)")
                 .arg(value, accepted(custom).join(QStringLiteral(", ")));
    return false;
}

} // namespace PresetOption

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "presetoption.h"

#include "core/engines/parity/paritypresets.h"

#include <QCoreApplication>

namespace PresetOption {

namespace {

const QString name = QStringLiteral("preset");

QStringList accepted(const ParityPresets &presets, Custom custom)
{
    return custom == Custom::Accepted ? presets.names() : presets.fixedNames();
}

} // namespace

void add(QCommandLineParser &parser, const ParityPresets &presets, Custom custom)
{
    QStringList lines{
        QCoreApplication::translate("PresetOption", "Parity criteria (default %1):").arg(presets.defaultName())};
    for (const QString &preset : presets.fixedNames())
        lines.append(QStringLiteral("%1 — %2.").arg(preset, presets.source(preset)));
    if (custom == Custom::Accepted)
        lines.append(QCoreApplication::translate("PresetOption", "custom — give --rel-tol and/or --abs-tol."));
    parser.addOption({name, lines.join(QLatin1Char(' ')), QStringLiteral("NAME"), presets.defaultName()});
}

bool read(const QCommandLineParser &parser, const ParityPresets &presets, Custom custom, QString *preset,
          QString *error)
{
    const QString value = parser.value(name);
    for (const QString &known : accepted(presets, custom)) {
        if (value.compare(known, Qt::CaseInsensitive) == 0) {
            *preset = known;
            return true;
        }
    }
    *error = QStringLiteral("--preset: unknown preset '%1' (use %2)")
                 .arg(value, accepted(presets, custom).join(QStringLiteral(", ")));
    return false;
}

} // namespace PresetOption

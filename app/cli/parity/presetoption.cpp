// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "presetoption.h"

#include "core/engines/parity/paritypresets.h"

#include <QCoreApplication>

namespace PresetOption {

namespace {

const QString name = QStringLiteral("preset");

QStringList accepted(Custom custom)
{
    return custom == Custom::Accepted ? ParityPresets::names() : ParityPresets::fixedNames();
}

} // namespace

void add(QCommandLineParser &parser, Custom custom)
{
    QStringList lines{
        QCoreApplication::translate("PresetOption", "Parity criteria (default %1):").arg(ParityPresets::defaultName())};
    for (const QString &preset : ParityPresets::fixedNames())
        lines.append(QStringLiteral("%1 — %2.").arg(preset, ParityPresets::source(preset)));
    if (custom == Custom::Accepted)
        lines.append(QCoreApplication::translate("PresetOption", "custom — give --rel-tol and/or --abs-tol."));
    parser.addOption({name, lines.join(QLatin1Char(' ')), QStringLiteral("NAME"), ParityPresets::defaultName()});
}

bool read(const QCommandLineParser &parser, Custom custom, QString *preset, QString *error)
{
    const QString value = parser.value(name);
    for (const QString &known : accepted(custom)) {
        if (value.compare(known, Qt::CaseInsensitive) == 0) {
            *preset = known;
            return true;
        }
    }
    *error = QStringLiteral("--preset: unknown preset '%1' (use %2)")
                 .arg(value, accepted(custom).join(QStringLiteral(", ")));
    return false;
}

} // namespace PresetOption

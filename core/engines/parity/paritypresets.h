// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "paritypreset.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

/// The parity presets this process knows: the ones the loaded backend plugins bring, in the order
/// they loaded, then core's vendor-neutral ones — `flagperf` (FlagPerf, written for every vendor),
/// `stackcheck` (PortBench's own, docs/stackcheck.md) and `custom` (the user's tolerances).
///
/// The CLI's --preset, the Parity dock, the report dialog, the text, JSON and report output list,
/// accept and describe whatever is here. As with BackendProfiles, what the plugins bring is installed
/// when a PluginManager loads them (through its profile reader); until then only core's presets
/// are known.
class ParityPresets
{
public:
    /// The default when no loaded plugin names one: the published criterion written for every vendor.
    static QString fallbackDefault() { return QStringLiteral("flagperf"); }
    /// The stack check's own preset (docs/stackcheck.md).
    static QString stackcheck() { return QStringLiteral("stackcheck"); }

    /// Reads what one backend profile brings — its "parityPresets" entries and its
    /// "defaultParityPreset" — appending the presets to `presets` and setting `defaultName` unless
    /// an earlier profile set it. A profile without them brings nothing. Returns why an entry was
    /// skipped (unreadable, or a name core or an earlier plugin has) or the default ignored (no
    /// such preset); empty when everything was taken.
    static QString readProfile(const QByteArray &profile, QList<ParityPreset> &presets, QString &defaultName);
    /// Makes `brought` known beside core's presets, `defaultName` the preset every command, panel
    /// and report starts with (fallbackDefault() when empty).
    static void install(const QList<ParityPreset> &brought, const QString &defaultName);

    /// Every known preset, custom last.
    static QList<ParityPreset> all();
    /// The preset with this name, in any case; nullptr for an unknown name. Valid until install().
    static const ParityPreset *find(const QString &name);
    static QStringList names();
    /// The presets with fixed tolerances: every one but custom.
    static QStringList fixedNames();
    static QString defaultName();
    /// The preset's source line ("user-given tolerances" for custom or an unknown name).
    static QString source(const QString &name);
};

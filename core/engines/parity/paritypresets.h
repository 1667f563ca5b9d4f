// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "paritypreset.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

struct LoadedBackend;
struct PluginLoadError;

/// A set of parity presets: the ones the loaded backend plugins bring, in the order they loaded,
/// then core's vendor-neutral ones — `flagperf` (FlagPerf, written for every vendor), `stackcheck`
/// (PortBench's own, docs/stackcheck.md) and `custom` (the user's tolerances).
///
/// A value, not a registry: whoever owns the PluginManager reads one (read()) and passes it to the
/// code that lists, accepts or resolves a preset name — the CLI's --preset, the Parity dock, the
/// report dialog, ParityOptions::forPreset. A default-constructed set has core's presets only.
/// (plugins/ lies below parity/ in core's layers, so the PluginManager cannot hold it.)
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
    /// What the loaded backends' profiles bring beside core's presets; each backend whose profile
    /// had an entry skipped is added to `skipped` with the reason.
    static ParityPresets read(const QList<LoadedBackend> &backends, QList<PluginLoadError> *skipped = nullptr);

    /// Core's presets only, fallbackDefault() the default.
    ParityPresets();
    /// `brought` beside core's presets, `defaultName` the preset every command, panel and report
    /// starts with (fallbackDefault() when empty or unknown).
    ParityPresets(const QList<ParityPreset> &brought, const QString &defaultName);

    /// Every preset, custom last.
    const QList<ParityPreset> &all() const { return m_all; }
    /// The preset with this name, in any case; nullptr for an unknown name. Valid while this set is.
    const ParityPreset *find(const QString &name) const;
    QStringList names() const;
    /// The presets with fixed tolerances: every one but custom.
    QStringList fixedNames() const;
    const QString &defaultName() const { return m_defaultName; }
    /// The preset's source line ("user-given tolerances" for custom or an unknown name).
    QString source(const QString &name) const;

private:
    QList<ParityPreset> m_all;
    QString m_defaultName;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritypresets.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

/// Core's presets, which name no vendor: docs/parity.md cites each.
QList<ParityPreset> corePresets()
{
    ParityPreset flagperf{ParityPresets::fallbackDefault(),
                          QStringLiteral("FlagPerf (BAAI) training correctness: from step 21 on, mean relative loss "
                                         "error < 2 %"),
                          {}};
    flagperf.options.skipWarmup = 20; // judged from step 21 on
    flagperf.options.minWithinShare = 0.0;
    flagperf.options.meanRelLimit = 0.02;
    flagperf.options.divergenceFails = false;

    // docs/stackcheck.md: CPU runs of the workload across thread counts, DDP and precisions stay far
    // inside these; a 25 % learning-rate change or a doubled embedding does not.
    ParityPreset stackcheck{ParityPresets::stackcheck(),
                            QStringLiteral("PortBench's stack check (docs/stackcheck.md): tolerances chosen from "
                                           "measured spreads of its reference workload: every step within 0.5 % "
                                           "relative, mean < 0.1 %, >= 99 % of steps within"),
                            {}};
    stackcheck.options.relTol = 0.005;
    stackcheck.options.absTol = 0.0;
    stackcheck.options.minWithinShare = 0.99;
    stackcheck.options.meanRelLimit = 0.001;

    // Starts from the defaults; ParityOptions::forPreset(name, relTol, absTol) clears the tolerances.
    const ParityPreset custom{ParityOptions::customPreset(), QStringLiteral("user-given tolerances"), {}};

    QList<ParityPreset> presets{flagperf, stackcheck, custom};
    for (ParityPreset &p : presets)
        p.options.preset = p.name;
    return presets;
}

struct InstalledPresets
{
    QList<ParityPreset> all = corePresets();
    QString defaultName = ParityPresets::fallbackDefault();
};

InstalledPresets &installedPresets()
{
    static InstalledPresets presets;
    return presets;
}

const ParityPreset *findPreset(const QList<ParityPreset> &presets, const QString &name)
{
    for (const ParityPreset &p : presets) {
        if (p.name.compare(name, Qt::CaseInsensitive) == 0)
            return &p;
    }
    return nullptr;
}

/// What the loaded plugins bring becomes known whenever a PluginManager has loaded them (plugins/
/// sits below parity/ in core's layers and does not call it).
[[maybe_unused]] const bool readsPluginPresets
    = PluginManager::addProfileReader([](const QList<LoadedBackend> &backends) {
          QList<ParityPreset> presets;
          QString defaultName;
          QList<PluginLoadError> skipped;
          for (const LoadedBackend &b : backends) {
              const QString error = ParityPresets::readProfile(b.backend->backendProfile(), presets, defaultName);
              if (!error.isEmpty())
                  skipped.append({b.path, error});
          }
          ParityPresets::install(presets, defaultName);
          return skipped;
      });

} // namespace

QString ParityPresets::readProfile(const QByteArray &profile, QList<ParityPreset> &presets, QString &defaultName)
{
    const QJsonObject json = QJsonDocument::fromJson(profile).object();
    QStringList errors;
    const QList<ParityPreset> core = corePresets();
    const QJsonArray entries = json.value(QStringLiteral("parityPresets")).toArray();
    for (const QJsonValue &entry : entries) {
        QString error;
        const std::optional<ParityPreset> preset = ParityPreset::fromJson(entry.toObject(), &error);
        if (!preset)
            errors << error;
        else if (findPreset(core, preset->name) || findPreset(presets, preset->name))
            errors << QStringLiteral("parity preset \"%1\" is already known; skipped").arg(preset->name);
        else
            presets << *preset;
    }
    const QString wanted = json.value(QStringLiteral("defaultParityPreset")).toString();
    if (!wanted.isEmpty()) {
        const ParityPreset *preset = findPreset(presets, wanted);
        if (!preset)
            preset = findPreset(core, wanted);
        if (!preset)
            errors << QStringLiteral("default parity preset \"%1\" is no preset; ignored").arg(wanted);
        else if (defaultName.isEmpty())
            defaultName = preset->name;
    }
    return errors.join(QStringLiteral("; "));
}

void ParityPresets::install(const QList<ParityPreset> &brought, const QString &defaultName)
{
    InstalledPresets &installed = installedPresets();
    installed.all = brought + corePresets();
    const ParityPreset *preset = findPreset(installed.all, defaultName);
    installed.defaultName = preset ? preset->name : fallbackDefault();
}

QList<ParityPreset> ParityPresets::all()
{
    return installedPresets().all;
}

const ParityPreset *ParityPresets::find(const QString &name)
{
    return findPreset(installedPresets().all, name);
}

QStringList ParityPresets::names()
{
    QStringList out;
    for (const ParityPreset &p : std::as_const(installedPresets().all))
        out << p.name;
    return out;
}

QStringList ParityPresets::fixedNames()
{
    QStringList out = names();
    out.removeAll(ParityOptions::customPreset());
    return out;
}

QString ParityPresets::defaultName()
{
    return installedPresets().defaultName;
}

QString ParityPresets::source(const QString &name)
{
    const ParityPreset *preset = find(name);
    return preset ? preset->source : find(ParityOptions::customPreset())->source;
}

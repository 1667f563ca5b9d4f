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
    const ParityPreset custom{ParityOptions::customPreset(), ParityOptions().presetSource, {}};

    QList<ParityPreset> presets{flagperf, stackcheck, custom};
    for (ParityPreset &p : presets)
        p.options.preset = p.name;
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

/// A preset entry a plugin brings that is skipped is an error of that plugin, listed with the
/// others by `portbench-cli plugins` and the GUI (plugins/ sits below parity/ in core's layers and
/// does not call it). The presets themselves are read by the manager's owner (read()).
[[maybe_unused]] const bool reportsSkippedPresets
    = PluginManager::addProfileReader([](const QList<LoadedBackend> &backends) {
          QList<PluginLoadError> skipped;
          ParityPresets::read(backends, &skipped);
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

ParityPresets ParityPresets::read(const QList<LoadedBackend> &backends, QList<PluginLoadError> *skipped)
{
    QList<ParityPreset> presets;
    QString defaultName;
    for (const LoadedBackend &b : backends) {
        const QString error = readProfile(b.backend->backendProfile(), presets, defaultName);
        if (!error.isEmpty() && skipped)
            skipped->append({b.path, error});
    }
    return ParityPresets(presets, defaultName);
}

ParityPresets::ParityPresets()
    : ParityPresets({}, QString())
{ }

ParityPresets::ParityPresets(const QList<ParityPreset> &brought, const QString &defaultName)
    : m_all(brought + corePresets())
{
    for (ParityPreset &p : m_all)
        p.options.presetSource = p.source;
    const ParityPreset *preset = find(defaultName);
    m_defaultName = preset ? preset->name : fallbackDefault();
}

const ParityPreset *ParityPresets::find(const QString &name) const
{
    return findPreset(m_all, name);
}

QStringList ParityPresets::names() const
{
    QStringList out;
    for (const ParityPreset &p : m_all)
        out << p.name;
    return out;
}

QStringList ParityPresets::fixedNames() const
{
    QStringList out = names();
    out.removeAll(ParityOptions::customPreset());
    return out;
}

QString ParityPresets::source(const QString &name) const
{
    const ParityPreset *preset = find(name);
    return preset ? preset->source : ParityOptions().presetSource;
}

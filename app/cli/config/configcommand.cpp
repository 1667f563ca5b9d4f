// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configcommand.h"

#include "core/sources/config/artifactwriter.h"
#include "core/sources/config/backendprofiles.h"
#include "core/sources/config/configemitter.h"
#include "core/sources/config/configimporter.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/memoryestimator.h"
#include "core/sources/config/trainingconfigjson.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

namespace {

const QString jsonOption = QStringLiteral("json");
const QString devicesOption = QStringLiteral("devices");
const QString outOption = QStringLiteral("out");
const QString forceOption = QStringLiteral("force");
const QString commandOption = QStringLiteral("command");
const QString ignoreErrorsOption = QStringLiteral("ignore-errors");
const QString backendOption = QStringLiteral("backend");

QJsonArray issuesJson(const ConfigIssues &issues)
{
    QJsonArray a;
    for (const ConfigIssue &i : issues)
        a.append(
            QJsonObject{{QStringLiteral("severity"), i.isError() ? QStringLiteral("error") : QStringLiteral("warning")},
                        {QStringLiteral("field"), i.field},
                        {QStringLiteral("message"), i.message}});
    return a;
}

QJsonObject memoryJson(const MemoryEstimate &e)
{
    return QJsonObject{{QStringLiteral("device"), e.deviceName},
                       {QStringLiteral("deviceBytes"), e.deviceBytes},
                       {QStringLiteral("parameters"), e.parameters},
                       {QStringLiteral("gradients"), e.gradients},
                       {QStringLiteral("optimizer"), e.optimizer},
                       {QStringLiteral("gatheredParameters"), e.gatheredParameters},
                       {QStringLiteral("activations"), e.activations},
                       {QStringLiteral("logits"), e.logits},
                       {QStringLiteral("margin"), e.margin},
                       {QStringLiteral("total"), e.total},
                       {QStringLiteral("fits"), e.fits()},
                       {QStringLiteral("hostBytesPerNode"), e.hostBytesPerNode},
                       {QStringLiteral("deepspeedDeviceBytes"), e.deepspeedDeviceBytes},
                       {QStringLiteral("deepspeedHostBytes"), e.deepspeedHostBytes},
                       {QStringLiteral("assumptions"), QJsonArray::fromStringList(e.assumptions)}};
}

} // namespace

QString ConfigCommand::summary() const
{
    return QCoreApplication::translate(
        "ConfigCommand",
        "Training configs: validate, emit artifacts, import ds_config/accelerate/launch lines, "
        "estimate memory.");
}

void ConfigCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("action"),
                                 QCoreApplication::translate("ConfigCommand", "validate | emit | import | memory"));
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QCoreApplication::translate("ConfigCommand",
                                    "TrainingConfig JSON, ds_config.json, accelerate YAML or launch "
                                    "line(s); several are merged."),
        QStringLiteral("FILE..."));
    parser.addOption({jsonOption, QCoreApplication::translate("ConfigCommand", "Machine-readable output.")});
    parser.addOption(
        {devicesOption,
         QCoreApplication::translate("ConfigCommand", "Devices found on this node (checked against devices per node)."),
         QStringLiteral("N")});
    parser.addOption({outOption,
                      QCoreApplication::translate(
                          "ConfigCommand", "emit: the folder for the artifacts; import: the config file to write."),
                      QStringLiteral("PATH")});
    parser.addOption(
        {forceOption, QCoreApplication::translate("ConfigCommand", "Overwrite existing files (a .bak copy is kept).")});
    parser.addOption({commandOption,
                      QCoreApplication::translate("ConfigCommand",
                                                  "Which command of a multi-command launch file to import (1-based)."),
                      QStringLiteral("N"), QStringLiteral("1")});
    parser.addOption(
        {ignoreErrorsOption,
         QCoreApplication::translate("ConfigCommand", "emit: write artifacts even when validation finds errors.")});
    parser.addOption(
        {backendOption,
         QCoreApplication::translate("ConfigCommand",
                                     "The backend the inputs run on (a plugin id: 'portbench-cli plugins'); "
                                     "its default device is assumed unless the device is one of its own."),
         QStringLiteral("ID")});
}

int ConfigCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return usageError(context, QStringLiteral("missing action (validate, emit, import, memory)"));
    const QString action = args.takeFirst();
    if (action != QLatin1String("validate") && action != QLatin1String("emit") && action != QLatin1String("import")
        && action != QLatin1String("memory"))
        return usageError(context, QStringLiteral("unknown action '%1' (validate, emit, import, memory)").arg(action));
    if (args.isEmpty())
        return usageError(context, QStringLiteral("%1: no input file").arg(action));
    std::optional<int> devices;
    if (parser.isSet(devicesOption)) {
        bool ok = false;
        const int n = parser.value(devicesOption).toInt(&ok);
        if (!ok || n < 0)
            return usageError(context,
                              QStringLiteral("--devices expects a number, got '%1'").arg(parser.value(devicesOption)));
        devices = n;
    }
    bool ok = false;
    const int commandIndex = parser.value(commandOption).toInt(&ok) - 1;
    if (!ok || commandIndex < 0)
        return usageError(context, QStringLiteral("--command expects a number ≥ 1"));

    context.plugins(); // backends, device presets, environment lines and rules come from the plugins
    ConfigParseResult imported = ConfigImporter::importFiles(args, commandIndex);
    if (!imported) {
        context.err() << "portbench-cli config: " << imported.error << '\n';
        return ExitCode::UsageError;
    }
    if (parser.isSet(backendOption)) {
        const BackendProfile *backend = BackendProfiles::find(parser.value(backendOption));
        if (!backend)
            return usageError(context,
                              QStringLiteral("--backend: '%1' is not a loaded backend (%2)")
                                  .arg(parser.value(backendOption), BackendProfiles::ids().join(QStringLiteral(", "))));
        imported.notes << QStringLiteral("backend %1 from --backend").arg(backend->info.id)
                + BackendProfiles::switchBackend(imported.config, *backend);
    }
    const TrainingConfig &config = imported.config;
    const bool json = parser.isSet(jsonOption);
    const ConfigIssues issues = ConfigValidator::validate(config, devices);
    const bool hasErrors = ConfigValidator::hasErrors(issues);

    if (action == QLatin1String("import")) {
        for (const QString &note : imported.notes)
            context.err() << "note: " << note << '\n';
        for (const ConfigIssue &i : issues)
            context.err() << i.toString() << '\n';
        const QByteArray bytes = TrainingConfigJson::write(config);
        if (!parser.isSet(outOption)) {
            context.out() << QString::fromUtf8(bytes);
            return ExitCode::Ok;
        }
        ConfigArtifact file{QFileInfo(parser.value(outOption)).fileName(), {}, ConfigArtifact::Language::Json, bytes};
        const ArtifactWriter::Result r = ArtifactWriter::write(
            {file}, QFileInfo(parser.value(outOption)).absolutePath(), parser.isSet(forceOption));
        if (!r) {
            context.err() << "portbench-cli config: " << r.error
                          << (r.error.contains(QLatin1String("would overwrite")) ? QStringLiteral(" (use --force)")
                                                                                 : QString())
                          << '\n';
            return ExitCode::UsageError;
        }
        return ExitCode::Ok;
    }

    if (action == QLatin1String("validate")) {
        if (json) {
            context.out() << QJsonDocument(QJsonObject{{QStringLiteral("valid"), !hasErrors},
                                                       {QStringLiteral("issues"), issuesJson(issues)}})
                                 .toJson(QJsonDocument::Indented);
        } else {
            for (const ConfigIssue &i : issues)
                context.out() << i.toString() << '\n';
            if (issues.isEmpty())
                context.out() << "ok: no problems found\n";
        }
        return hasErrors ? ExitCode::Failed : ExitCode::Ok;
    }

    if (action == QLatin1String("memory")) {
        const MemoryEstimate e = MemoryEstimator::estimate(config);
        if (!e) {
            context.err() << "portbench-cli config: " << e.error << '\n';
            return ExitCode::UsageError;
        }
        if (json) {
            context.out() << QJsonDocument(memoryJson(e)).toJson(QJsonDocument::Indented);
        } else {
            auto row = [&context](const char *label, double bytes) {
                context.out() << QString::fromLatin1(label).leftJustified(22) << MemoryEstimator::formatBytes(bytes)
                              << '\n';
            };
            context.out() << "Per device on " << e.deviceName << ":\n";
            row("  parameters", e.parameters);
            row("  gradients", e.gradients);
            row("  optimizer states", e.optimizer);
            row("  gathered parameters", e.gatheredParameters);
            row("  activations", e.activations);
            row("  logits", e.logits);
            row("  margin", e.margin);
            row("  total", e.total);
            row("  device memory", e.deviceBytes);
            context.out() << (e.fits() ? "fits\n" : "does NOT fit\n");
            if (e.hostBytesPerNode > 0)
                row("CPU RAM per node", e.hostBytesPerNode);
            if (e.deepspeedDeviceBytes >= 0) {
                row("DeepSpeed estimator, device", e.deepspeedDeviceBytes);
                row("DeepSpeed estimator, host", e.deepspeedHostBytes);
            }
            context.out() << "Assumptions:\n";
            for (const QString &a : e.assumptions)
                context.out() << "  - " << a << '\n';
        }
        return e.fits() ? ExitCode::Ok : ExitCode::Failed;
    }

    // emit
    if (!parser.isSet(outOption))
        return usageError(context, QStringLiteral("emit needs --out DIR"));
    for (const ConfigIssue &i : issues)
        context.err() << i.toString() << '\n';
    if (hasErrors && !parser.isSet(ignoreErrorsOption)) {
        context.err()
            << "portbench-cli config: not emitting an inconsistent config (use --ignore-errors to emit anyway)\n";
        return ExitCode::Failed;
    }
    const ConfigArtifacts artifacts = ConfigEmitter::emitAll(config);
    const ArtifactWriter::Result r
        = ArtifactWriter::write(artifacts, parser.value(outOption), parser.isSet(forceOption));
    if (!r) {
        context.err() << "portbench-cli config: " << r.error
                      << (r.error.contains(QLatin1String("would overwrite")) ? QStringLiteral(" (use --force)")
                                                                             : QString())
                      << '\n';
        return ExitCode::UsageError;
    }
    if (json) {
        context.out() << QJsonDocument(
                             QJsonObject{{QStringLiteral("written"), QJsonArray::fromStringList(r.written)},
                                         {QStringLiteral("unchanged"), QJsonArray::fromStringList(r.unchanged)},
                                         {QStringLiteral("backups"), QJsonArray::fromStringList(r.backups)}})
                             .toJson(QJsonDocument::Indented);
    } else {
        for (const QString &f : r.written)
            context.out() << "wrote " << f << '\n';
        for (const QString &f : r.unchanged)
            context.out() << "unchanged " << f << '\n';
        for (const QString &f : r.backups)
            context.out() << "backup " << f << '\n';
    }
    return ExitCode::Ok;
}

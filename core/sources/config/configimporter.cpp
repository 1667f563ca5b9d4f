// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configimporter.h"

#include "accelerateyaml.h"
#include "commandlineimporter.h"
#include "deepspeedjson.h"
#include "trainingconfigjson.h"

#include "core/base/io/inputfile.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

ConfigImporter::Kind ConfigImporter::detect(const QByteArray &bytes)
{
    const QByteArray head = bytes.trimmed();
    if (head.startsWith('{')) {
        if (TrainingConfigJson::sniff(bytes))
            return Kind::TrainingConfig;
        if (DeepSpeedJson::sniff(bytes))
            return Kind::DeepSpeed;
        return Kind::Unknown;
    }
    if (CommandLineImporter::sniff(QString::fromUtf8(bytes)))
        return Kind::CommandLine;
    if (AccelerateYaml::sniff(bytes))
        return Kind::Accelerate;
    return Kind::Unknown;
}

QString ConfigImporter::kindName(Kind kind)
{
    switch (kind) {
    case Kind::TrainingConfig: return QStringLiteral("PortBench training config");
    case Kind::DeepSpeed: return QStringLiteral("DeepSpeed config");
    case Kind::Accelerate: return QStringLiteral("accelerate config");
    case Kind::CommandLine: return QStringLiteral("launch command");
    case Kind::Unknown: break;
    }
    return QStringLiteral("unknown");
}

ConfigParseResult ConfigImporter::importBytes(const QByteArray &bytes, Kind kind, const TrainingConfig &base,
                                              int commandIndex)
{
    switch (kind) {
    case Kind::TrainingConfig: return TrainingConfigJson::read(bytes);
    case Kind::DeepSpeed: return DeepSpeedJson::import(bytes, base);
    case Kind::Accelerate: return AccelerateYaml::import(bytes, base);
    case Kind::CommandLine: return CommandLineImporter::import(QString::fromUtf8(bytes), base, commandIndex);
    case Kind::Unknown: break;
    }
    ConfigParseResult r;
    r.config = base;
    r.error = QStringLiteral("not a TrainingConfig, ds_config.json, accelerate YAML or launch command");
    return r;
}

ConfigParseResult ConfigImporter::importFiles(const QStringList &paths, int commandIndex)
{
    struct Input
    {
        QString path;
        QByteArray bytes;
        Kind kind;
    };
    QList<Input> inputs;
    ConfigParseResult result;
    for (const QString &path : paths) {
        const InputFile::Result input = InputFile::read(path, InputFile::configLimit, QStringLiteral("config"));
        if (!input) {
            result.error = input.error;
            return result;
        }
        const QByteArray &bytes = input.bytes;
        const Kind kind = detect(bytes);
        if (kind == Kind::Unknown) {
            result.error = QStringLiteral("%1: not a TrainingConfig, ds_config.json, accelerate YAML or launch command")
                               .arg(path);
            return result;
        }
        inputs.append({path, bytes, kind});
    }
    auto rank = [](Kind k) { return k == Kind::TrainingConfig ? 0 : k == Kind::CommandLine ? 2 : 1; };
    std::stable_sort(inputs.begin(), inputs.end(),
                     [&rank](const Input &a, const Input &b) { return rank(a.kind) < rank(b.kind); });
    for (const Input &in : inputs) {
        ConfigParseResult r = importBytes(in.bytes, in.kind, result.config, commandIndex);
        if (!r) {
            result.error = QStringLiteral("%1: %2").arg(in.path, r.error);
            return result;
        }
        result.config = r.config;
        for (const QString &note : std::as_const(r.notes))
            result.notes << QStringLiteral("%1: %2").arg(QFileInfo(in.path).fileName(), note);
        if (result.config.name.isEmpty())
            result.config.name = QFileInfo(in.path).completeBaseName();
    }
    return result;
}

bool ConfigImporter::canImport(const QString &path)
{
    // A Python source can quote a launch line in a docstring; it is never a config.
    if (QFileInfo(path).suffix() == QLatin1String("py"))
        return false;
    QFile f(path);
    if (!InputFile::refusalFor(path).isEmpty() || !f.open(QIODevice::ReadOnly) || f.size() > 1024 * 1024)
        return false;
    return detect(f.readAll()) != Kind::Unknown;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritypreset.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>
#include <variant>

namespace {

/// The criteria fields a preset may set, by their parity JSON names.
using PresetField
    = std::variant<double ParityOptions::*, bool ParityOptions::*, int ParityOptions::*, qint64 ParityOptions::*>;

const QList<std::pair<QString, PresetField>> &presetFields()
{
    static const QList<std::pair<QString, PresetField>> fields{
        {QStringLiteral("relTol"), &ParityOptions::relTol},
        {QStringLiteral("absTol"), &ParityOptions::absTol},
        {QStringLiteral("minWithinShare"), &ParityOptions::minWithinShare},
        {QStringLiteral("meanRelLimit"), &ParityOptions::meanRelLimit},
        {QStringLiteral("meanAbsLimit"), &ParityOptions::meanAbsLimit},
        {QStringLiteral("meanEitherLimit"), &ParityOptions::meanEitherLimit},
        {QStringLiteral("firstStepAbsLimit"), &ParityOptions::firstStepAbsLimit},
        {QStringLiteral("firstStepRelLimit"), &ParityOptions::firstStepRelLimit},
        {QStringLiteral("gradNormMeanRelLimit"), &ParityOptions::gradNormMeanRelLimit},
        {QStringLiteral("divergenceFails"), &ParityOptions::divergenceFails},
        {QStringLiteral("minJudgedSteps"), &ParityOptions::minJudgedSteps},
        {QStringLiteral("skipWarmup"), &ParityOptions::skipWarmup},
    };
    return fields;
}

/// Sets one field from its JSON value; false when the value is not of the field's kind or negative.
bool setPresetField(ParityOptions &o, const PresetField &field, const QJsonValue &value)
{
    if (const auto *flag = std::get_if<bool ParityOptions::*>(&field)) {
        if (!value.isBool())
            return false;
        o.*(*flag) = value.toBool();
        return true;
    }
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !(number >= 0) || !std::isfinite(number))
        return false;
    if (const auto *real = std::get_if<double ParityOptions::*>(&field)) {
        o.*(*real) = number;
        return true;
    }
    if (number != std::floor(number) || number > 1e9)
        return false;
    if (const auto *count = std::get_if<int ParityOptions::*>(&field))
        o.*(*count) = int(number);
    else
        o.*std::get<qint64 ParityOptions::*>(field) = qint64(number);
    return true;
}

} // namespace

std::optional<ParityPreset> ParityPreset::fromJson(const QJsonObject &json, QString *error)
{
    ParityPreset preset;
    preset.name = json.value(QStringLiteral("name")).toString();
    preset.source = json.value(QStringLiteral("source")).toString();
    if (preset.name.isEmpty() || preset.source.isEmpty()) {
        *error = QStringLiteral("parity preset \"%1\": a preset needs a name and a source").arg(preset.name);
        return std::nullopt;
    }
    preset.options.preset = preset.name;
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (it.key() == QLatin1String("name") || it.key() == QLatin1String("source"))
            continue;
        const auto &fields = presetFields();
        const auto field
            = std::find_if(fields.begin(), fields.end(), [&it](const auto &f) { return f.first == it.key(); });
        if (field == fields.end()) {
            *error = QStringLiteral("parity preset \"%1\": unknown field \"%2\"").arg(preset.name, it.key());
            return std::nullopt;
        }
        if (!setPresetField(preset.options, field->second, it.value())) {
            *error = QStringLiteral("parity preset \"%1\": \"%2\" is not a valid value").arg(preset.name, it.key());
            return std::nullopt;
        }
    }
    return preset;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "trainingconfig.h"

#include <QJsonObject>
#include <QList>
#include <QString>

/// The training-script arguments (Hugging Face `TrainingArguments` and the model/data flags of the
/// usual fine-tuning scripts). Modelled flags are produced from the config; a pasted command's
/// arguments are kept in order with their spelling, and re-emitted unchanged where the config still
/// says the same thing.
class TrainerArgs
{
public:
    /// The final argument list: the imported arguments in their order (modelled ones updated, or
    /// dropped when the setting no longer applies), then modelled settings not yet present.
    static QList<TrainerArg> build(const TrainingConfig &config);
    /// Applies one argument to the config if PortBench models it; false if it is unknown, or
    /// `error` is set when the value does not fit (e.g. `--per_device_train_batch_size two`).
    static bool apply(TrainingConfig &config, const QString &flag, const QString &value, bool hasValue, QString *error);
    /// `--flag value` / `--flag=value` / `--flag`.
    static QString render(const TrainerArg &arg);
    /// The arguments as an HfArgumentParser JSON file (`parse_json_file`): typed values.
    static QJsonObject toJson(const QList<TrainerArg> &args);
    /// Shortest decimal spelling that round-trips ("2e-05" → "2e-5").
    static QString formatNumber(double value);
};

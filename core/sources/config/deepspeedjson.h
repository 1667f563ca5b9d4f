// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configparseresult.h"

#include <QByteArray>
#include <QJsonObject>

/// DeepSpeed's `ds_config.json`. With ZeroSettings::hfAuto the values the Hugging Face Trainer
/// fills in (batch sizes, accumulation, lr, clipping, fp16/bf16, bucket sizes) are written as "auto",
/// which is what the Trainer integration expects; otherwise the config's own numbers are written.
class DeepSpeedJson
{
public:
    /// The modelled keys only.
    static QJsonObject modelled(const TrainingConfig &config);
    /// The file: modelled keys over the imported keys PortBench does not model.
    static QJsonObject emit(const TrainingConfig &config);
    static QByteArray write(const TrainingConfig &config);
    /// Reads a ds_config into `base` (launch settings untouched); unmodelled keys go to
    /// TrainingConfig::deepspeedExtra. Errors name the key path (`zero_optimization.stage`).
    static ConfigParseResult import(const QByteArray &bytes, const TrainingConfig &base = {});
    /// True for a JSON object with DeepSpeed's characteristic keys.
    static bool sniff(const QByteArray &bytes);
};

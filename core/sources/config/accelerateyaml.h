// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configparseresult.h"

#include <QByteArray>
#include <QJsonObject>

/// Accelerate's config YAML (`accelerate config` output; FSDP1, FSDP2 and DeepSpeed). Read and
/// written with yaml-cpp; keys PortBench does not model travel in TrainingConfig::accelerateExtra
/// (as JSON) and are written back. Output follows accelerate's own writer: keys sorted, strings that
/// YAML would read as something else ('no') single-quoted. yaml-cpp stays inside this class's
/// translation unit.
class AccelerateYaml
{
public:
    static QJsonObject modelled(const TrainingConfig &config);
    /// accelerate's defaults, then the imported keys, then the modelled keys.
    static QJsonObject emit(const TrainingConfig &config);
    static QByteArray write(const TrainingConfig &config);
    /// Reads the YAML into `base`; errors carry the YAML line or the key path.
    static ConfigParseResult import(const QByteArray &bytes, const TrainingConfig &base = {});
    /// The YAML written from a JSON object (exposed for tests of the writer).
    static QByteArray toYaml(const QJsonObject &object);
    /// A YAML mapping with accelerate's `distributed_type` and `compute_environment` keys.
    static bool sniff(const QByteArray &bytes);
};

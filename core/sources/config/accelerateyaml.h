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
class BackendProfiles;

class AccelerateYaml
{
public:
    /// `backends` give each backend's multi-device `distributed_type` (MULTI_NPU, …).
    static QJsonObject modelled(const TrainingConfig &config, const BackendProfiles &backends);
    /// accelerate's defaults, then the imported keys, then the modelled keys.
    static QJsonObject emit(const TrainingConfig &config, const BackendProfiles &backends);
    static QByteArray write(const TrainingConfig &config, const BackendProfiles &backends);
    /// Reads the YAML into `base`, the backend from a `distributed_type` of one of `backends`;
    /// errors carry the YAML line or the key path.
    static ConfigParseResult import(const QByteArray &bytes, const BackendProfiles &backends,
                                    const TrainingConfig &base = {});
    /// The YAML written from a JSON object (exposed for tests of the writer).
    static QByteArray toYaml(const QJsonObject &object);
    /// A YAML mapping with accelerate's `distributed_type` and `compute_environment` keys.
    static bool sniff(const QByteArray &bytes);
};

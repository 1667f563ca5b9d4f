// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configissue.h"
#include "trainingconfig.h"

#include <QCoreApplication>

#include <optional>

class BackendProfiles;

/// Consistency checks on a TrainingConfig. Pure: the backends whose rules and devices apply are
/// passed in, and so is the device count found by the environment check when one is known
/// (`devicesFound`, devices on this node).
class ConfigValidator
{
    Q_DECLARE_TR_FUNCTIONS(ConfigValidator)

public:
    static ConfigIssues validate(const TrainingConfig &config, const BackendProfiles &backends,
                                 std::optional<int> devicesFound = std::nullopt);
    static bool hasErrors(const ConfigIssues &issues);
};

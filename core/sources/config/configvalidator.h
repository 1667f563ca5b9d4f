// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configissue.h"
#include "trainingconfig.h"

#include <QCoreApplication>

#include <optional>

/// Consistency checks on a TrainingConfig. Pure: the device count found by the environment
/// check is passed in when one is known (`devicesFound`, devices on this node).
class ConfigValidator
{
    Q_DECLARE_TR_FUNCTIONS(ConfigValidator)

public:
    static ConfigIssues validate(const TrainingConfig &config, std::optional<int> devicesFound = std::nullopt);
    static bool hasErrors(const ConfigIssues &issues);
};

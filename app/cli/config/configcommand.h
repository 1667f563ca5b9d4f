// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli config ACTION …`: validate, emit, import and memory for training configs.
/// Every action accepts one or more input files (TrainingConfig JSON, ds_config.json, accelerate
/// YAML, launch line), merged as ConfigImporter does.
class ConfigCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("config"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli plugins [--json]`: the loaded device backends, their manifests and load errors.
class PluginsCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("plugins"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli attach HOST:PATH [--from-start] [--json]`: follows a training log on an SSH host
/// (or a local PATH) as a recorded run, surviving dropped connections, printing each parsed step.
class AttachCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("attach"); }
    QString summary() const override;
    bool listsPluginPresets() const override { return true; }

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

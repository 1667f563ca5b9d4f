// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli monitor`: device telemetry of a job started elsewhere — one long-running sampler
/// (the backend plugin's tool) on this machine or on an SSH host, printed as it arrives, flagged
/// (stragglers, full memory, throttling) and appended to a portbench-telemetry/1 file.
class MonitorCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("monitor"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli stop RUN [--grace SECONDS]`: SIGTERM to the run's process group (locally or on
/// its SSH host), SIGKILL after the grace period; scancel for a SLURM job.
class StopCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("stop"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

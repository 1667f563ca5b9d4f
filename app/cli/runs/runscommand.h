// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli runs [--json] [--workspace DIR]`: every run in the workspace, detached ones
/// brought up to date from their pid/exit files.
class RunsCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("runs"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli submit SCRIPT [--host H] [--wait]`: sbatch the script (here or on a login node),
/// record it as a run, and with --wait follow its output and state until the job ends.
class SubmitCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("submit"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

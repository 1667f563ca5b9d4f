// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli stackcheck [--python PATH] [--host HOST] [--device D] [--precision P] ...`: runs
/// PortBench's reference GPT as a Python workload in the user's own stack, here or over SSH, shows
/// its steps, and judges its loss curve against the shipped reference for the precision
/// (StackCheck, docs/stackcheck.md). Exit codes as `parity`: 0 PASS/WARN, 1 FAIL or a run that
/// did not finish, 2 usage or input error (no Python, no torch, no such device).
class StackcheckCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("stackcheck"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli run [--name N] [--backend B] [--detach] [--host H] -- CMD ARGS...`: records a
/// run in the workspace, starts it (here, detached, or on an SSH host) and, unless detached,
/// prints a summary line per parsed step until it ends; Ctrl+C stops it.
class RunCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("run"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

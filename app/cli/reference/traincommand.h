// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli train [options] [--log FILE]`: one built-in reference run on libtorch, with live
/// summary lines and a live JSONL log. Ctrl-C stops after the current step, leaving the log complete.
class TrainCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("train"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

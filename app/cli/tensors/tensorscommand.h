// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli tensors BASELINE CANDIDATE [--json]`: msprobe-style comparison of two tensor dumps
/// (torch.save files, safetensors files, or folders of them). Exit 1 when any tensor fails.
class TensorsCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("tensors"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

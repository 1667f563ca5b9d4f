// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

/// `portbench-cli topo`: device topology (links, NUMA/CPU affinity, advice) from a live probe or
/// a saved `nvidia-smi topo -m` / `npu-smi info -t topo` capture.
class TopoCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("topo"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

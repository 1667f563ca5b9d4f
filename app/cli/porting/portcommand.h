// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

class PortRuleSet;

/// `portbench-cli port SRC --target npu|musa [--out DST | --in-place] [--diff] [--report FILE]
/// [--transfer-to-npu] [--reverse] [--json]`: port a CUDA training script or repository.
/// `port --check TREE --target npu|musa` verifies a ported tree instead (PortChecker).
/// Exit codes: 0 nothing left for a human, 3 manual or unsupported findings remain, 2 errors.
class PortCommand : public CliCommand
{
public:
    static constexpr int NeedsHuman = 3;

    QString name() const override { return QStringLiteral("port"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;

private:
    int check(const QCommandLineParser &parser, CliContext &context, const PortRuleSet &rules);
};

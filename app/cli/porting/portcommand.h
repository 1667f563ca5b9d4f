#pragma once

#include "clicommand.h"

/// `portbench-cli port SRC --target npu|musa [--out DST | --in-place] [--diff] [--report FILE]
/// [--transfer-to-npu] [--reverse] [--json]`: port a CUDA training script or repository.
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
};

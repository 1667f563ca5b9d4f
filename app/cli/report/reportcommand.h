#pragma once

#include "clicommand.h"

/// `portbench-cli report --run LOG... [--baseline RUN] [--env ENV.json] [--config CFG]
/// [--topology CAPTURE] [--port-report FILE] [--tensors-report FILE] [--preset NAME]
/// [--sections LIST] [--parity-csv FILE] -o report.html|report.pdf|report.md` (docs/report.md).
/// Exit 0 written (PASS or WARN), 1 written with a FAIL verdict, 2 usage or input error.
class ReportCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("report"); }
    QString summary() const override;
    bool needsGui() const override { return true; }

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"
#include "core/workflows/report/reportoptions.h"

struct DemoPlan;

/// `portbench-cli demo [--out DIR] [--preset NAME] [--lang LANG] [--json]`: PortBench's main job on its built-in
/// default. Trains the reference model twice from the same seed and data order, an fp32 baseline
/// and a bf16 candidate, with live logs in one folder, reads the logs back and gives the parity
/// verdict. Exit codes as `parity`: 0 PASS/WARN, 1 FAIL (or stopped), 2 usage or input error.
class DemoCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("demo"); }
    QString summary() const override;
    bool listsPluginPresets() const override { return true; }
    /// The demo ends with an HTML report, whose charts are drawn offscreen.
    bool needsGui() const override { return true; }

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;

private:
    /// The demo's report.html (both runs, their charts and the parity) through the same pipeline
    /// as `portbench-cli report`; returns the error, empty when written.
    QString writeReport(const DemoPlan &plan, const ReportOptions &options, CliContext &context,
                        const QString &path) const;
};

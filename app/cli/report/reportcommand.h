// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"
#include "logs/loginputs.h"
#include "core/workflows/report/reportinput.h"
#include "core/workflows/report/reportoptions.h"

#include <QCoreApplication>

#include <vector>

/// `portbench-cli report --run LOG... [--baseline RUN] [--env ENV.json] [--config CFG]
/// [--topology CAPTURE] [--port-report FILE] [--tensors-report FILE] [--preset NAME]
/// [--sections LIST] [--lang LANG] [--parity-csv FILE] -o report.html|report.pdf|report.md` (docs/report.md).
/// Exit 0 written (PASS or WARN), 1 written with a FAIL verdict, 2 usage or input error.
class ReportCommand : public CliCommand
{
    Q_DECLARE_TR_FUNCTIONS(ReportCommand)

public:
    QString name() const override { return QStringLiteral("report"); }
    QString summary() const override;
    bool needsGui() const override { return true; }
    bool listsPluginPresets() const override { return true; }

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;

private:
    /// Title, --lang, preset, smoothing and sections; returns the usage error, or an empty string.
    static QString readOptions(const QCommandLineParser &parser, ReportOptions &options);
    /// The --run logs and the --envelope baselines into input (borrowed from parsed), and the
    /// --baseline; ExitCode::Ok, or the exit code after saying what is wrong.
    int readRuns(const QCommandLineParser &parser, CliContext &context, std::vector<LogInputs::Input> &parsed,
                 ReportInput &input) const;
    /// --env and --candidate-env; returns the error naming the file, or an empty string.
    static QString readEnvironments(const QCommandLineParser &parser, ReportInput &input);
    /// The other results: environments, config, topology capture, porting and tensor reports.
    static QString readResults(const QCommandLineParser &parser, CliContext &context, ReportInput &input);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "logs/loginputs.h"
#include "core/workflows/report/reportgenerator.h"

#include <QCommandLineParser>

#include <vector>

/// The report pipeline as `portbench-cli report` and `demo` run it: the logs LogInputs read (with
/// the facts that files beside them state) into a ReportInput, then ReportGenerator writing
/// through ReportDrawingModule in the language --lang names. The GUI's Report dialog runs the same
/// ReportGenerator with ReportExporter.
class CliReport
{
    Q_DECLARE_TR_FUNCTIONS(CliReport)

public:
    /// Adds --lang LANG (en, zh_CN).
    static void addLanguageOption(QCommandLineParser &parser);
    /// Sets options.language from --lang; returns the usage error, or an empty string.
    static QString readLanguage(const QCommandLineParser &parser, ReportOptions &options);
    /// Adds each parsed log's run to input (borrowed: parsed must outlive input), with the facts
    /// that trainer_state.json and TrainingArguments beside a log state (the fairness checklist).
    static void addRuns(std::vector<LogInputs::Input> &parsed, ReportInput &input);
    /// Builds and writes the report (ReportGenerator) through the drawing module; the error says
    /// when the module is absent.
    static ReportGenerator::Result write(const ReportOptions &options, const ReportInput &input, const QString &path,
                                         const QString &parityCsv = {});
};

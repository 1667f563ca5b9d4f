// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportdocument.h"
#include "reportinput.h"
#include "reportoptions.h"

#include <QCoreApplication>

#include <functional>

struct ParityResult;

/// Assembles a ReportDocument from runs and the optional environment, topology, config, porting and
/// tensor results: the summary with every verdict first, then each chosen section. Pure (no
/// drawing, no files): the figures are ChartSpecs built by the same RunCurveBuilder the Charts dock
/// uses, drawn later by a ReportFigureRenderer. The parity comparison runs through ParityEngine.
/// Each section has its builder (ReportSummary, ReportRunSections, ReportParitySection,
/// ReportCheckSections); the words are tr()'d, in the language installed while it builds
/// (ReportGenerator installs the report's own, ReportOptions::language).
class ReportBuilder
{
    Q_DECLARE_TR_FUNCTIONS(ReportBuilder)

public:
    explicit ReportBuilder(const ReportOptions &options);

    /// Asked between the steps of a build; true stops it there, with what is built so far.
    using Cancelled = std::function<bool()>;

    /// parity, when given, receives the comparison the report shows (the CLI takes its exit code
    /// from it); it is left default (PASS, no candidates) when there was nothing to compare.
    ReportDocument build(const ReportInput &input, ParityResult *parity = nullptr,
                         const Cancelled &cancelled = {}) const;

    /// "PortBench report", in the language installed now.
    static QString defaultTitle();

private:
    ReportOptions m_options;
};

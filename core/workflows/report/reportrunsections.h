// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "reportdocument.h"
#include "reportinput.h"

#include <QCoreApplication>
#include <QVector>

/// The "Runs" section (one row per run, the log reader's warnings, the facts the logs state) and
/// the "Charts" section (each charted metric of every run, raw and smoothed, through the Charts
/// dock's RunCurveBuilder).
class ReportRunSections
{
    Q_DECLARE_TR_FUNCTIONS(ReportRunSections)

public:
    /// The run's name, or its file name when it has none.
    static QString runName(const ReportInput &input, int run);
    static QVector<ReportDocument::Block> runs(const ReportInput &input);
    static QVector<ReportDocument::Block> charts(const ReportInput &input, double smoothing, ReportDocument &doc);

private:
    static QStringList runRow(const ReportInput &input, int run);
    static QStringList facts(const RunMetrics &run);
};

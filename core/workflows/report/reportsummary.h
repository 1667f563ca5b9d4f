// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"
#include "reportdocument.h"
#include "reportinput.h"

#include <QCoreApplication>
#include <QVector>

/// The "Summary" section: every verdict a reader needs before the details — loss parity per
/// candidate with the key numbers, the environment, the configuration's validation, porting and
/// the tensor comparison — and the overall verdict, the worst of them.
class ReportSummary
{
    Q_DECLARE_TR_FUNCTIONS(ReportSummary)

public:
    /// comparing: a baseline and candidates were given (parity may still have failed: its error
    /// is then the summary's FAIL). doc receives the overall verdict.
    static QVector<ReportDocument::Block> build(const ReportInput &input, const ParityResult &parity, bool comparing,
                                                const QString &language, ReportDocument &doc);

private:
    static QVector<ReportDocument::Block> parityVerdicts(const ParityResult &parity);
    static ReportDocument::Block keyNumbers(const ParityResult &parity);
    static ReportDocument::Block environment(const EnvReport &env);
    static QString environmentVerdict(const EnvReport &env); ///< "FAIL", "WARN" or "PASS"
    static QVector<ReportDocument::Block> otherResults(const ReportInput &input);
};

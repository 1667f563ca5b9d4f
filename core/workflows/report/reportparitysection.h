// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/parity/parityresult.h"
#include "reportdocument.h"
#include "reportinput.h"

#include <QCoreApplication>
#include <QVector>

/// The "Loss parity" section: the criteria (ParityCriteria's sentences, those the CLI prints) and
/// their source, the noise envelope, per candidate its verdict, divergence, mismatch classes,
/// printed precision, overlay and difference figures and fairness checklist, then the devices
/// beside the throughput (when a run has telemetry), the environment diff and the statistics table (ParityStatsModel,
/// the same the Parity dock shows).
class ReportParitySection
{
    Q_DECLARE_TR_FUNCTIONS(ReportParitySection)

public:
    static QVector<ReportDocument::Block> build(const ParityResult &result, const ReportInput &input,
                                                ReportDocument &doc);

private:
    static QVector<ReportDocument::Block> criteria(const ParityResult &result);
    static QVector<ReportDocument::Block> envelope(const ParityResult &result);
    static QVector<ReportDocument::Block> candidate(const ParityResult &result, const ParityResult::Candidate &c,
                                                    ReportDocument &doc);
    static QString precision(const ParityResult::Precision &p);
    /// The "Devices" table (ParityDevicesModel): nothing when no run has telemetry.
    static QVector<ReportDocument::Block> devices(const ParityResult &result);
    static QVector<ReportDocument::Block> environmentDiff(const ReportInput &input);
    static ReportDocument::Block statistics(const ParityResult &result);
    static ReportDocument::Figure overlay(const ParityResult &result, const ParityResult::Candidate &c);
    static ReportDocument::Figure difference(const ParityResult &result, const ParityResult::Candidate &c);
};

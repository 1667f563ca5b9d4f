// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QStringList>

/// The words and numbers of a ParityResult, written once for every place that shows one: the
/// `parity` command prints lines(), `demo`, `stackcheck` and the GUI demo print summary(), and
/// ParityStatsModel (the GUI's statistics table, and the report's, which is built from the model)
/// takes its cell texts from the same functions. Every number goes through NumberText, so a relative
/// error is a percentage and an absent step is NumberText::none wherever it appears.
class ParityText
{
public:
    /// The whole comparison: baselines, `notes` (e.g. where facts were read from), the criteria,
    /// every candidate's statistics, reasons and mismatch classes, the verdict.
    static QStringList lines(const ParityResult &result, const QStringList &notes = {});
    /// The short form: the criteria, the first candidate's steps, errors, share within tolerance and
    /// throughput, its reasons, the verdict (last line, "Verdict: ...").
    static QStringList summary(const ParityResult &result);

    /// "Preset ascend (source)." and ParityCriteria's sentences in English, indented by two.
    static QStringList criteria(const ParityOptions &options);
    /// "Devices:" and ParityDevicesModel's table, its columns lined up; empty when no run has
    /// telemetry.
    static QStringList devices(const ParityResult &result);
    /// "Verdict: FAIL (failed on loss)".
    static QString verdictLine(const ParityResult &result);

    // Cell texts, shared with ParityStatsModel.
    /// "text @ step", or text alone when the step is absent.
    static QString atStep(const QString &text, qint64 step);
    /// "39.9 % (399/1000)": share of judged steps within tolerance, with the counts.
    static QString within(const ParityResult::Candidate &c);
    /// "+1.2 % (t = 3.4)": the tail's relative change and its t statistic.
    static QString drift(const ParityResult::Drift &d);
    /// "0.950× (tokens_per_s)", or the note that the logs have no common throughput.
    static QString throughput(const ParityResult::Throughput &t);
};

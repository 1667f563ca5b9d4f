// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportbuilder.h"

#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/paritycsv.h"
#include "reportchecksections.h"
#include "reportparitysection.h"
#include "reportrunsections.h"
#include "reportsummary.h"

#include <cmath>

using Block = ReportDocument::Block;
using Section = ReportOptions::Section;

namespace {

/// The parity comparison the report shows: the baseline against every run that is neither it nor
/// one of the envelope's further baselines. Default (no candidates) when nothing is compared.
ParityResult compareRuns(const ReportInput &input, const ParityOptions &parityOptions)
{
    QVector<const RunMetrics *> candidates, envelope;
    QVector<qint64> offsets;
    QVector<int> candidateRuns;
    for (int i = 0; i < input.runs.size(); ++i) {
        if (input.envelope.contains(i) && i != input.baseline) {
            envelope << input.runs.at(i);
        } else if (i != input.baseline) {
            candidates << input.runs.at(i);
            offsets << input.stepOffset(i);
            candidateRuns << i;
        }
    }
    ParityOptions options = parityOptions;
    if (options.candidateStepOffsets.isEmpty())
        options.candidateStepOffsets = offsets;
    if (options.baselineStepOffset == 0)
        options.baselineStepOffset = input.stepOffset(input.baseline);
    ParityResult parity = ParityEngine(options).compare(*input.runs.at(input.baseline), candidates, envelope);
    if (parity.baselineName.isEmpty())
        parity.baselineName = ReportRunSections::runName(input, input.baseline);
    parity.baselineTelemetry = input.telemetryOf(input.baseline);
    for (int k = 0; k < parity.candidates.size(); ++k)
        parity.candidates[k].telemetry = input.telemetryOf(candidateRuns.at(k));
    return parity;
}

} // namespace

ReportBuilder::ReportBuilder(const ReportOptions &options)
    : m_options(options)
{ }

QString ReportBuilder::defaultTitle()
{
    return tr("PortBench report");
}

ReportDocument ReportBuilder::build(const ReportInput &input, ParityResult *parityOut, const Cancelled &cancelled) const
{
    ReportDocument doc;
    doc.generated = QDateTime::currentDateTime();
    doc.language = m_options.language;
    QStringList names;
    for (int i = 0; i < input.runs.size(); ++i)
        names << ReportRunSections::runName(input, i);
    doc.title = m_options.title.isEmpty() ? defaultTitle() : m_options.title;
    doc.subtitle = names.join(QStringLiteral(", "));

    const bool comparing = input.baseline >= 0 && input.baseline < input.runs.size() && input.runs.size() > 1;
    if (cancelled && cancelled())
        return doc;
    const ParityResult parity = !comparing ? ParityResult{}
        : input.parity                     ? *input.parity
                                           : compareRuns(input, m_options.parity);
    const QVector<Block> summary = ReportSummary::build(input, parity, comparing, m_options.language, doc);
    for (Section s : m_options.sections) {
        if (cancelled && cancelled())
            return doc;
        QVector<Block> blocks;
        switch (s) {
        case Section::Summary: blocks = summary; break;
        case Section::Environment:
            if (input.environment)
                blocks = ReportCheckSections::environment(*input.environment, m_options.language);
            break;
        case Section::Topology:
            if (input.topology && *input.topology)
                blocks = ReportCheckSections::topology(*input.topology, doc);
            break;
        case Section::Config:
            if (input.config)
                blocks = ReportCheckSections::config(*input.config, input.configPath);
            break;
        case Section::Runs:
            if (!input.runs.isEmpty())
                blocks = ReportRunSections::runs(input);
            break;
        case Section::Charts:
            if (!input.runs.isEmpty())
                blocks = ReportRunSections::charts(input, m_options.smoothing, doc);
            break;
        case Section::Parity:
            if (comparing && parity) {
                blocks = ReportParitySection::build(parity, input, doc);
                doc.attachments.append({QStringLiteral("parity.csv"), ParityCsv::write(parity)});
            }
            break;
        case Section::Porting:
            if (!input.portReport.isEmpty())
                blocks = ReportCheckSections::porting(input.portReport);
            break;
        case Section::Tensors:
            if (!input.tensorsReport.isEmpty())
                blocks = ReportCheckSections::tensors(input.tensorsReport);
            break;
        }
        if (!blocks.isEmpty())
            doc.sections.append({ReportOptions::sectionName(s), ReportOptions::sectionTitle(s), blocks});
    }
    if (parityOut)
        *parityOut = parity;
    return doc;
}

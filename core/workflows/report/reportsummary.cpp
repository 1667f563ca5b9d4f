// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportsummary.h"

#include "core/sources/config/configvalidator.h"
#include "reportblocks.h"
#include "core/base/model/numbertext.h"
#include "reportbuilder.h"
#include "reportchecksections.h"
#include "reportwords.h"

using Block = ReportDocument::Block;

QVector<Block> ReportSummary::build(const ReportInput &input, const ParityResult &parity, bool comparing,
                                    const QString &language, ReportDocument &doc)
{
    QVector<Block> summary;
    summary << ReportBlocks::paragraph(tr("Generated %1 by PortBench from %n run(s).", nullptr, int(input.runs.size()))
                                           .arg(ReportWords::dateTime(doc.generated, language)));
    if (comparing && parity) {
        doc.verdict = ParityResult::verdictName(parity.verdict);
        summary << parityVerdicts(parity) << keyNumbers(parity);
    } else if (comparing) {
        summary << ReportBlocks::verdict(QStringLiteral("FAIL"), tr("loss parity could not be computed"),
                                         {parity.error});
        doc.verdict = QStringLiteral("FAIL");
    } else if (input.runs.size() > 1) {
        summary << ReportBlocks::paragraph(
            tr("No baseline chosen: the runs are shown side by side without a parity verdict."));
    }
    if (input.environment) {
        summary << environment(*input.environment);
        doc.verdict = ReportBlocks::worse(doc.verdict, environmentVerdict(*input.environment));
    }
    summary << otherResults(input);
    if (!input.tensorsReport.isEmpty())
        doc.verdict = ReportBlocks::worse(doc.verdict,
                                          input.tensorsReport.value(QStringLiteral("verdict")).toString().toUpper());
    return summary;
}

QVector<Block> ReportSummary::parityVerdicts(const ParityResult &parity)
{
    QVector<Block> blocks;
    for (const ParityResult::Candidate &c : parity.candidates) {
        QStringList reasons;
        for (const ParityResult::Reason &r : c.reasons)
            reasons << QStringLiteral("%1: %2").arg(ReportWords::verdict(ParityResult::verdictName(r.level)),
                                                    r.translated());
        if (reasons.isEmpty())
            reasons << tr("%1 of %2 judged steps within tolerance, mean relative error %3")
                           .arg(QString::number(c.withinCount), QString::number(c.judgedSteps),
                                NumberText::percent(c.meanRel));
        blocks << ReportBlocks::verdict(ParityResult::verdictName(c.verdict),
                                        tr("loss parity of %1 against %2").arg(c.name, parity.baselineName), reasons);
    }
    return blocks;
}

Block ReportSummary::keyNumbers(const ParityResult &parity)
{
    Block key = ReportBlocks::table(tr("Key numbers"),
                                    {tr("Candidate"), tr("Verdict"), tr("Judged steps"), tr("Within tolerance"),
                                     tr("Mean rel. error"), tr("Max rel. error"), tr("First divergence"),
                                     tr("Throughput ratio")});
    for (const ParityResult::Candidate &c : parity.candidates) {
        const QString word = ParityResult::verdictName(c.verdict);
        key.rows << QStringList{c.name,
                                ReportWords::verdict(word),
                                QString::number(c.judgedSteps),
                                NumberText::percent(c.withinShare),
                                NumberText::percent(c.meanRel),
                                NumberText::percent(c.maxRel),
                                NumberText::step(c.firstDivergenceStep),
                                c.throughput.source.isEmpty() ? NumberText::none
                                                              : NumberText::ratio(c.throughput.ratio)};
        key.rowSeverity << ReportDocument::severityOf(word);
    }
    return key;
}

QString ReportSummary::environmentVerdict(const EnvReport &env)
{
    return env.hasFailures()                ? QStringLiteral("FAIL")
        : env.count(EnvCheck::Status::Warn) ? QStringLiteral("WARN")
                                            : QStringLiteral("PASS");
}

Block ReportSummary::environment(const EnvReport &env)
{
    const QString word = environmentVerdict(env);
    QStringList items;
    for (const EnvCheck &c : env.checks) {
        if (c.status == EnvCheck::Status::Fail || c.status == EnvCheck::Status::Warn)
            items << QStringLiteral("%1: %2 (%3)").arg(EnvCheck::statusName(c.status).toUpper(), c.title, c.found);
    }
    return ReportBlocks::verdict(word, tr("environment of %1").arg(env.host), items);
}

QVector<Block> ReportSummary::otherResults(const ReportInput &input)
{
    QVector<Block> blocks;
    if (input.config) {
        const ConfigIssues issues = ConfigValidator::validate(*input.config);
        if (!issues.isEmpty())
            blocks << ReportBlocks::paragraph(
                tr("Training configuration: %n validation issue(s), see below.", nullptr, int(issues.size())));
    }
    if (!input.portReport.isEmpty()) {
        const QJsonObject s = input.portReport.value(QStringLiteral("summary")).toObject();
        QString text = tr("Porting: %1 file(s) scanned, %2 changed.")
                           .arg(QString::number(s.value(QStringLiteral("files")).toInt()),
                                QString::number(s.value(QStringLiteral("changedFiles")).toInt()));
        if (s.value(QStringLiteral("needsHuman")).toBool())
            text += QLatin1Char(' ') + tr("Some findings need a person.");
        blocks << ReportBlocks::paragraph(text);
    }
    if (!input.tensorsReport.isEmpty())
        blocks << ReportCheckSections::tensorsVerdict(input.tensorsReport, false);
    return blocks;
}

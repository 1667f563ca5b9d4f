// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportparitysection.h"

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/engines/parity/paritycriteria.h"
#include "core/engines/parity/paritydevicesmodel.h"
#include "core/engines/parity/paritypresets.h"
#include "core/engines/parity/parityenvdiff.h"
#include "core/engines/parity/paritystatsmodel.h"
#include "reportblocks.h"
#include "core/base/model/numbertext.h"
#include "reportbuilder.h"
#include "reportwords.h"

#include <cmath>

using Block = ReportDocument::Block;
using Figure = ReportDocument::Figure;

QVector<Block> ReportParitySection::build(const ParityResult &result, const ReportInput &input, ReportDocument &doc)
{
    QVector<Block> blocks = criteria(result);
    blocks << envelope(result);
    for (const ParityResult::Candidate &c : result.candidates)
        blocks << candidate(result, c, doc);
    blocks << devices(result);
    blocks << environmentDiff(input);
    blocks << ReportBlocks::heading(tr("Statistics")) << statistics(result);
    return blocks;
}

QVector<Block> ReportParitySection::criteria(const ParityResult &result)
{
    const ParityOptions &o = result.options;
    return {
        ReportBlocks::paragraph(
            tr("Baseline %1 against %n candidate(s) on %2, preset %3:", nullptr, int(result.candidates.size()))
                .arg(result.baselineName, o.metric.isEmpty() ? tr("the primary loss") : o.metric, o.preset)),
        ReportBlocks::list(ParityCriteria::sentences(o, true)),
        ReportBlocks::paragraph(tr("Source of the %1 criteria: %2.").arg(o.preset, ParityPresets::source(o.preset)))};
}

QVector<Block> ReportParitySection::envelope(const ParityResult &result)
{
    if (result.envelopeBaselines.isEmpty())
        return {};
    Block env = ReportBlocks::table(tr("Noise envelope: the baselines against %1 (per step the candidate is judged "
                                       "against their spread widened by the tolerance)")
                                        .arg(result.baselineName),
                                    {tr("Baseline"), tr("Common steps"), tr("Beyond tolerance"), tr("First beyond"),
                                     tr("Largest rel. difference")});
    for (const ParityResult::BaselineSpread &b : result.envelopeBaselines) {
        env.rows << QStringList{b.name, QString::number(b.commonSteps), QString::number(b.beyondTolerance),
                                NumberText::step(b.firstBeyondStep),
                                tr("%1 at step %2").arg(NumberText::percent(b.maxRel), NumberText::step(b.maxRelStep))};
        env.rowSeverity << (b.beyondTolerance > 0 ? QStringLiteral("warn") : QString());
    }
    return {env,
            ReportBlocks::paragraph(result.baselineReproducible
                                        ? tr("The baselines agree within the tolerance.")
                                        : tr("The baselines differ by more than the tolerance: the baseline itself "
                                             "is not reproducible at this tolerance."))};
}

QVector<Block> ReportParitySection::candidate(const ParityResult &result, const ParityResult::Candidate &c,
                                              ReportDocument &doc)
{
    QVector<Block> blocks;
    blocks << ReportBlocks::heading(c.name);
    QStringList reasons;
    for (const ParityResult::Reason &r : c.reasons)
        reasons << QStringLiteral("%1 [%2] %3")
                       .arg(ReportWords::verdict(ParityResult::verdictName(r.level)), r.code, r.translated());
    blocks << ReportBlocks::verdict(ParityResult::verdictName(c.verdict),
                                    tr("%1 against %2").arg(c.name, result.baselineName), reasons);
    blocks << ReportBlocks::paragraph(
        c.firstDivergenceStep >= 0
            ? tr("First divergence at step %1 (first step beyond tolerance: %2).")
                  .arg(QString::number(c.firstDivergenceStep), NumberText::step(c.firstBeyondStep))
            : tr("No divergence: %1 of %2 judged steps within tolerance; mean relative error %3, max %4 at step %5.")
                  .arg(QString::number(c.withinCount), QString::number(c.judgedSteps), NumberText::percent(c.meanRel),
                       NumberText::percent(c.maxRel), NumberText::step(c.maxRelStep)));
    if (c.envelope.steps > 0) {
        QStringList ranges;
        for (const auto &[from, to] : c.envelope.outsideRanges)
            ranges << (from == to ? QString::number(from) : QStringLiteral("%1–%2").arg(from).arg(to));
        QString text
            = tr("Envelope: outside at %1 of %2 steps; mean distance to the baselines' spread %3 (relative %4).")
                  .arg(QString::number(c.envelope.outside), QString::number(c.envelope.steps),
                       NumberText::number(c.envelope.meanAbsExcess), NumberText::percent(c.envelope.meanRelExcess));
        if (!ranges.isEmpty())
            text += QLatin1Char(' ') + tr("Outside at steps %1.").arg(ranges.join(QStringLiteral(", ")));
        blocks << ReportBlocks::paragraph(text);
    }
    if (!c.classes.isEmpty()) {
        Block classes = ReportBlocks::table(tr("Mismatch classes (MindSpeed-LLM precision guide)"),
                                            {tr("Class"), tr("Steps"), tr("Evidence"), tr("Check first")});
        for (const ParityResult::MismatchClass &k : c.classes) {
            classes.rows << QStringList{k.translatedLabel(), QStringLiteral("%1–%2").arg(k.fromStep).arg(k.toStep),
                                        k.translatedEvidence(), k.translatedCheckFirst()};
            classes.rowSeverity << QStringLiteral("warn");
        }
        blocks << classes;
    }
    for (const ParityResult::Precision &p : c.precision)
        blocks << ReportBlocks::paragraph(precision(p));
    blocks << ReportBlocks::figure(doc, overlay(result, c)) << ReportBlocks::figure(doc, difference(result, c));

    Block fairness = ReportBlocks::table(tr("Fairness checklist: what must match for the comparison to mean anything"),
                                         {tr("Item"), tr("Status"), result.baselineName, c.name, tr("Where")});
    for (const ParityResult::FairnessItem &f : c.fairness) {
        fairness.rows << QStringList{f.label, ParityResult::FairnessItem::statusName(f.status), f.baselineValue,
                                     f.candidateValue, f.detail};
        fairness.rowSeverity << (f.status == ParityResult::FairnessItem::Status::Mismatch ? QStringLiteral("warn")
                                                                                          : QString());
    }
    blocks << fairness;
    return blocks;
}

QString ReportParitySection::precision(const ParityResult::Precision &p)
{
    QStringList parts{tr("Precision of %1: %2 / %3 significant digits printed (baseline / candidate).")
                          .arg(p.metric, QString::number(p.baselineDigits), QString::number(p.candidateDigits))};
    if (p.resolution > 0) {
        parts << tr("A printed step of %1 against a tolerance of %2.")
                     .arg(NumberText::number(p.resolution), NumberText::number(p.tolerance));
        if (p.toleranceBelowResolution)
            parts << tr(
                "The tolerance is below what the logs print, so agreement proves only that the printed values agree.");
    }
    for (const QString &full : {p.baselineFullPrecision, p.candidateFullPrecision}) {
        if (!full.isEmpty())
            parts << tr("Full precision at %1.").arg(full);
    }
    return parts.join(QLatin1Char(' '));
}

QVector<Block> ReportParitySection::environmentDiff(const ReportInput &input)
{
    if (input.baselineEnvJson.isEmpty() || input.candidateEnvJson.isEmpty())
        return {};
    int same = 0;
    const QVector<ParityEnvDiff::Row> rows
        = ParityEnvDiff::compare(input.baselineEnvJson, input.candidateEnvJson, &same);
    Block env = ReportBlocks::table(
        tr("Environment: what differs between the baseline's machine (%1) and the candidate's (%2); "
           "%3 facts alike")
            .arg(input.baselineEnvJson.value(QStringLiteral("host")).toString(),
                 input.candidateEnvJson.value(QStringLiteral("host")).toString(), QString::number(same)),
        {tr("Fact"), tr("Baseline machine"), tr("Candidate machine")});
    for (const ParityEnvDiff::Row &r : rows) {
        env.rows << QStringList{r.key, r.baseline, r.candidate};
        env.rowSeverity << QString();
    }
    return {ReportBlocks::heading(tr("Environment diff")), env};
}

QVector<Block> ReportParitySection::devices(const ParityResult &result)
{
    ParityDevicesModel model;
    model.setResult(result);
    if (model.rowCount() == 0)
        return {};
    Block table = ReportBlocks::table(tr("Per run, its throughput and what its devices did over the run's telemetry "
                                         "(utilisation and power are means over the devices)"),
                                      {});
    for (int c = 0; c < model.columnCount(); ++c)
        table.header << model.headerData(c, Qt::Horizontal).toString();
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < model.columnCount(); ++c)
            row << model.index(r, c).data().toString();
        table.rows << row;
        table.rowSeverity << QString();
    }
    return {ReportBlocks::heading(tr("Devices")), table};
}

Block ReportParitySection::statistics(const ParityResult &result)
{
    ParityStatsModel model;
    model.setResult(result);
    Block stats = ReportBlocks::table(tr("Statistics (docs/parity.md defines each)"), {tr("Statistic")});
    for (int c = 0; c < model.columnCount(); ++c)
        stats.header << model.headerData(c, Qt::Horizontal).toString();
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList row{model.headerData(r, Qt::Vertical).toString()};
        int severity = 0;
        for (int c = 0; c < model.columnCount(); ++c) {
            row << model.index(r, c).data().toString();
            severity = std::max(severity, model.index(r, c).data(ParityStatsModel::SeverityRole).toInt());
        }
        stats.rows << row;
        stats.rowSeverity << ReportBlocks::rowSeverity(severity);
    }
    return stats;
}

Figure ReportParitySection::overlay(const ParityResult &result, const ParityResult::Candidate &c)
{
    Figure f;
    f.id = QStringLiteral("parity-overlay-") + c.name;
    f.caption = tr("%1 of %2 and %3 at the aligned steps.").arg(c.baselineMetric, result.baselineName, c.name);
    f.chart.title = tr("Overlay: %1").arg(c.baselineMetric);
    f.chart.xTitle = tr("Step");
    f.chart.yTitle = c.baselineMetric;
    ChartCurve a, b;
    a.id = QStringLiteral("baseline");
    a.label = result.baselineName;
    a.rgb = LoadedRunsModel::paletteColor(0);
    b.id = QStringLiteral("candidate");
    b.label = c.name;
    b.rgb = LoadedRunsModel::paletteColor(1);
    for (const ParityResult::Row &r : c.rows) {
        a.x.push_back(double(r.step));
        a.y.push_back(r.baseline);
        a.steps.push_back(r.step);
        b.x.push_back(double(r.step));
        b.y.push_back(r.candidate);
        b.steps.push_back(r.step);
    }
    f.chart.curves << a << b;
    return f;
}

Figure ReportParitySection::difference(const ParityResult &result, const ParityResult::Candidate &c)
{
    Figure f;
    f.id = QStringLiteral("parity-difference-") + c.name;
    f.caption = tr("B − A per step (%1 minus %2); the band is the tolerance ±(%3 + %4·|A|).")
                    .arg(c.name, result.baselineName, NumberText::number(result.options.absTol),
                         NumberText::percent(result.options.relTol));
    f.chart.title = tr("Difference B − A");
    f.chart.xTitle = tr("Step");
    f.chart.yTitle = QStringLiteral("B − A");
    ChartCurve d;
    d.id = QStringLiteral("diff");
    d.label = QStringLiteral("B − A");
    d.rgb = LoadedRunsModel::paletteColor(1);
    f.chart.band.label = tr("tolerance");
    for (const ParityResult::Row &r : c.rows) {
        d.x.push_back(double(r.step));
        d.y.push_back(r.diff());
        d.steps.push_back(r.step);
        if (std::isfinite(r.baseline)) {
            const double tol = result.options.absTol + result.options.relTol * std::abs(r.baseline);
            f.chart.band.x.push_back(double(r.step));
            f.chart.band.lower.push_back(-tol);
            f.chart.band.upper.push_back(tol);
        }
    }
    f.chart.curves << d;
    return f;
}

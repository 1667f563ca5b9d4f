// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritytext.h"

#include "core/base/model/numbertext.h"
#include "paritycriteria.h"
#include "paritydevicesmodel.h"

#include <algorithm>

using NumberText::number;
using NumberText::percent;
using NumberText::step;
using Candidate = ParityResult::Candidate;

namespace {

/// "  label            text": the labels of a candidate's block line up.
QString row(const QString &label, const QString &text)
{
    return QStringLiteral("  ") + label.leftJustified(17) + text;
}

QString stepRange(qint64 from, qint64 to)
{
    return from == to ? step(from) : QStringLiteral("%1-%2").arg(step(from), step(to));
}

QString stepsLine(const Candidate &c)
{
    return row(QStringLiteral("steps"),
               QStringLiteral("%1 common, %2 interpolated, %3 warm-up, %4 judged (%5 "
                              "baseline-only, %6 candidate-only)")
                   .arg(c.commonSteps)
                   .arg(c.interpolatedSteps)
                   .arg(c.warmupSteps)
                   .arg(c.judgedSteps)
                   .arg(c.baselineOnlySteps)
                   .arg(c.candidateOnlySteps));
}

QString relErrorLine(const Candidate &c)
{
    return row(QStringLiteral("rel error"),
               QStringLiteral("mean %1, max %2, RMS %3")
                   .arg(percent(c.meanRel), ParityText::atStep(percent(c.maxRel), c.maxRelStep), percent(c.rmseRel)));
}

QString withinLine(const Candidate &c)
{
    return row(QStringLiteral("within tolerance"),
               QStringLiteral("%1; first beyond %2, first divergence %3")
                   .arg(ParityText::within(c), step(c.firstBeyondStep), step(c.firstDivergenceStep)));
}

QString throughputLine(const Candidate &c)
{
    const ParityResult::Throughput &t = c.throughput;
    if (t.source.isEmpty())
        return row(QStringLiteral("throughput"), ParityText::throughput(t));
    return row(QStringLiteral("throughput"),
               QStringLiteral("%1 of baseline (%2: %3 vs %4)")
                   .arg(NumberText::ratio(t.ratio), t.source, number(t.candidate), number(t.baseline)));
}

QString reasonLine(const ParityResult::Reason &r)
{
    return QStringLiteral("  %1  %2").arg(ParityResult::verdictName(r.level), r.message);
}

QStringList candidateLines(const Candidate &c)
{
    QStringList out;
    QString metric = c.baselineMetric;
    if (c.candidateMetric != c.baselineMetric)
        metric += QStringLiteral(" vs ") + c.candidateMetric;
    if (c.stepOffset)
        metric += QStringLiteral(", candidate steps %1%2")
                      .arg(c.stepOffset > 0 ? QStringLiteral("+") : QString())
                      .arg(c.stepOffset);
    out << row(QStringLiteral("metric"), metric) << stepsLine(c)
        << row(QStringLiteral("abs error"),
               QStringLiteral("mean %1, max %2, RMSE %3, mean diff %4")
                   .arg(number(c.meanAbs), ParityText::atStep(number(c.maxAbs), c.maxAbsStep), number(c.rmseAbs),
                        number(c.meanDiff)))
        << relErrorLine(c) << withinLine(c);
    if (c.drift.evaluated)
        out << row(QStringLiteral("drift"),
                   QStringLiteral("steps %1: rel %2, abs %3%4")
                       .arg(stepRange(c.drift.fromStep, c.drift.toStep), ParityText::drift(c.drift),
                            number(c.drift.absChange), c.drift.detected ? QStringLiteral("  DRIFT") : QString()));
    for (const ParityResult::SpikeSet &s : c.spikes)
        out << row(QStringLiteral("spikes"),
                   QStringLiteral("%1: candidate %2 (%3 not in baseline), baseline %4")
                       .arg(s.metric)
                       .arg(s.candidate.size())
                       .arg(s.candidateOnly())
                       .arg(s.baseline.size()));
    if (c.envelope.steps > 0) {
        QString text = QStringLiteral("outside at %1 of %2 steps (%3), first %4")
                           .arg(c.envelope.outside)
                           .arg(c.envelope.steps)
                           .arg(percent(c.envelope.outsideShare), step(c.envelope.firstOutside));
        QStringList ranges;
        for (const auto &[from, to] : c.envelope.outsideRanges)
            ranges.append(stepRange(from, to));
        if (!ranges.isEmpty())
            text += QStringLiteral("; at steps ") + ranges.join(QStringLiteral(", "))
                + (c.envelope.outsideRanges.size() >= 20 ? QStringLiteral(", ...") : QString());
        text += QStringLiteral("; mean distance to the spread %1 (%2)")
                    .arg(number(c.envelope.meanAbsExcess), percent(c.envelope.meanRelExcess));
        out << row(QStringLiteral("envelope"), text);
    }
    for (const ParityResult::MetricCheck &m : c.metricChecks)
        out << row(m.metric,
                   QStringLiteral("mean rel %1 over %2 steps, limit %3%4")
                       .arg(percent(m.meanRel))
                       .arg(m.steps)
                       .arg(percent(m.limit), m.passed ? QString() : QStringLiteral("  FAIL")));
    for (const ParityResult::Precision &p : c.precision) {
        QString text = QStringLiteral("%1: %2 / %3 significant digits (baseline / candidate)")
                           .arg(p.metric, QString::number(p.baselineDigits), QString::number(p.candidateDigits));
        if (p.resolution > 0)
            text += QStringLiteral(", printed step %1 vs tolerance %2%3")
                        .arg(number(p.resolution), number(p.tolerance),
                             p.toleranceBelowResolution ? QStringLiteral(" (tolerance BELOW the printed resolution)")
                                                        : QString());
        out << row(QStringLiteral("precision"), text);
        if (!p.baselineFullPrecision.isEmpty())
            out << row(QString(), QStringLiteral("full precision of the baseline: ") + p.baselineFullPrecision);
        if (!p.candidateFullPrecision.isEmpty())
            out << row(QString(), QStringLiteral("full precision of the candidate: ") + p.candidateFullPrecision);
    }
    out << row(QStringLiteral("NaN/inf"),
               QStringLiteral("candidate %1, baseline %2")
                   .arg(c.candidateNonFiniteSteps.size())
                   .arg(c.baselineNonFiniteSteps.size()))
        << throughputLine(c) << QStringLiteral("  fairness");
    for (const ParityResult::FairnessItem &f : c.fairness) {
        QString text
            = QStringLiteral("    ") + f.label.leftJustified(24) + ParityResult::FairnessItem::statusName(f.status);
        if (f.status == ParityResult::FairnessItem::Status::Mismatch)
            text += QStringLiteral(": %1 vs %2 (%3)").arg(f.baselineValue, f.candidateValue, f.detail);
        else if (!f.detail.isEmpty())
            text += QStringLiteral(" (%1)").arg(f.detail);
        out << text;
    }
    for (const ParityResult::Reason &r : c.reasons)
        out << reasonLine(r);
    for (const ParityResult::MismatchClass &k : c.classes)
        out << QStringLiteral("  CLASS %1 (steps %2): %3").arg(k.label, stepRange(k.fromStep, k.toStep), k.evidence)
            << QString(QStringLiteral("        check first: ") + k.checkFirst);
    return out;
}

} // namespace

QStringList ParityText::lines(const ParityResult &result, const QStringList &notes)
{
    QStringList out{QStringLiteral("Baseline: %1  (%2)").arg(result.baselineName, result.baselinePath)};
    for (const ParityResult::BaselineSpread &b : result.envelopeBaselines) {
        QString text = QStringLiteral("Envelope baseline: %1  (%2): against %3, %4 of %5 steps beyond tolerance")
                           .arg(b.name, b.path, result.baselineName)
                           .arg(b.beyondTolerance)
                           .arg(b.commonSteps);
        if (b.beyondTolerance > 0)
            text += QStringLiteral(", first at step ") + step(b.firstBeyondStep);
        out << QString(
            text + QStringLiteral("; largest relative difference %1").arg(atStep(percent(b.maxRel), b.maxRelStep)));
    }
    if (!result.envelopeBaselines.isEmpty())
        out << (result.baselineReproducible
                    ? QStringLiteral(
                        "The baselines agree within the tolerance: the envelope is their spread widened by it.")
                    : QStringLiteral("The baselines differ by more than the tolerance: the baseline itself is not "
                                     "reproducible at this tolerance."));
    out << notes << criteria(result.options);
    for (const Candidate &c : result.candidates) {
        out << QString()
            << QStringLiteral("Candidate: %1  (%2)  %3").arg(c.name, c.sourcePath, ParityResult::verdictName(c.verdict))
            << candidateLines(c);
    }
    if (const QStringList table = devices(result); !table.isEmpty())
        out << QString() << table;
    out << QString() << verdictLine(result);
    return out;
}

QStringList ParityText::summary(const ParityResult &result)
{
    if (!result || result.candidates.isEmpty())
        return {};
    const Candidate &c = result.candidates.first();
    QStringList out{QStringLiteral("Parity of %1 (%2 vs %3)").arg(c.baselineMetric, result.baselineName, c.name)};
    out << criteria(result.options) << stepsLine(c) << relErrorLine(c) << withinLine(c);
    if (!c.throughput.source.isEmpty())
        out << throughputLine(c);
    for (const ParityResult::Reason &r : c.reasons)
        out << reasonLine(r);
    out << verdictLine(result);
    return out;
}

QStringList ParityText::criteria(const ParityOptions &o)
{
    QStringList out{ParityCriteria::preset(o).english()};
    for (const QString &sentence : ParityCriteria::sentences(o, false))
        out.append(QStringLiteral("  ") + sentence);
    return out;
}

QStringList ParityText::devices(const ParityResult &result)
{
    ParityDevicesModel model;
    model.setResult(result);
    if (model.rowCount() == 0)
        return {};
    QVector<QStringList> cells(model.rowCount() + 1);
    for (int c = 0; c < model.columnCount(); ++c)
        cells[0] << model.headerData(c, Qt::Horizontal).toString();
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = 0; c < model.columnCount(); ++c)
            cells[r + 1] << model.index(r, c).data().toString();
    }
    QVector<int> widths(model.columnCount(), 0);
    for (const QStringList &line : cells) {
        for (int c = 0; c < line.size(); ++c)
            widths[c] = std::max(widths[c], int(line.at(c).size()));
    }
    QStringList out{QStringLiteral("Devices (telemetry beside throughput):")};
    for (const QStringList &line : cells) {
        QString text = QStringLiteral(" ");
        for (int c = 0; c < line.size(); ++c) {
            text += QStringLiteral(" ");
            // The run's name reads from the left, the figures line up on the right.
            text += c == ParityDevicesModel::RunName ? line.at(c).leftJustified(widths[c])
                                                     : line.at(c).rightJustified(widths[c]);
        }
        out << text;
    }
    return out;
}

QString ParityText::verdictLine(const ParityResult &result)
{
    QStringList failed;
    for (const Candidate &c : result.candidates) {
        for (const ParityResult::Reason &r : c.reasons) {
            if (r.level == ParityResult::Verdict::Fail && !r.metric.isEmpty() && !failed.contains(r.metric))
                failed.append(r.metric);
        }
    }
    QString line = QStringLiteral("Verdict: ") + ParityResult::verdictName(result.verdict);
    if (!failed.isEmpty())
        line += QStringLiteral(" (failed on %1)").arg(failed.join(QStringLiteral(", ")));
    return line;
}

QString ParityText::atStep(const QString &text, qint64 at)
{
    return at < 0 ? text : QStringLiteral("%1 @ %2").arg(text, step(at));
}

QString ParityText::within(const Candidate &c)
{
    return QStringLiteral("%1 (%2/%3)").arg(percent(c.withinShare)).arg(c.withinCount).arg(c.judgedSteps);
}

QString ParityText::drift(const ParityResult::Drift &d)
{
    return QStringLiteral("%1%2 (t = %3)")
        .arg(d.relChange > 0 ? QStringLiteral("+") : QString(), percent(d.relChange), NumberText::fixed(d.relT, 1));
}

QString ParityText::throughput(const ParityResult::Throughput &t)
{
    if (t.source.isEmpty())
        return QStringLiteral("not in both logs");
    return QStringLiteral("%1 (%2)").arg(NumberText::ratio(t.ratio), t.source);
}

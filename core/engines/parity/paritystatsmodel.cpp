// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritystatsmodel.h"

#include "core/base/model/numbertext.h"
#include "paritytext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace {

using NumberText::number;
using NumberText::percent;
using Candidate = ParityResult::Candidate;
using Verdict = ParityResult::Verdict;

/// A statistic's label or tooltip, marked in statistics(), in the installed language.
QString translated(const QString &english)
{
    return QCoreApplication::translate("ParityStatsModel", english.toUtf8().constData());
}

/// The engine's judgement of one statistic: the worst level of its reasons with one of these codes
/// (a code ending in '-' matches every code it starts, as "fairness-"). The model shows it and
/// never judges a threshold again.
Verdict judged(const Candidate &c, std::initializer_list<const char *> codes)
{
    Verdict worst = Verdict::Pass;
    for (const ParityResult::Reason &r : c.reasons) {
        for (const char *code : codes) {
            const QLatin1String want(code);
            if (want.endsWith(QLatin1Char('-')) ? r.code.startsWith(want) : r.code == want)
                worst = std::max(worst, r.level);
        }
    }
    return worst;
}

} // namespace

ParityStatsModel::ParityStatsModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_statistics(statistics())
{ }

QVector<ParityStatsModel::Statistic> ParityStatsModel::statistics()
{
    const auto plain
        = [](const QString &text, const QVariant &raw, qint64 step = -1, Verdict severity = Verdict::Pass) {
              return Cell{text, raw, step, severity};
          };
    return {
        {QStringLiteral("verdict"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Verdict")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel", "PASS, WARN or FAIL with the reasons; see the reasons list.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(ParityResult::verdictName(c.verdict), int(c.verdict), -1, c.verdict);
         }},
        {QStringLiteral("commonSteps"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Common steps")),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel",
                                          "Steps both runs logged, after step offsets and restarts are resolved.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(QString::number(c.commonSteps), c.commonSteps);
         }},
        {QStringLiteral("interpolatedSteps"),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Interpolated steps")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel",
                               "Baseline steps where the candidate value is linearly interpolated between its two "
                               "neighbouring logged steps (only with interpolation on).")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(QString::number(c.interpolatedSteps), c.interpolatedSteps);
         }},
        {QStringLiteral("judgedSteps"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Judged steps")),
         QStringLiteral(QT_TRANSLATE_NOOP(
             "ParityStatsModel",
             "Compared steps after warm-up where the baseline is finite: the denominator of the share "
             "within tolerance.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(QString::number(c.judgedSteps), c.judgedSteps);
         }},
        {QStringLiteral("meanDiff"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Mean difference")),
         QStringLiteral(QT_TRANSLATE_NOOP(
             "ParityStatsModel",
             "mean(B − A) over judged steps with a finite candidate; the sign says which run is higher.")),
         [=](const Candidate &c, const ParityOptions &) { return plain(number(c.meanDiff), c.meanDiff); }},
        {QStringLiteral("meanAbs"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Mean abs error")),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "mean |B − A|.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(number(c.meanAbs), c.meanAbs, -1, judged(c, {"mean-abs", "mean"}));
         }},
        {QStringLiteral("maxAbs"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Max abs error")),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "max |B − A|, with its step.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(ParityText::atStep(number(c.maxAbs), c.maxAbsStep), c.maxAbs, c.maxAbsStep);
         }},
        {QStringLiteral("rmseAbs"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "RMSE")),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "sqrt(mean((B − A)²)).")),
         [=](const Candidate &c, const ParityOptions &) { return plain(number(c.rmseAbs), c.rmseAbs); }},
        {QStringLiteral("meanRel"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Mean rel error")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel", "mean |B − A| / |A| (ModelLink's acceptance: below 2 %).")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(percent(c.meanRel), c.meanRel, -1, judged(c, {"mean-rel", "mean"}));
         }},
        {QStringLiteral("maxRel"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Max rel error")),
         QStringLiteral(QT_TRANSLATE_NOOP(
             "ParityStatsModel", "max |B − A| / |A|, with its step (MindSpeed-LLM CI: every step within 2 %).")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(ParityText::atStep(percent(c.maxRel), c.maxRelStep), c.maxRel, c.maxRelStep);
         }},
        {QStringLiteral("rmseRel"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "RMS rel error")),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "sqrt(mean((|B − A| / |A|)²)).")),
         [=](const Candidate &c, const ParityOptions &) { return plain(percent(c.rmseRel), c.rmseRel); }},
        {QStringLiteral("withinShare"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Within tolerance")),
         QStringLiteral(QT_TRANSLATE_NOOP(
             "ParityStatsModel",
             "Share of judged steps with |B − A| ≤ absTol + relTol·|A| (ModelLink: ≥ 99.9 % within 2 %). "
             "A NaN/inf candidate counts as outside.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(ParityText::within(c), c.withinShare, -1, judged(c, {"within-share"}));
         }},
        {QStringLiteral("firstBeyondStep"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "First step beyond")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel", "The first judged step outside the tolerance, noisy or not.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(NumberText::step(c.firstBeyondStep), c.firstBeyondStep, c.firstBeyondStep,
                          judged(c, {"beyond-steps"}));
         }},
        {QStringLiteral("firstDivergenceStep"),
         QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "First divergence")),
         QStringLiteral(QT_TRANSLATE_NOOP(
             "ParityStatsModel",
             "The first step beyond tolerance where more than half of the divergence window of judged "
             "steps starting there are beyond too, so one noisy step does not count.")),
         [=](const Candidate &c, const ParityOptions &) {
             return plain(NumberText::step(c.firstDivergenceStep), c.firstDivergenceStep, c.firstDivergenceStep,
                          judged(c, {"divergence"}));
         }},
        {QStringLiteral("drift"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Drift (tail)")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel",
                               "Least-squares trend of the signed relative error (B − A)/|A| over the last part of the "
                               "run: change across that span, and the slope's t statistic.")),
         [=](const Candidate &c, const ParityOptions &) {
             const ParityResult::Drift &d = c.drift;
             if (!d.evaluated)
                 return plain(translated(QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "too few steps"))),
                              QVariant());
             return plain(ParityText::drift(d), d.relChange, d.fromStep, judged(c, {"drift"}));
         }},
        {QStringLiteral("spikes"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Candidate-only spikes")),
         QStringLiteral(QT_TRANSLATE_NOOP(
             "ParityStatsModel",
             "Rises more than the spike threshold in scaled MADs above the run's local median that the "
             "baseline does not show nearby (loss and grad norm).")),
         [=](const Candidate &c, const ParityOptions &) {
             int own = 0;
             qint64 first = -1;
             QStringList parts;
             for (const ParityResult::SpikeSet &s : c.spikes) {
                 own += s.candidateOnly();
                 parts.append(QStringLiteral("%1: %2/%3").arg(s.metric).arg(s.candidateOnly()).arg(s.candidate.size()));
                 for (const ParityResult::Spike &sp : s.candidate) {
                     if (!sp.inOtherRun && (first < 0 || sp.step < first))
                         first = sp.step;
                 }
             }
             return plain(parts.join(QStringLiteral(", ")), own, first, judged(c, {"spikes"}));
         }},
        {QStringLiteral("nonFinite"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "NaN/inf steps")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel",
                               "Logged NaN or inf values: candidate / baseline. A candidate NaN where the baseline is "
                               "finite always fails.")),
         [=](const Candidate &c, const ParityOptions &) {
             const qint64 step = c.firstCandidateNaNWithFiniteBaseline >= 0 ? c.firstCandidateNaNWithFiniteBaseline
                 : !c.candidateNonFiniteSteps.isEmpty()                     ? c.candidateNonFiniteSteps.first()
                 : !c.baselineNonFiniteSteps.isEmpty()                      ? c.baselineNonFiniteSteps.first()
                                                                            : -1;
             return plain(
                 QStringLiteral("%1 / %2").arg(c.candidateNonFiniteSteps.size()).arg(c.baselineNonFiniteSteps.size()),
                 c.candidateNonFiniteSteps.size(), step,
                 judged(c, {"candidate-nonfinite", "candidate-nonfinite-unmatched", "baseline-nonfinite"}));
         }},
        {QStringLiteral("throughput"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Throughput ratio")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel",
                               "Candidate speed / baseline speed: medians over each run's steady state (after warm-up "
                               "and the first share of steps), from tokens/s, samples/s, ms per step or wall time.")),
         [=](const Candidate &c, const ParityOptions &) {
             const ParityResult::Throughput &t = c.throughput;
             // The cells are read in the language of now (ParityText writes the CLI's English).
             return plain(t.source.isEmpty()
                              ? translated(QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "not in both logs")))
                              : ParityText::throughput(t),
                          t.source.isEmpty() ? QVariant() : QVariant(t.ratio), -1, judged(c, {"throughput"}));
         }},
        {QStringLiteral("fairness"), QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "Fairness mismatches")),
         QStringLiteral(
             QT_TRANSLATE_NOOP("ParityStatsModel",
                               "Settings the logs show to differ (seed, dropout, batch, sequence length, world size, "
                               "learning rate, precision, data, step count); unknown means neither log states it.")),
         [=](const Candidate &c, const ParityOptions &) {
             QStringList bad;
             int unknown = 0;
             qint64 step = -1;
             for (const ParityResult::FairnessItem &f : c.fairness) {
                 if (f.status == ParityResult::FairnessItem::Status::Mismatch) {
                     bad.append(f.translatedLabel());
                     if (step < 0)
                         step = f.step;
                 } else if (f.status == ParityResult::FairnessItem::Status::Unknown) {
                     ++unknown;
                 }
             }
             const QString text = bad.isEmpty()
                 ? translated(QStringLiteral(QT_TRANSLATE_NOOP("ParityStatsModel", "none (%1 unknown)"))).arg(unknown)
                 : bad.join(QStringLiteral(", "));
             return plain(text, int(bad.size()), step, judged(c, {"fairness-"}));
         }},
    };
}

void ParityStatsModel::setResult(const ParityResult &result)
{
    beginResetModel();
    m_result = result;
    endResetModel();
}

int ParityStatsModel::rowOf(const QString &key) const
{
    for (int i = 0; i < m_statistics.size(); ++i) {
        if (m_statistics.at(i).key == key)
            return i;
    }
    return -1;
}

int ParityStatsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_result.candidates.isEmpty() ? 0 : int(m_statistics.size());
}

int ParityStatsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_result.candidates.size());
}

QVariant ParityStatsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Statistic &s = m_statistics.at(index.row());
    if (role == Qt::ToolTipRole)
        return translated(s.tooltip);
    if (role == KeyRole)
        return s.key;
    if (role != Qt::DisplayRole && role != RawValueRole && role != StepRole && role != SeverityRole)
        return {};
    const Cell cell = s.cell(m_result.candidates.at(index.column()), m_result.options);
    switch (role) {
    case Qt::DisplayRole: return cell.text;
    case RawValueRole: return cell.raw;
    case StepRole: return cell.step;
    default: return int(cell.severity);
    }
}

QVariant ParityStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Vertical) {
        if (section < 0 || section >= m_statistics.size())
            return {};
        // In the language of now (label and tooltip are marked in statistics()).
        return translated(role == Qt::DisplayRole ? m_statistics.at(section).label : m_statistics.at(section).tooltip);
    }
    if (section < 0 || section >= m_result.candidates.size())
        return {};
    const Candidate &c = m_result.candidates.at(section);
    return role == Qt::DisplayRole ? c.name : c.sourcePath;
}

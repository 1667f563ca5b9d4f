// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityclassifier.h"

#include "core/base/model/numbertext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace {

using NumberText::number;
using NumberText::percent;
using Row = ParityResult::Row;
using Class = ParityResult::MismatchClass;

/// The first compared row with both values finite (warm-up included: step 1 is the evidence of a
/// first-step gap however long the warm-up), or nullptr.
const Row *firstCompared(const ParityResult::Candidate &c)
{
    for (const Row &r : c.rows) {
        if (!(r.flags & (Row::BaselineNonFinite | Row::CandidateNonFinite)))
            return &r;
    }
    return nullptr;
}

bool beyondTolerance(const ParityOptions &o, const Row &r)
{
    if (o.firstStepAbsLimit > 0 || o.firstStepRelLimit > 0)
        return !((o.firstStepAbsLimit > 0 && r.absErr() < o.firstStepAbsLimit)
                 || (o.firstStepRelLimit > 0 && r.relErr() < o.firstStepRelLimit));
    return !(r.absErr() <= o.absTol + o.relTol * std::abs(r.baseline));
}

/// The last step of the run of beyond rows that starts at `from` (judged rows; warm-up rows by tolerance).
qint64 endOfRun(const ParityOptions &o, const ParityResult::Candidate &c, qint64 from)
{
    qint64 last = from;
    for (const Row &r : c.rows) {
        if (r.step < from)
            continue;
        const bool beyond = r.has(Row::Warmup) ? beyondTolerance(o, r) : r.has(Row::Beyond);
        if (!beyond)
            break;
        last = r.step;
    }
    return last;
}

/// The evidence as a sentence of the catalogue: English in the result (CLI, JSON), translated
/// where it is read (ParitySentence).
void setEvidence(ParityResult::MismatchClass &k, const char *source, const QStringList &args)
{
    k.evidenceText = {"ParityReason", source, args};
    k.evidence = k.evidenceText.english();
}

} // namespace

QVector<ParityResult::MismatchClass> ParityClassifier::classify(const ParityOptions &o,
                                                                const ParityResult::Candidate &c)
{
    QVector<Class> classes;
    const QString &metric = c.candidateMetric;

    if (c.firstCandidateNaNWithFiniteBaseline >= 0) {
        Class k;
        k.code = QStringLiteral("nan-inf");
        k.label = QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "NaN/inf"));
        k.fromStep = c.firstCandidateNaNWithFiniteBaseline;
        k.toStep = c.candidateNonFiniteSteps.isEmpty() ? k.fromStep : c.candidateNonFiniteSteps.last();
        setEvidence(
            k,
            QT_TRANSLATE_NOOP("ParityReason", "%1 is NaN/inf at %2 step(s) from step %3 where the baseline is finite"),
            {metric, QString::number(c.candidateNonFiniteSteps.size()), QString::number(k.fromStep)});
        k.checkFirst = QStringLiteral(
            QT_TRANSLATE_NOOP("ParityReason",
                              "overflow: fp16 loss scale and bf16/fp16 ranges, then the first operator "
                              "that outputs inf at that step (msprobe overflow check, a forward hook "
                              "testing torch.isfinite); a lower learning rate or grad clipping only hides it"));
        classes.append(k);
    }

    const Row *first = firstCompared(c);
    const bool firstGap = first && beyondTolerance(o, *first);
    if (firstGap) {
        Class k;
        k.code = QStringLiteral("first-step-gap");
        k.label = QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "First-step gap"));
        k.fromStep = first->step;
        k.toStep = endOfRun(o, c, first->step);
        setEvidence(
            k, QT_TRANSLATE_NOOP("ParityReason", "%1 already differs at the first compared step %2: %3 vs %4 (%5)"),
            {metric, QString::number(first->step), number(first->baseline), number(first->candidate),
             percent(first->relErr())});
        k.checkFirst = QStringLiteral(
            QT_TRANSLATE_NOOP("ParityReason",
                              "the forward pass before any update: initial weights (load the same "
                              "checkpoint), the first batch (data path, tokenizer, shuffle, seed) and the "
                              "model config; then compare the step-1 activations layer by layer"));
        classes.append(k);
    }

    // A divergence that starts with the first NaN is that NaN, already classed.
    const bool nanDivergence
        = c.firstCandidateNaNWithFiniteBaseline >= 0 && c.firstDivergenceStep >= c.firstCandidateNaNWithFiniteBaseline;
    if (!firstGap && !nanDivergence && c.firstDivergenceStep >= 0) {
        Class k;
        k.code = QStringLiteral("late-divergence");
        k.label = QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "Divergence after an aligned start"));
        k.fromStep = c.firstDivergenceStep;
        qint64 last = c.firstDivergenceStep;
        for (const Row &r : c.rows) {
            if (r.has(Row::Beyond))
                last = r.step;
        }
        k.toStep = last;
        // "the envelope" and "the tolerance" are phrases of the catalogue too: translated as arguments.
        setEvidence(k, QT_TRANSLATE_NOOP("ParityReason", "%1 agrees from step %2, then leaves %3 from step %4 on"),
                    {metric, QString::number(first ? first->step : c.firstDivergenceStep),
                     c.envelope.steps > 0 ? QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "the envelope"))
                                          : QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "the tolerance")),
                     QString::number(c.firstDivergenceStep)});
        k.checkFirst = QStringLiteral(
            QT_TRANSLATE_NOOP("ParityReason",
                              "the backward pass and the optimizer: learning rate and its schedule, "
                              "warm-up, weight decay, gradient clipping, loss scaling; compare the grad "
                              "norm and the learning rate at the first differing steps"));
        classes.append(k);
    }

    if (c.drift.detected) {
        Class k;
        k.code = QStringLiteral("long-run-drift");
        k.label = QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "Long-run drift"));
        k.fromStep = c.drift.fromStep;
        k.toStep = c.drift.toStep;
        setEvidence(
            k, QT_TRANSLATE_NOOP("ParityReason", "the relative error of %1 trends by %2 over steps %3–%4 (t = %5)"),
            {metric, percent(c.drift.relChange), QString::number(c.drift.fromStep), QString::number(c.drift.toStep),
             NumberText::fixed(c.drift.relT, 1)});
        k.checkFirst = QStringLiteral(
            QT_TRANSLATE_NOOP("ParityReason",
                              "accumulated precision loss: reductions and accumulations in bf16/fp16 "
                              "(LayerNorm, softmax, gradient accumulation, all-reduce dtype), optimizer state "
                              "precision, fused kernels; rerun a short stretch with fp32 accumulation"));
        classes.append(k);
    }

    for (const ParityResult::SpikeSet &set : c.spikes) {
        QVector<qint64> own;
        for (const ParityResult::Spike &s : set.candidate) {
            if (!s.inOtherRun)
                own.append(s.step);
        }
        if (own.isEmpty())
            continue;
        Class k;
        k.code = QStringLiteral("extra-spikes");
        k.label = QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "Extra spikes"));
        k.fromStep = own.first();
        k.toStep = own.last();
        QStringList steps;
        for (int i = 0; i < std::min<int>(int(own.size()), 8); ++i)
            steps.append(QString::number(own.at(i)));
        if (own.size() > 8)
            steps.append(QStringLiteral("…"));
        setEvidence(k, QT_TRANSLATE_NOOP("ParityReason", "%1 %2 spike(s) the baseline does not have, at steps %3"),
                    {QString::number(own.size()), set.metric, steps.join(QStringLiteral(", "))});
        k.checkFirst = QStringLiteral(
            QT_TRANSLATE_NOOP("ParityReason",
                              "the batches of those steps (data order, padding), loss-scale overflow skips "
                              "and grad-norm clipping around them, and communication errors (collective-library "
                              "retries) in the same time window"));
        classes.append(k);
    }
    std::stable_sort(classes.begin(), classes.end(),
                     [](const Class &x, const Class &y) { return x.fromStep < y.fromStep; });
    return classes;
}

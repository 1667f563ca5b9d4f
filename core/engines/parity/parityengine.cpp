// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityengine.h"

#include "median.h"
#include "parityclassifier.h"
#include "parityenvelope.h"
#include "parityfairness.h"
#include "parityprecision.h"
#include "paritytext.h"
#include "runseries.h"
#include "spikedetector.h"

#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <QCoreApplication>
#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace {

using NumberText::number;
using NumberText::percent;
using Row = ParityResult::Row;
using Verdict = ParityResult::Verdict;
using Reason = ParityResult::Reason;

constexpr int minDriftPoints = 10;
constexpr size_t maxMedianSample = 65536;

/// Least-squares slope of y on x with its t statistic, from running sums.
struct Fit
{
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;

    void add(double x, double y)
    {
        n += 1;
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
    }
    void solve(double *slope, double *t) const
    {
        *slope = 0;
        *t = 0;
        if (n < 3)
            return;
        const double cxx = sxx - sx * sx / n;
        const double cxy = sxy - sx * sy / n;
        const double cyy = syy - sy * sy / n;
        if (cxx <= 0)
            return;
        *slope = cxy / cxx;
        const double sse = std::max(0.0, cyy - *slope * cxy);
        const double se = std::sqrt(sse / (n - 2) / cxx);
        if (se > 0)
            *t = *slope / se;
        else if (*slope != 0)
            *t = std::copysign(std::numeric_limits<double>::infinity(), *slope);
    }
};

void alignRows(const RunSeries &a, const RunSeries &b, bool interpolate, ParityResult::Candidate &c,
               std::vector<std::pair<int, int>> *commonPoints)
{
    c.rows.reserve(a.size());
    if (commonPoints)
        commonPoints->reserve(std::min(a.size(), b.size()));
    size_t j = 0;
    qint64 bStep = b.isEmpty() ? 0 : b.step(0);
    for (size_t i = 0; i < a.size(); ++i) {
        const qint64 step = a.step(i);
        while (j < b.size() && bStep < step) {
            if (++j < b.size())
                bStep = b.step(j);
        }
        if (j < b.size() && bStep == step) {
            c.rows.push_back({step, a.value(i), b.value(j), 0});
            if (commonPoints)
                commonPoints->emplace_back(a.point(i), b.point(j));
            ++c.commonSteps;
        } else if (interpolate && j > 0 && j < b.size()) {
            const double lo = b.value(j - 1), hi = b.value(j);
            // A non-finite neighbour is reported on its own step; do not smear it.
            if (std::isfinite(lo) && std::isfinite(hi)) {
                const qint64 loStep = b.step(j - 1);
                const double f = double(step - loStep) / double(bStep - loStep);
                c.rows.push_back({step, a.value(i), lo + (hi - lo) * f, Row::Interpolated});
                ++c.interpolatedSteps;
            }
        }
    }
    c.baselineOnlySteps = int(a.size()) - c.commonSteps - c.interpolatedSteps;
    c.candidateOnlySteps = int(b.size()) - c.commonSteps;
}

/// Fills the error statistics and the first divergence in one pass over the rows.
void errorStatistics(const ParityOptions &o, ParityResult::Candidate &c)
{
    const int window = std::max(1, o.divergenceWindow);
    const int need = window / 2 + 1; // more than half of the window
    // Ring of the last `window` judged rows: beyond flag and step.
    std::vector<char> ringBeyond(size_t(window), 0);
    std::vector<qint64> ringStep(size_t(window), 0);
    int inRing = 0, beyondInRing = 0;
    size_t head = 0; // oldest entry

    double sumDiff = 0, sumAbs = 0, sumAbs2 = 0, sumRel = 0, sumRel2 = 0;
    int nRel = 0;
    const bool envelope = !c.envelopeBounds.empty();
    for (size_t i = 0; i < c.rows.size(); ++i) {
        Row &r = c.rows[i];
        const bool baseFinite = std::isfinite(r.baseline);
        const bool candFinite = std::isfinite(r.candidate);
        if (!baseFinite)
            r.flags |= Row::BaselineNonFinite;
        if (!candFinite)
            r.flags |= Row::CandidateNonFinite;
        if (o.skipWarmup > 0 && r.step <= o.skipWarmup) {
            r.flags |= Row::Warmup;
            ++c.warmupSteps;
            continue;
        }
        if (!baseFinite)
            continue;
        ++c.judgedSteps;
        bool beyond = true;
        if (candFinite) {
            ++c.finiteSteps;
            const double d = r.candidate - r.baseline;
            const double ad = std::abs(d);
            sumDiff += d;
            sumAbs += ad;
            sumAbs2 += d * d;
            if (ad > c.maxAbs || c.maxAbsStep < 0) {
                c.maxAbs = ad;
                c.maxAbsStep = r.step;
            }
            const double rel = r.relErr();
            if (std::isfinite(rel)) {
                ++nRel;
                sumRel += rel;
                sumRel2 += rel * rel;
            }
            if (rel > c.maxRel || c.maxRelStep < 0) {
                c.maxRel = rel;
                c.maxRelStep = r.step;
            }
            const double lo = envelope ? c.envelopeBounds[i].first : std::numeric_limits<double>::quiet_NaN();
            if (std::isnan(lo)) {
                beyond = !(ad <= ParityEnvelope::tolerance(o, r.baseline));
            } else {
                // Inside the baselines' spread widened by the tolerance on each side.
                const double hi = c.envelopeBounds[i].second;
                beyond = !(r.candidate >= lo - ParityEnvelope::tolerance(o, lo)
                           && r.candidate <= hi + ParityEnvelope::tolerance(o, hi));
            }
        }
        if (beyond) {
            r.flags |= Row::Beyond;
            ++c.beyondCount;
            if (c.firstBeyondStep < 0)
                c.firstBeyondStep = r.step;
        } else {
            ++c.withinCount;
        }

        if (c.firstDivergenceStep >= 0)
            continue;
        if (inRing == window) {
            beyondInRing -= ringBeyond[head];
            head = (head + 1) % size_t(window);
            --inRing;
        }
        const size_t tail = (head + size_t(inRing)) % size_t(window);
        ringBeyond[tail] = beyond;
        ringStep[tail] = r.step;
        beyondInRing += beyond;
        ++inRing;
        if (inRing == window && ringBeyond[head] && beyondInRing >= need)
            c.firstDivergenceStep = ringStep[head];
    }
    // Windows running past the last step: the absent steps count as within.
    while (c.firstDivergenceStep < 0 && inRing > 0) {
        if (ringBeyond[head] && beyondInRing >= need)
            c.firstDivergenceStep = ringStep[head];
        beyondInRing -= ringBeyond[head];
        head = (head + 1) % size_t(window);
        --inRing;
    }

    if (c.finiteSteps > 0) {
        c.meanDiff = sumDiff / c.finiteSteps;
        c.meanAbs = sumAbs / c.finiteSteps;
        c.rmseAbs = std::sqrt(sumAbs2 / c.finiteSteps);
    }
    if (nRel > 0) {
        c.meanRel = sumRel / nRel;
        c.rmseRel = std::sqrt(sumRel2 / nRel);
    }
    if (c.judgedSteps > 0)
        c.withinShare = double(c.withinCount) / c.judgedSteps;
}

void drift(const ParityOptions &o, ParityResult::Candidate &c)
{
    ParityResult::Drift &d = c.drift;
    const int tail = int(std::ceil(std::clamp(o.driftTail, 0.0, 1.0) * c.finiteSteps));
    if (tail < minDriftPoints)
        return;
    Fit rel, abs;
    int taken = 0;
    const qint64 ref = c.rows.back().step; // centre x near the data for precision
    for (auto it = c.rows.crbegin(); it != c.rows.crend() && taken < tail; ++it) {
        if (it->flags & (Row::Warmup | Row::BaselineNonFinite | Row::CandidateNonFinite))
            continue;
        ++taken;
        const double x = double(it->step - ref);
        abs.add(x, it->diff());
        if (it->baseline != 0)
            rel.add(x, it->diff() / std::abs(it->baseline));
        if (d.toStep < 0)
            d.toStep = it->step;
        d.fromStep = it->step;
    }
    d.evaluated = true;
    d.points = taken;
    const double span = double(d.toStep - d.fromStep);
    rel.solve(&d.relSlope, &d.relT);
    abs.solve(&d.absSlope, &d.absT);
    d.relChange = d.relSlope * span;
    d.absChange = d.absSlope * span;
    const bool relDrift
        = o.relTol > 0 && std::abs(d.relChange) > o.driftShare * o.relTol && std::abs(d.relT) >= o.driftMinT;
    const bool absDrift
        = o.absTol > 0 && std::abs(d.absChange) > o.driftShare * o.absTol && std::abs(d.absT) >= o.driftMinT;
    d.detected = relDrift || absDrift;
}

QVector<qint64> nonFiniteSteps(const RunSeries &s)
{
    QVector<qint64> steps;
    for (size_t i = 0; i < s.size(); ++i) {
        if (!std::isfinite(s.value(i)))
            steps.append(s.step(i));
    }
    return steps;
}

/// True when the baseline is finite at `step`, or, where it did not log that step, at both
/// neighbouring logged steps.
bool baselineFiniteAt(const RunSeries &a, qint64 step)
{
    const size_t i = a.lowerBound(step);
    if (i < a.size() && a.step(i) == step)
        return std::isfinite(a.value(i));
    return i > 0 && i < a.size() && std::isfinite(a.value(i - 1)) && std::isfinite(a.value(i));
}

void markShared(QVector<ParityResult::Spike> &mine, const QVector<ParityResult::Spike> &theirs, qint64 reach)
{
    for (ParityResult::Spike &s : mine) {
        const auto it = std::lower_bound(theirs.cbegin(), theirs.cend(), s.step - reach,
                                         [](const ParityResult::Spike &x, qint64 step) { return x.step < step; });
        s.inOtherRun = it != theirs.cend() && it->step <= s.step + reach;
    }
}

/// Steps spanned by `points` consecutive points of a series, at its mean logging interval.
qint64 pointsToSteps(const RunSeries &s, int points)
{
    if (s.size() < 2)
        return 0;
    const double interval = double(s.lastStep() - s.firstStep()) / double(s.size() - 1);
    return qint64(std::ceil(interval * points));
}

ParityResult::SpikeSet spikeSet(const ParityOptions &o, const QString &name, const RunSeries &a, const RunSeries &b,
                                const QVector<ParityResult::Spike> &baselineSpikes,
                                const QVector<ParityResult::Spike> &candidateSpikes)
{
    ParityResult::SpikeSet set;
    set.metric = name;
    // Warm-up is excluded from every judgement, spikes included.
    const auto afterWarmup = [&o](QVector<ParityResult::Spike> list) {
        list.erase(std::remove_if(list.begin(), list.end(),
                                  [&o](const ParityResult::Spike &s) { return s.step <= o.skipWarmup; }),
                   list.end());
        return list;
    };
    set.baseline = afterWarmup(baselineSpikes);
    set.candidate = afterWarmup(candidateSpikes);
    const qint64 reach = std::max(pointsToSteps(a, o.spikeBlock), pointsToSteps(b, o.spikeBlock));
    markShared(set.baseline, set.candidate, reach);
    markShared(set.candidate, set.baseline, reach);
    return set;
}

/// A run's steady-state speed: the median, after warm-up and the first `throughputSkip` share of
/// what remains, of a rate column, ms per step, or steps per second between wall-time stamps.
double steadyMedian(const RunMetrics &run, const QString &source, qint64 offset, const ParityOptions &o, int *count)
{
    const bool wall = source == QLatin1String("wall_time");
    const RunSeries s = wall ? RunSeries::wallTimes(run, offset) : RunSeries(run, source, offset);
    const size_t n = s.size();
    size_t begin = o.skipWarmup > 0 ? s.upperBound(o.skipWarmup) : 0;
    begin += size_t(std::clamp(o.throughputSkip, 0.0, 1.0) * double(n - begin));
    if (wall)
        begin = std::max<size_t>(begin, 1);
    *count = int(n > begin ? n - begin : 0);
    // A steady-state summary does not need a selection over millions of steps: evenly spaced
    // samples give the same median.
    const size_t stride = std::max<size_t>(1, (n - std::min(n, begin) + maxMedianSample - 1) / maxMedianSample);
    std::vector<double> rates;
    rates.reserve(std::min(n, maxMedianSample + 1));
    for (size_t i = begin; i < n; i += stride) {
        if (wall) {
            if (run.segmentOf(s.point(i)) != run.segmentOf(s.point(i - 1)))
                continue;
            const double dt = s.value(i) - s.value(i - 1);
            if (dt > 0)
                rates.push_back(double(s.step(i) - s.step(i - 1)) / dt);
        } else if (std::isfinite(s.value(i)) && s.value(i) > 0) {
            rates.push_back(s.value(i));
        }
    }
    return medianInPlace(rates);
}

ParityResult::Throughput throughput(const RunMetrics &a, const RunMetrics &b, qint64 offA, qint64 offB,
                                    const ParityOptions &o)
{
    ParityResult::Throughput t;
    for (const QString &source : {MetricNames::tokensPerSecond, MetricNames::samplesPerSecond,
                                  MetricNames::tokensPerSecondPerDevice, MetricNames::elapsedMs}) {
        if (a.hasMetric(source) && b.hasMetric(source)) {
            t.source = source;
            break;
        }
    }
    if (t.source.isEmpty() && a.hasWallTime() && b.hasWallTime())
        t.source = QStringLiteral("wall_time");
    if (t.source.isEmpty())
        return t;
    t.baseline = steadyMedian(a, t.source, offA, o, &t.baselinePoints);
    t.candidate = steadyMedian(b, t.source, offB, o, &t.candidatePoints);
    // elapsed_ms is time per step: the faster run has the smaller number.
    t.ratio = t.source == MetricNames::elapsedMs ? t.baseline / t.candidate : t.candidate / t.baseline;
    return t;
}

/// A reason's sentence, marked for the catalogue where it is written: the JSON and the CLI keep
/// its English, the GUI and the report translate it (ParitySentence).
ParitySentence said(const char *source, const QStringList &args)
{
    return {"ParityReason", source, args};
}

void addReason(ParityResult::Candidate &c, Verdict level, const QString &code, const ParitySentence &text,
               qint64 step = -1, const QString &metric = {})
{
    c.reasons.append({level, code, text.english(), step, metric, text});
}

/// The first judged row with both values finite, or nullptr.
const Row *firstFiniteRow(const ParityResult::Candidate &c)
{
    for (const Row &r : c.rows) {
        if (!(r.flags & (Row::Warmup | Row::BaselineNonFinite | Row::CandidateNonFinite)))
            return &r;
    }
    return nullptr;
}

/// The mean relative error of another metric (grad norm) over common steps after warm-up.
ParityResult::MetricCheck metricCheck(const ParityOptions &o, const QString &metric, const RunSeries &a,
                                      const RunSeries &b, double limit)
{
    ParityResult::MetricCheck m;
    m.metric = metric;
    m.limit = limit;
    double sum = 0;
    size_t j = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        const qint64 step = a.step(i);
        while (j < b.size() && b.step(j) < step)
            ++j;
        if (j >= b.size())
            break;
        if (b.step(j) != step || (o.skipWarmup > 0 && step <= o.skipWarmup))
            continue;
        const double x = a.value(i), y = b.value(j);
        if (!std::isfinite(x) || !std::isfinite(y) || x == 0)
            continue;
        sum += std::abs(y - x) / std::abs(x);
        ++m.steps;
    }
    m.meanRel = m.steps > 0 ? sum / m.steps : 0;
    m.passed = m.steps > 0 && m.meanRel <= limit;
    return m;
}

void judge(const ParityOptions &o, const QString &baselineName, ParityResult::Candidate &c)
{
    const QString &metric = c.candidateMetric;
    const bool envelope = c.envelope.steps > 0;
    const auto n = [](qint64 v) { return QString::number(v); };
    if (c.firstCandidateNaNWithFiniteBaseline >= 0) {
        addReason(c, Verdict::Fail, QStringLiteral("candidate-nonfinite"),
                  said(QT_TRANSLATE_NOOP("ParityReason",
                                         "%1 is NaN/inf at step %2 where the baseline is finite (%3 "
                                         "non-finite step(s) in all)"),
                       {metric, n(c.firstCandidateNaNWithFiniteBaseline), n(c.candidateNonFiniteSteps.size())}),
                  c.firstCandidateNaNWithFiniteBaseline, metric);
    }
    if (o.firstStepAbsLimit > 0 || o.firstStepRelLimit > 0) {
        if (const Row *first = firstFiniteRow(c)) {
            const bool absOk = o.firstStepAbsLimit > 0 && first->absErr() < o.firstStepAbsLimit;
            const bool relOk = o.firstStepRelLimit > 0 && first->relErr() < o.firstStepRelLimit;
            if (!absOk && !relOk)
                addReason(c, Verdict::Fail, QStringLiteral("first-step"),
                          said(QT_TRANSLATE_NOOP("ParityReason",
                                                 "%1 at the first step (%2) differs by %3 (%4): the "
                                                 "first step needs abs < %5 or rel < %6"),
                               {metric, n(first->step), number(first->absErr()), percent(first->relErr()),
                                number(o.firstStepAbsLimit), percent(o.firstStepRelLimit)}),
                          first->step, metric);
        }
    }
    // Phrases that are arguments of several sentences, translated with them.
    const QString beyond = envelope ? QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "outside the envelope"))
                                    : QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "beyond tolerance"));
    if (c.firstDivergenceStep >= 0) {
        addReason(
            c, o.divergenceFails ? Verdict::Fail : Verdict::Warn, QStringLiteral("divergence"),
            said(QT_TRANSLATE_NOOP("ParityReason",
                                   "%1 diverges from step %2: %3 there and in most of the %4 judged steps from it"),
                 {metric, n(c.firstDivergenceStep), beyond, n(std::max(1, o.divergenceWindow))}),
            c.firstDivergenceStep, metric);
    }
    if (c.withinShare < o.minWithinShare) {
        addReason(c, Verdict::Fail, QStringLiteral("within-share"),
                  said(QT_TRANSLATE_NOOP("ParityReason", "%1: %2 of %3 steps %4, %5 required"),
                       {metric, percent(c.withinShare), n(c.judgedSteps),
                        envelope ? QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "inside the envelope"))
                                 : QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "within tolerance")),
                        percent(o.minWithinShare)}),
                  c.firstBeyondStep, metric);
    }
    // With an envelope the means are of the distance to the baselines' spread (0 inside it).
    const double meanRel = envelope ? c.envelope.meanRelExcess : c.meanRel;
    const double meanAbs = envelope ? c.envelope.meanAbsExcess : c.meanAbs;
    const QString what = envelope
        ? QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "distance to the baselines' spread"))
        : QStringLiteral(QT_TRANSLATE_NOOP("ParityReason", "error"));
    const bool relBad = o.meanRelLimit > 0 && meanRel >= o.meanRelLimit;
    const bool absBad = o.meanAbsLimit > 0 && meanAbs >= o.meanAbsLimit;
    if (o.meanEitherLimit && o.meanRelLimit > 0 && o.meanAbsLimit > 0) {
        if (relBad && absBad)
            addReason(c, Verdict::Fail, QStringLiteral("mean"),
                      said(QT_TRANSLATE_NOOP("ParityReason",
                                             "%1: mean absolute %2 %3 is not below %4 and mean "
                                             "relative %2 %5 is not below %6"),
                           {metric, what, number(meanAbs), number(o.meanAbsLimit), percent(meanRel),
                            percent(o.meanRelLimit)}),
                      -1, metric);
    } else {
        if (relBad)
            addReason(c, Verdict::Fail, QStringLiteral("mean-rel"),
                      said(QT_TRANSLATE_NOOP("ParityReason", "%1: mean relative %2 %3 is not below %4"),
                           {metric, what, percent(meanRel), percent(o.meanRelLimit)}),
                      -1, metric);
        if (o.meanAbsLimit > 0 && meanAbs > o.meanAbsLimit)
            addReason(c, Verdict::Fail, QStringLiteral("mean-abs"),
                      said(QT_TRANSLATE_NOOP("ParityReason", "%1: mean absolute %2 %3 exceeds %4"),
                           {metric, what, number(meanAbs), number(o.meanAbsLimit)}),
                      -1, metric);
    }
    for (const ParityResult::MetricCheck &m : c.metricChecks) {
        if (m.steps == 0)
            addReason(c, Verdict::Warn, QStringLiteral("metric-missing"),
                      said(QT_TRANSLATE_NOOP("ParityReason",
                                             "the preset judges %1, but the two runs have no common step with it"),
                           {m.metric}),
                      -1, m.metric);
        else if (!m.passed)
            addReason(c, Verdict::Fail, QStringLiteral("metric-mean-rel"),
                      said(QT_TRANSLATE_NOOP("ParityReason", "%1: mean relative error %2 over %3 steps exceeds %4"),
                           {m.metric, percent(m.meanRel), n(m.steps), percent(m.limit)}),
                      -1, m.metric);
    }
    const bool failed
        = std::any_of(c.reasons.cbegin(), c.reasons.cend(), [](const Reason &r) { return r.level == Verdict::Fail; });

    if (!failed && c.beyondCount > 0 && c.firstDivergenceStep < 0) {
        addReason(c, Verdict::Warn, QStringLiteral("beyond-steps"),
                  said(QT_TRANSLATE_NOOP("ParityReason",
                                         "%1: %2 step(s) %3, first at step %4; largest relative "
                                         "error %5 at step %6"),
                       {metric, n(c.beyondCount), beyond, n(c.firstBeyondStep), percent(c.maxRel), n(c.maxRelStep)}),
                  c.firstBeyondStep, metric);
    }
    if (c.drift.detected) {
        addReason(c, Verdict::Warn, QStringLiteral("drift"),
                  said(QT_TRANSLATE_NOOP("ParityReason", "%1: error drifts over steps %2–%3: relative %4, absolute %5"),
                       {metric, n(c.drift.fromStep), n(c.drift.toStep), ParityText::drift(c.drift),
                        number(c.drift.absChange)}),
                  c.drift.fromStep, metric);
    }
    for (const ParityResult::SpikeSet &set : c.spikes) {
        const int own = set.candidateOnly();
        if (own == 0)
            continue;
        const auto first = std::find_if(set.candidate.cbegin(), set.candidate.cend(),
                                        [](const ParityResult::Spike &s) { return !s.inOtherRun; });
        addReason(c, Verdict::Warn, QStringLiteral("spikes"),
                  said(QT_TRANSLATE_NOOP("ParityReason",
                                         "%1 %2 spike(s) the baseline does not have, first at step "
                                         "%3 (%4 MADs above the local median)"),
                       {n(own), set.metric, n(first->step), NumberText::fixed(first->mads, 1)}),
                  first->step, set.metric);
    }
    if (!c.baselineNonFiniteSteps.isEmpty()) {
        addReason(c, Verdict::Warn, QStringLiteral("baseline-nonfinite"),
                  said(QT_TRANSLATE_NOOP("ParityReason",
                                         "baseline %1 (%2) is NaN/inf at step %3 (%4 step(s)); those "
                                         "steps are not judged"),
                       {c.baselineMetric, baselineName, n(c.baselineNonFiniteSteps.first()),
                        n(c.baselineNonFiniteSteps.size())}),
                  c.baselineNonFiniteSteps.first(), c.baselineMetric);
    }
    if (c.firstCandidateNaNWithFiniteBaseline < 0 && !c.candidateNonFiniteSteps.isEmpty()) {
        addReason(c, Verdict::Warn, QStringLiteral("candidate-nonfinite-unmatched"),
                  said(QT_TRANSLATE_NOOP("ParityReason",
                                         "%1 is NaN/inf at step %2, where the baseline has no finite value to compare"),
                       {metric, n(c.candidateNonFiniteSteps.first())}),
                  c.candidateNonFiniteSteps.first(), metric);
    }
    for (const ParityResult::Precision &p : c.precision) {
        if (!p.toleranceBelowResolution)
            continue;
        QStringList sources;
        for (const QString &path : {p.baselineFullPrecision, p.candidateFullPrecision}) {
            if (!path.isEmpty())
                sources.append(path);
        }
        const QStringList args{p.metric, n(std::min(p.baselineDigits, p.candidateDigits)), number(p.resolution),
                               number(p.tolerance), sources.join(QStringLiteral(", "))};
        addReason(c, Verdict::Warn, QStringLiteral("precision"),
                  sources.isEmpty()
                      ? said(QT_TRANSLATE_NOOP("ParityReason",
                                               "%1 is printed with %2 significant digits (a step of %3 near its "
                                               "median): the tolerance %4 is below that, so agreement only shows the "
                                               "printed values agree"),
                             args.mid(0, 4))
                      : said(QT_TRANSLATE_NOOP("ParityReason",
                                               "%1 is printed with %2 significant digits (a step of %3 near its "
                                               "median): the tolerance %4 is below that, so agreement only shows the "
                                               "printed values agree; full-precision values are at hand: %5"),
                             args),
                  -1, p.metric);
    }
    for (const ParityResult::FairnessItem &f : c.fairness) {
        if (f.status != ParityResult::FairnessItem::Status::Mismatch)
            continue;
        // The label is a phrase of the catalogue (parityfairness.cpp), translated with the sentence.
        addReason(c, Verdict::Warn, QStringLiteral("fairness-") + f.key,
                  said(QT_TRANSLATE_NOOP("ParityReason", "%1 differs: %2 vs %3 (%4)"),
                       {f.label, f.baselineValue, f.candidateValue, f.detail}),
                  f.step);
    }
    if (o.minThroughputRatio > 0 && std::isfinite(c.throughput.ratio) && c.throughput.ratio < o.minThroughputRatio) {
        addReason(c, Verdict::Warn, QStringLiteral("throughput"),
                  said(QT_TRANSLATE_NOOP("ParityReason", "throughput ratio %1 is below %2 (%3)"),
                       {NumberText::ratio(c.throughput.ratio), NumberText::ratio(o.minThroughputRatio),
                        c.throughput.source}));
    }
    if (c.judgedSteps < o.minJudgedSteps) {
        addReason(
            c, Verdict::Warn, QStringLiteral("few-steps"),
            said(QT_TRANSLATE_NOOP("ParityReason", "only %1 step(s) could be judged; the preset wants at least %2"),
                 {n(c.judgedSteps), n(o.minJudgedSteps)}));
    }
    // FAIL reasons first, then WARN, each in the order found.
    std::stable_sort(c.reasons.begin(), c.reasons.end(),
                     [](const Reason &x, const Reason &y) { return x.level > y.level; });
    c.verdict = Verdict::Pass;
    for (const Reason &r : c.reasons)
        c.verdict = std::max(c.verdict, r.level);
}

} // namespace

ParityEngine::ParityEngine(const ParityOptions &options)
    : m_options(options)
{ }

QString ParityEngine::resolveMetric(const RunMetrics &run, const QString &requested)
{
    const QString name = MetricNames::normalise(requested);
    if (name.isEmpty() || name == MetricNames::loss) {
        if (name == MetricNames::loss && run.hasMetric(MetricNames::loss))
            return MetricNames::loss;
        return MetricNames::primaryLoss(run.metricNames());
    }
    return run.hasMetric(name) ? name : QString();
}

ParityResult ParityEngine::compare(const RunMetrics &baseline, const QVector<const RunMetrics *> &candidates,
                                   const QVector<const RunMetrics *> &envelope) const
{
    const ParityOptions &o = m_options;
    ParityResult result;
    result.options = o;
    result.baselineName = baseline.name;
    result.baselinePath = baseline.sourcePath;
    const QString wanted = o.metric.isEmpty() ? MetricNames::loss : MetricNames::normalise(o.metric);
    if (candidates.isEmpty()) {
        result.error = QStringLiteral("no candidate run to compare with the baseline");
        return result;
    }
    if (candidates.size() > ParityOptions::maxCandidates) {
        result.error = QStringLiteral("%1 candidates given; at most %2 can be compared at once")
                           .arg(candidates.size())
                           .arg(ParityOptions::maxCandidates);
        return result;
    }
    const QString baseMetric = resolveMetric(baseline, wanted);
    if (baseMetric.isEmpty()) {
        result.error = QStringLiteral("baseline '%1' has no metric '%2' (it has: %3)")
                           .arg(baseline.name, wanted, baseline.metricNames().join(QStringLiteral(", ")));
        return result;
    }
    QStringList candidateMetrics;
    for (const RunMetrics *run : candidates) {
        candidateMetrics.append(resolveMetric(*run, wanted));
        if (candidateMetrics.last().isEmpty()) {
            result.error = QStringLiteral("candidate '%1' has no metric '%2' (it has: %3)")
                               .arg(run->name, wanted, run->metricNames().join(QStringLiteral(", ")));
            return result;
        }
    }
    const RunSeries a(baseline, baseMetric, o.baselineStepOffset);
    // A step below 0 is refused, not judged: the result marks "no step" as -1 everywhere it
    // names one (first divergence, class and drift ranges), so a divergence at step -1 would read
    // as none. Trainers count from 0; a negative step comes from an offset or a hand-made file.
    const auto negativeSteps = [&result](const RunMetrics &run, const RunSeries &series, qint64 offset) {
        if (series.isEmpty() || series.firstStep() >= 0)
            return false;
        result.error = QStringLiteral("'%1' has steps below 0 (from %2%3): parity judges steps from 0 on; "
                                      "shift the run with --step-offset / --baseline-step-offset")
                           .arg(run.name)
                           .arg(series.firstStep())
                           .arg(offset == 0 ? QString() : QStringLiteral(" after the step offset %1").arg(offset));
        return true;
    };
    if (negativeSteps(baseline, a, o.baselineStepOffset))
        return result;
    std::vector<RunSeries> others;
    for (const RunMetrics *run : envelope) {
        const QString m = resolveMetric(*run, wanted);
        if (m.isEmpty()) {
            result.error = QStringLiteral("envelope baseline '%1' has no metric '%2' (it has: %3)")
                               .arg(run->name, wanted, run->metricNames().join(QStringLiteral(", ")));
            return result;
        }
        others.emplace_back(*run, m, o.baselineStepOffset);
        if (negativeSteps(*run, others.back(), o.baselineStepOffset))
            return result;
    }
    const ParityEnvelope noise(o, a, others);
    for (size_t k = 0; k < others.size(); ++k) {
        result.envelopeBaselines.append(noise.spread(k));
        if (result.envelopeBaselines.last().beyondTolerance > 0)
            result.baselineReproducible = false;
    }
    const bool gradNorm = baseMetric != MetricNames::gradNorm && baseline.hasMetric(MetricNames::gradNorm);
    const RunSeries aGrad = gradNorm ? RunSeries(baseline, MetricNames::gradNorm, o.baselineStepOffset) : RunSeries();
    // Spikes and throughput need no alignment: they run on the thread pool while this thread
    // aligns and judges (together about half of the work on two runs of millions of steps).
    // The baseline's own spikes are the same for every candidate.
    const SpikeDetector detector(o.spikeBlock, o.spikeMads);
    QFuture<QVector<ParityResult::Spike>> aSpikesJob = QtConcurrent::run([&] { return detector.detect(a); });
    QFuture<QVector<ParityResult::Spike>> aGradSpikesJob
        = QtConcurrent::run([&] { return gradNorm ? detector.detect(aGrad) : QVector<ParityResult::Spike>(); });

    for (int k = 0; k < candidates.size(); ++k) {
        const RunMetrics &run = *candidates.at(k);
        ParityResult::Candidate c;
        c.name = run.name;
        c.sourcePath = run.sourcePath;
        c.baselineMetric = baseMetric;
        c.candidateMetric = candidateMetrics.at(k);
        c.stepOffset = o.candidateStepOffset(k);
        const RunSeries b(run, c.candidateMetric, c.stepOffset);
        if (negativeSteps(run, b, c.stepOffset)) {
            aSpikesJob.waitForFinished();
            aGradSpikesJob.waitForFinished();
            return result;
        }
        const RunSeries bGrad = gradNorm ? RunSeries(run, MetricNames::gradNorm, c.stepOffset) : RunSeries();
        QFuture<QVector<ParityResult::Spike>> bSpikesJob = QtConcurrent::run([&] { return detector.detect(b); });
        QFuture<QVector<ParityResult::Spike>> bGradSpikesJob
            = QtConcurrent::run([&] { return detector.detect(bGrad); });
        QFuture<ParityResult::Throughput> throughputJob
            = QtConcurrent::run([&] { return throughput(baseline, run, o.baselineStepOffset, c.stepOffset, o); });
        // No job may outlive the series it reads: every way out of this iteration waits for them.
        const auto finishJobs = [&] {
            bSpikesJob.waitForFinished();
            bGradSpikesJob.waitForFinished();
            throughputJob.waitForFinished();
            aSpikesJob.waitForFinished();
            aGradSpikesJob.waitForFinished();
        };
        c.baselinePoints = int(a.size());
        c.candidatePoints = int(b.size());
        std::vector<std::pair<int, int>> commonPoints;
        alignRows(a, b, o.interpolate, c, ParityFairness::needsCommonPoints(baseline, run) ? &commonPoints : nullptr);
        if (c.rows.empty()) {
            result.error = QStringLiteral("'%1' (steps %2–%3) and '%4' (steps %5–%6) have no step in common for %7")
                               .arg(baseline.name)
                               .arg(a.isEmpty() ? 0 : a.firstStep())
                               .arg(a.isEmpty() ? 0 : a.lastStep())
                               .arg(run.name)
                               .arg(b.isEmpty() ? 0 : b.firstStep())
                               .arg(b.isEmpty() ? 0 : b.lastStep())
                               .arg(baseMetric);
            finishJobs();
            return result;
        }
        if (!noise.isEmpty())
            c.envelopeBounds = noise.bounds(c.rows);
        errorStatistics(o, c);
        if (!noise.isEmpty())
            noise.summarise(c);
        if (c.judgedSteps == 0) {
            result.error = QStringLiteral("no step of '%1' is left to judge after warm-up (steps ≤ %2 skipped)")
                               .arg(run.name)
                               .arg(o.skipWarmup);
            finishJobs();
            return result;
        }
        drift(o, c);

        c.baselineNonFiniteSteps = nonFiniteSteps(a);
        c.candidateNonFiniteSteps = nonFiniteSteps(b);
        for (qint64 step : qAsConst(c.candidateNonFiniteSteps)) {
            if (baselineFiniteAt(a, step)) {
                c.firstCandidateNaNWithFiniteBaseline = step;
                break;
            }
        }

        c.fairness = ParityFairness::check(baseline, run, commonPoints, a.isEmpty() ? -1 : a.lastStep(),
                                           b.isEmpty() ? -1 : b.lastStep());
        finishJobs();
        c.spikes.append(spikeSet(o, baseMetric, a, b, aSpikesJob.result(), bSpikesJob.result()));
        if (gradNorm && run.hasMetric(MetricNames::gradNorm))
            c.spikes.append(
                spikeSet(o, MetricNames::gradNorm, aGrad, bGrad, aGradSpikesJob.result(), bGradSpikesJob.result()));

        c.throughput = throughputJob.result();
        if (o.gradNormMeanRelLimit > 0 && baseMetric != MetricNames::gradNorm)
            c.metricChecks.append(metricCheck(o, MetricNames::gradNorm, aGrad, bGrad, o.gradNormMeanRelLimit));
        c.precision.append(ParityPrecision::check(o, baseMetric, a, b));
        if (!result.baselineReproducible) {
            for (const ParityResult::BaselineSpread &s : qAsConst(result.envelopeBaselines)) {
                if (s.beyondTolerance == 0)
                    continue;
                addReason(
                    c, Verdict::Warn, QStringLiteral("baseline-not-reproducible"),
                    said(QT_TRANSLATE_NOOP("ParityReason",
                                           "the baselines differ by more than the tolerance: '%1' leaves '%2' at "
                                           "%3 of %4 steps, first at step %5 (largest relative difference %6 at "
                                           "step %7); the baseline itself is not reproducible at this tolerance"),
                         {s.name, baseline.name, QString::number(s.beyondTolerance), QString::number(s.commonSteps),
                          QString::number(s.firstBeyondStep), percent(s.maxRel), QString::number(s.maxRelStep)}),
                    s.firstBeyondStep, baseMetric);
            }
        }
        judge(o, baseline.name, c);
        c.classes = ParityClassifier::classify(o, c);
        result.verdict = std::max(result.verdict, c.verdict);
        result.candidates.append(std::move(c));
    }
    return result;
}

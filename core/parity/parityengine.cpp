#include "parityengine.h"

#include "parityfairness.h"
#include "spikedetector.h"

#include "model/metricnames.h"
#include "model/run.h"

#include <algorithm>
#include <cmath>

namespace {

using Row = ParityResult::Row;
using Verdict = ParityResult::Verdict;
using Reason = ParityResult::Reason;

constexpr int minDriftPoints = 10;
constexpr int fewSteps = 10;

/// A run's points that carry one metric, restarts resolved, steps strictly ascending.
struct Series
{
    std::vector<qint64> steps; ///< aligned (offset applied)
    std::vector<int> points; ///< index into the run
    std::vector<double> values;

    size_t size() const { return steps.size(); }
    bool empty() const { return steps.empty(); }
};

Series effectiveSeries(const Run &run, const QString &metric, qint64 offset)
{
    Series s;
    const std::vector<double> *column = run.column(metric);
    if (!column)
        return s;
    const size_t n = size_t(run.pointCount());
    s.steps.reserve(n);
    s.points.reserve(n);
    s.values.reserve(n);
    const QVector<int> &starts = run.segmentStarts();
    for (int seg = 0; seg < starts.size(); ++seg) {
        const int begin = starts.at(seg);
        const int end = seg + 1 < starts.size() ? starts.at(seg + 1) : run.pointCount();
        if (seg > 0) {
            // The resumed segment supersedes what the earlier one logged from its first step on.
            const qint64 first = run.step(begin) + offset;
            const size_t keep = size_t(std::lower_bound(s.steps.begin(), s.steps.end(), first) - s.steps.begin());
            s.steps.resize(keep);
            s.points.resize(keep);
            s.values.resize(keep);
        }
        for (int p = begin; p < end; ++p) {
            const double v = (*column)[size_t(p)];
            if (Run::isMissing(v))
                continue;
            s.steps.push_back(run.step(p) + offset);
            s.points.push_back(p);
            s.values.push_back(v);
        }
    }
    return s;
}

QString percent(double share)
{
    return QString::number(share * 100.0, 'g', 4) + QStringLiteral(" %");
}

QString number(double v)
{
    return QString::number(v, 'g', 6);
}

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

void alignRows(const Series &a, const Series &b, bool interpolate, ParityResult::Candidate &c,
               std::vector<std::pair<int, int>> &commonPoints)
{
    c.rows.reserve(a.size());
    commonPoints.reserve(std::min(a.size(), b.size()));
    size_t j = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        const qint64 step = a.steps[i];
        while (j < b.size() && b.steps[j] < step)
            ++j;
        if (j < b.size() && b.steps[j] == step) {
            c.rows.push_back({step, a.values[i], b.values[j], 0});
            commonPoints.emplace_back(a.points[i], b.points[j]);
            ++c.commonSteps;
        } else if (interpolate && j > 0 && j < b.size()) {
            const double lo = b.values[j - 1], hi = b.values[j];
            // A non-finite neighbour is reported on its own step; do not smear it.
            if (std::isfinite(lo) && std::isfinite(hi)) {
                const double f = double(step - b.steps[j - 1]) / double(b.steps[j] - b.steps[j - 1]);
                c.rows.push_back({step, a.values[i], lo + (hi - lo) * f, Row::Interpolated});
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
    for (Row &r : c.rows) {
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
            beyond = !(ad <= o.absTol + o.relTol * std::abs(r.baseline));
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
    const bool relDrift = o.relTol > 0 && std::abs(d.relChange) > o.driftShare * o.relTol
        && std::abs(d.relT) >= o.driftMinT;
    const bool absDrift = o.absTol > 0 && std::abs(d.absChange) > o.driftShare * o.absTol
        && std::abs(d.absT) >= o.driftMinT;
    d.detected = relDrift || absDrift;
}

QVector<qint64> nonFiniteSteps(const Series &s)
{
    QVector<qint64> steps;
    for (size_t i = 0; i < s.size(); ++i) {
        if (!std::isfinite(s.values[i]))
            steps.append(s.steps[i]);
    }
    return steps;
}

/// True when the baseline is finite at `step`, or, where it did not log that step, at both
/// neighbouring logged steps.
bool baselineFiniteAt(const Series &a, qint64 step)
{
    const auto it = std::lower_bound(a.steps.begin(), a.steps.end(), step);
    const size_t i = size_t(it - a.steps.begin());
    if (i < a.size() && a.steps[i] == step)
        return std::isfinite(a.values[i]);
    return i > 0 && i < a.size() && std::isfinite(a.values[i - 1]) && std::isfinite(a.values[i]);
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
qint64 pointsToSteps(const Series &s, int points)
{
    if (s.size() < 2)
        return 0;
    const double interval = double(s.steps.back() - s.steps.front()) / double(s.size() - 1);
    return qint64(std::ceil(interval * points));
}

ParityResult::SpikeSet spikes(const ParityOptions &o, const QString &name, const Series &a, const Series &b)
{
    const SpikeDetector detector(o.spikeBlock, o.spikeMads);
    ParityResult::SpikeSet set;
    set.metric = name;
    set.baseline = detector.detect(a.steps, a.values);
    set.candidate = detector.detect(b.steps, b.values);
    const qint64 reach = std::max(pointsToSteps(a, o.spikeBlock), pointsToSteps(b, o.spikeBlock));
    markShared(set.baseline, set.candidate, reach);
    markShared(set.candidate, set.baseline, reach);
    return set;
}

double medianOf(std::vector<double> &v)
{
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

/// Steady-state rates of one run: after warm-up and the first `skip` share of what remains.
std::vector<double> steadyRates(const Run &run, const QString &source, qint64 offset, const ParityOptions &o)
{
    std::vector<double> rates;
    const bool wall = source == QLatin1String("wall_time");
    const Series s = effectiveSeries(run, wall ? QString() : source, offset);
    std::vector<qint64> steps;
    std::vector<int> points;
    if (wall) {
        // Every point with a wall time, restarts resolved the same way as a metric.
        qint64 last = std::numeric_limits<qint64>::min();
        for (int p = 0; p < run.pointCount(); ++p) {
            const qint64 step = run.step(p) + offset;
            if (step <= last) {
                const size_t keep = size_t(std::lower_bound(steps.begin(), steps.end(), step) - steps.begin());
                steps.resize(keep);
                points.resize(keep);
            }
            last = step;
            if (!std::isnan(run.wallTime(p))) {
                steps.push_back(step);
                points.push_back(p);
            }
        }
    }
    const std::vector<qint64> &st = wall ? steps : s.steps;
    const size_t n = st.size();
    size_t begin = o.skipWarmup > 0 ? size_t(std::upper_bound(st.begin(), st.end(), o.skipWarmup) - st.begin()) : 0;
    begin += size_t(std::clamp(o.throughputSkip, 0.0, 1.0) * double(n - begin));
    rates.reserve(n - begin);
    for (size_t i = begin; i < n; ++i) {
        if (wall) {
            if (i == 0 || i == begin || run.segmentOf(points[i]) != run.segmentOf(points[i - 1]))
                continue;
            const double dt = run.wallTime(points[i]) - run.wallTime(points[i - 1]);
            if (dt > 0)
                rates.push_back(double(st[i] - st[i - 1]) / dt);
        } else if (std::isfinite(s.values[i]) && s.values[i] > 0) {
            rates.push_back(s.values[i]);
        }
    }
    return rates;
}

ParityResult::Throughput throughput(const Run &a, const Run &b, qint64 offA, qint64 offB, const ParityOptions &o)
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
    std::vector<double> ra = steadyRates(a, t.source, offA, o);
    std::vector<double> rb = steadyRates(b, t.source, offB, o);
    t.baselinePoints = int(ra.size());
    t.candidatePoints = int(rb.size());
    t.baseline = medianOf(ra);
    t.candidate = medianOf(rb);
    // elapsed_ms is time per step: the faster run has the smaller number.
    t.ratio = t.source == MetricNames::elapsedMs ? t.baseline / t.candidate : t.candidate / t.baseline;
    return t;
}

void addReason(ParityResult::Candidate &c, Verdict level, const QString &code, const QString &message,
               qint64 step = -1)
{
    c.reasons.append({level, code, message, step});
}

void judge(const ParityOptions &o, const QString &baselineName, ParityResult::Candidate &c)
{
    const QString &metric = c.candidateMetric;
    if (c.firstCandidateNaNWithFiniteBaseline >= 0) {
        addReason(c, Verdict::Fail, QStringLiteral("candidate-nonfinite"),
                  QStringLiteral("%1 is NaN/inf at step %2 where the baseline is finite (%3 non-finite step(s) in all)")
                      .arg(metric)
                      .arg(c.firstCandidateNaNWithFiniteBaseline)
                      .arg(c.candidateNonFiniteSteps.size()),
                  c.firstCandidateNaNWithFiniteBaseline);
    }
    if (c.firstDivergenceStep >= 0) {
        addReason(c, Verdict::Fail, QStringLiteral("divergence"),
                  QStringLiteral("diverges from step %1: beyond tolerance there and in most of the %2 judged steps "
                                 "from it")
                      .arg(c.firstDivergenceStep)
                      .arg(std::max(1, o.divergenceWindow)),
                  c.firstDivergenceStep);
    }
    if (c.withinShare < o.minWithinShare) {
        addReason(c, Verdict::Fail, QStringLiteral("within-share"),
                  QStringLiteral("%1 of %2 steps within tolerance, %3 required")
                      .arg(percent(c.withinShare))
                      .arg(c.judgedSteps)
                      .arg(percent(o.minWithinShare)),
                  c.firstBeyondStep);
    }
    if (o.meanRelLimit > 0 && c.meanRel >= o.meanRelLimit) {
        addReason(c, Verdict::Fail, QStringLiteral("mean-rel"),
                  QStringLiteral("mean relative error %1 is not below %2").arg(percent(c.meanRel), percent(o.meanRelLimit)));
    }
    if (o.meanAbsLimit > 0 && c.meanAbs > o.meanAbsLimit) {
        addReason(c, Verdict::Fail, QStringLiteral("mean-abs"),
                  QStringLiteral("mean absolute error %1 exceeds %2").arg(number(c.meanAbs), number(o.meanAbsLimit)));
    }
    const bool failed = !c.reasons.isEmpty();

    if (!failed && c.beyondCount > 0) {
        addReason(c, Verdict::Warn, QStringLiteral("beyond-steps"),
                  QStringLiteral("%1 step(s) beyond tolerance, first at step %2; largest relative error %3 at step %4")
                      .arg(c.beyondCount)
                      .arg(c.firstBeyondStep)
                      .arg(percent(c.maxRel))
                      .arg(c.maxRelStep),
                  c.firstBeyondStep);
    }
    if (c.drift.detected) {
        addReason(c, Verdict::Warn, QStringLiteral("drift"),
                  QStringLiteral("error drifts over steps %1–%2: relative %3%4 (t = %5), absolute %6")
                      .arg(c.drift.fromStep)
                      .arg(c.drift.toStep)
                      .arg(c.drift.relChange >= 0 ? QStringLiteral("+") : QString())
                      .arg(percent(c.drift.relChange))
                      .arg(QString::number(c.drift.relT, 'f', 1))
                      .arg(number(c.drift.absChange)),
                  c.drift.fromStep);
    }
    for (const ParityResult::SpikeSet &set : c.spikes) {
        const int own = set.candidateOnly();
        if (own == 0)
            continue;
        const auto first = std::find_if(set.candidate.cbegin(), set.candidate.cend(),
                                        [](const ParityResult::Spike &s) { return !s.inOtherRun; });
        addReason(c, Verdict::Warn, QStringLiteral("spikes"),
                  QStringLiteral("%1 %2 spike(s) the baseline does not have, first at step %3 (%4 MADs above the "
                                 "local median)")
                      .arg(own)
                      .arg(set.metric)
                      .arg(first->step)
                      .arg(QString::number(first->mads, 'f', 1)),
                  first->step);
    }
    if (!c.baselineNonFiniteSteps.isEmpty()) {
        addReason(c, Verdict::Warn, QStringLiteral("baseline-nonfinite"),
                  QStringLiteral("baseline %1 (%2) is NaN/inf at step %3 (%4 step(s)); those steps are not judged")
                      .arg(c.baselineMetric, baselineName)
                      .arg(c.baselineNonFiniteSteps.first())
                      .arg(c.baselineNonFiniteSteps.size()),
                  c.baselineNonFiniteSteps.first());
    }
    if (c.firstCandidateNaNWithFiniteBaseline < 0 && !c.candidateNonFiniteSteps.isEmpty()) {
        addReason(c, Verdict::Warn, QStringLiteral("candidate-nonfinite-unmatched"),
                  QStringLiteral("%1 is NaN/inf at step %2, where the baseline has no finite value to compare")
                      .arg(metric)
                      .arg(c.candidateNonFiniteSteps.first()),
                  c.candidateNonFiniteSteps.first());
    }
    for (const ParityResult::FairnessItem &f : c.fairness) {
        if (f.status != ParityResult::FairnessItem::Status::Mismatch)
            continue;
        addReason(c, Verdict::Warn, QStringLiteral("fairness-") + f.key,
                  QStringLiteral("%1 differs: %2 vs %3 (%4)").arg(f.label, f.baselineValue, f.candidateValue, f.detail),
                  f.step);
    }
    if (o.minThroughputRatio > 0 && std::isfinite(c.throughput.ratio) && c.throughput.ratio < o.minThroughputRatio) {
        addReason(c, Verdict::Warn, QStringLiteral("throughput"),
                  QStringLiteral("throughput ratio %1 is below %2 (%3)")
                      .arg(QString::number(c.throughput.ratio, 'f', 3))
                      .arg(o.minThroughputRatio)
                      .arg(c.throughput.source));
    }
    if (c.judgedSteps < fewSteps) {
        addReason(c, Verdict::Warn, QStringLiteral("few-steps"),
                  QStringLiteral("only %1 step(s) could be judged").arg(c.judgedSteps));
    }
    c.verdict = Verdict::Pass;
    for (const Reason &r : c.reasons)
        c.verdict = std::max(c.verdict, r.level);
}

} // namespace

ParityEngine::ParityEngine(const ParityOptions &options)
    : m_options(options)
{
}

QString ParityEngine::resolveMetric(const Run &run, const QString &requested)
{
    const QString name = MetricNames::normalise(requested);
    if (name.isEmpty() || name == MetricNames::loss) {
        if (name == MetricNames::loss && run.hasMetric(MetricNames::loss))
            return MetricNames::loss;
        return MetricNames::primaryLoss(run.metricNames());
    }
    return run.hasMetric(name) ? name : QString();
}

ParityResult ParityEngine::compare(const Run &baseline, const QVector<const Run *> &candidates) const
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
    const Series a = effectiveSeries(baseline, baseMetric, o.baselineStepOffset);
    const bool gradNorm = baseMetric != MetricNames::gradNorm && baseline.hasMetric(MetricNames::gradNorm);
    const Series aGrad = gradNorm ? effectiveSeries(baseline, MetricNames::gradNorm, o.baselineStepOffset) : Series();

    for (int k = 0; k < candidates.size(); ++k) {
        const Run &run = *candidates.at(k);
        ParityResult::Candidate c;
        c.name = run.name;
        c.sourcePath = run.sourcePath;
        c.baselineMetric = baseMetric;
        c.candidateMetric = resolveMetric(run, wanted);
        c.stepOffset = o.candidateStepOffset(k);
        if (c.candidateMetric.isEmpty()) {
            result.error = QStringLiteral("candidate '%1' has no metric '%2' (it has: %3)")
                               .arg(run.name, wanted, run.metricNames().join(QStringLiteral(", ")));
            return result;
        }
        const Series b = effectiveSeries(run, c.candidateMetric, c.stepOffset);
        c.baselinePoints = int(a.size());
        c.candidatePoints = int(b.size());
        std::vector<std::pair<int, int>> commonPoints;
        alignRows(a, b, o.interpolate, c, commonPoints);
        if (c.rows.empty()) {
            result.error = QStringLiteral("'%1' (steps %2–%3) and '%4' (steps %5–%6) have no step in common for %7")
                               .arg(baseline.name)
                               .arg(a.empty() ? 0 : a.steps.front())
                               .arg(a.empty() ? 0 : a.steps.back())
                               .arg(run.name)
                               .arg(b.empty() ? 0 : b.steps.front())
                               .arg(b.empty() ? 0 : b.steps.back())
                               .arg(baseMetric);
            return result;
        }
        errorStatistics(o, c);
        if (c.judgedSteps == 0) {
            result.error = QStringLiteral("no step of '%1' is left to judge after warm-up (steps ≤ %2 skipped)")
                               .arg(run.name)
                               .arg(o.skipWarmup);
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

        c.spikes.append(spikes(o, baseMetric, a, b));
        if (gradNorm && run.hasMetric(MetricNames::gradNorm))
            c.spikes.append(spikes(o, MetricNames::gradNorm, aGrad,
                                   effectiveSeries(run, MetricNames::gradNorm, c.stepOffset)));

        c.throughput = throughput(baseline, run, o.baselineStepOffset, c.stepOffset, o);
        c.fairness = ParityFairness::check(baseline, run, commonPoints, a.empty() ? -1 : a.steps.back(),
                                           b.empty() ? -1 : b.steps.back());
        judge(o, baseline.name, c);
        result.verdict = std::max(result.verdict, c.verdict);
        result.candidates.append(std::move(c));
    }
    return result;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritymonitor.h"

#include "median.h"
#include "parityengine.h"
#include "parityenvelope.h"
#include "spikedetector.h"

#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/runmetrics.h"

#include <algorithm>
#include <cmath>

namespace {

constexpr size_t trailingPoints = 4; ///< the trailing median's points, as SpikeDetector's four neighbours
constexpr size_t residualWindow = 64; ///< residuals the MAD is taken over
constexpr size_t minResiduals = 16; ///< no spike judgement before this many

} // namespace

ParityMonitor::ParityMonitor(const ParityOptions &options, const RunMetrics &baseline,
                             const QVector<const RunMetrics *> &envelope)
    : m_options(options)
{
    const QString wanted = options.metric.isEmpty() ? MetricNames::loss : MetricNames::normalise(options.metric);
    m_wanted = wanted;
    m_metric = ParityEngine::resolveMetric(baseline, wanted);
    if (m_metric.isEmpty()) {
        m_error = QStringLiteral("baseline '%1' has no metric '%2'").arg(baseline.name, wanted);
        return;
    }
    m_baseline = RunSeries(baseline, m_metric, options.baselineStepOffset);
    for (const RunMetrics *run : envelope) {
        const QString m = ParityEngine::resolveMetric(*run, wanted);
        if (m.isEmpty()) {
            m_error = QStringLiteral("envelope baseline '%1' has no metric '%2'").arg(run->name, wanted);
            return;
        }
        m_others.emplace_back(*run, m, options.baselineStepOffset);
    }
    // The envelope per baseline step, once: every appended point then costs a lookup.
    std::vector<ParityResult::Row> rows;
    rows.reserve(m_baseline.size());
    for (size_t i = 0; i < m_baseline.size(); ++i)
        rows.push_back({m_baseline.step(i), m_baseline.value(i), m_baseline.value(i), 0});
    m_spread = ParityEnvelope(options, m_baseline, m_others).bounds(rows);
    m_baselineSpikes = SpikeDetector(options.spikeBlock, options.spikeMads).detect(m_baseline);
    if (m_baseline.size() > 1)
        m_spikeReach = qint64(std::ceil(double(m_baseline.lastStep() - m_baseline.firstStep())
                                        / double(m_baseline.size() - 1) * options.spikeBlock));
}

QString ParityMonitor::candidateMetric(const RunMetrics &candidate) const
{
    return ParityEngine::resolveMetric(candidate, m_wanted);
}

QString ParityMonitor::kindName(Alert::Kind kind)
{
    switch (kind) {
    case Alert::Kind::Beyond: return QStringLiteral("beyond");
    case Alert::Kind::Divergence: return QStringLiteral("divergence");
    case Alert::Kind::NonFinite: return QStringLiteral("nonfinite");
    case Alert::Kind::Spike: break;
    }
    return QStringLiteral("spike");
}

void ParityMonitor::raise(QVector<Alert> &out, Alert::Kind kind, ParityResult::Verdict level, qint64 step,
                          qint64 seenAt, const QString &message)
{
    bool &raised = m_raised[int(kind)];
    if (raised)
        return; // each kind once: the first time is the news
    raised = true;
    if (level == ParityResult::Verdict::Fail)
        m_failed = true;
    out.append({kind, level, step, seenAt, kindName(kind), message});
}

long long ParityMonitor::baselineIndex(qint64 step)
{
    if (m_cursor > 0 && m_cursor <= m_baseline.size() && m_baseline.step(m_cursor - 1) >= step)
        m_cursor = m_baseline.lowerBound(step); // a restart went back: search once
    while (m_cursor < m_baseline.size() && m_baseline.step(m_cursor) < step)
        ++m_cursor;
    if (m_cursor < m_baseline.size() && m_baseline.step(m_cursor) == step)
        return (long long)(m_cursor);
    return -1;
}

bool ParityMonitor::baselineSpikeNear(qint64 step) const
{
    const auto it = std::lower_bound(m_baselineSpikes.cbegin(), m_baselineSpikes.cend(), step - m_spikeReach,
                                     [](const ParityResult::Spike &s, qint64 x) { return s.step < x; });
    return it != m_baselineSpikes.cend() && it->step <= step + m_spikeReach;
}

QVector<ParityMonitor::Alert> ParityMonitor::append(const RunMetrics &chunk)
{
    QVector<Alert> alerts;
    if (!m_error.isEmpty())
        return alerts;
    if (m_candidateMetric.isEmpty()) {
        m_candidateMetric = candidateMetric(chunk);
        if (m_candidateMetric.isEmpty())
            return alerts; // not yet: eval or banner lines came first
    }
    const int column = chunk.columnIndex(m_candidateMetric);
    if (column < 0)
        return alerts;
    const MetricColumn &values = chunk.columnAt(column);
    for (int p = 0; p < chunk.pointCount(); ++p) {
        if (!RunMetrics::isMissing(values[size_t(p)]))
            alerts += append(chunk.step(p), values[size_t(p)]);
    }
    return alerts;
}

QVector<ParityMonitor::Alert> ParityMonitor::append(qint64 ownStep, double value)
{
    QVector<Alert> alerts;
    if (!m_error.isEmpty())
        return alerts;
    const ParityOptions &o = m_options;
    const qint64 step = ownStep + o.candidateStepOffset(0);
    const long long i = baselineIndex(step);
    const double base = i >= 0 ? m_baseline.value(size_t(i)) : std::numeric_limits<double>::quiet_NaN();
    const QString &metric = m_metric;

    if (!std::isfinite(value)) {
        // As in ParityEngine: a NaN/inf where the baseline is finite fails, warm-up included.
        if (i >= 0 && std::isfinite(base))
            raise(alerts, Alert::Kind::NonFinite, ParityResult::Verdict::Fail, step, step,
                  QStringLiteral("%1 is %2 at step %3 where the baseline is %4")
                      .arg(metric, NumberText::number(value))
                      .arg(step)
                      .arg(NumberText::number(base)));
        return alerts;
    }

    // Spikes: the residual from the trailing median of the last four values, in units of the
    // scaled MAD of the last 64 residuals; causal, so it can run as the log grows.
    if (m_recent.size() == trailingPoints) {
        std::vector<double> recent(m_recent.cbegin(), m_recent.cend());
        const double residual = value - medianInPlace(recent);
        if (m_residuals.size() >= minResiduals) {
            std::vector<double> r(m_residuals.cbegin(), m_residuals.cend());
            const double med = medianInPlace(r);
            for (double &x : r)
                x = std::abs(x - med);
            const double scale = 1.4826 * medianInPlace(r);
            const double mads = scale > 0 ? (residual - med) / scale : 0;
            if (mads > o.spikeMads && !(o.skipWarmup > 0 && step <= o.skipWarmup) && !baselineSpikeNear(step))
                raise(alerts, Alert::Kind::Spike, ParityResult::Verdict::Warn, step, step,
                      QStringLiteral("%1 spikes at step %2 (%3, %4 MADs above its trailing median); the baseline has "
                                     "no spike near it")
                          .arg(metric)
                          .arg(step)
                          .arg(NumberText::number(value), NumberText::fixed(mads, 1)));
        }
        m_residuals.push_back(residual);
        if (m_residuals.size() > residualWindow)
            m_residuals.pop_front();
    }
    m_recent.push_back(value);
    if (m_recent.size() > trailingPoints)
        m_recent.pop_front();

    if (i < 0 || !std::isfinite(base) || (o.skipWarmup > 0 && step <= o.skipWarmup))
        return alerts;
    ++m_judged;
    const auto [lo, hi] = m_spread[size_t(i)];
    const bool envelope = !std::isnan(lo) && !m_others.empty();
    const bool beyond = envelope
        ? !(value >= lo - ParityEnvelope::tolerance(o, lo) && value <= hi + ParityEnvelope::tolerance(o, hi))
        : !(std::abs(value - base) <= ParityEnvelope::tolerance(o, base));
    if (beyond)
        raise(alerts, Alert::Kind::Beyond, ParityResult::Verdict::Warn, step, step,
              QStringLiteral("%1 leaves the %2 at step %3: %4 vs baseline %5")
                  .arg(metric, envelope ? QStringLiteral("envelope") : QStringLiteral("tolerance"))
                  .arg(step)
                  .arg(NumberText::number(value), NumberText::number(base)));

    // Divergence, ParityEngine's rule: a beyond step where more than half of the window of judged
    // steps starting there are beyond too; decided when the window is complete.
    const int window = std::max(1, o.divergenceWindow);
    m_window.emplace_back(step, beyond);
    m_beyondInWindow += beyond;
    if (int(m_window.size()) == window) {
        const auto [first, firstBeyond] = m_window.front();
        if (firstBeyond && m_beyondInWindow >= window / 2 + 1)
            raise(alerts, Alert::Kind::Divergence,
                  o.divergenceFails ? ParityResult::Verdict::Fail : ParityResult::Verdict::Warn, first, step,
                  QStringLiteral("%1 diverges from step %2: beyond there and in %3 of the %4 judged steps to step %5")
                      .arg(metric)
                      .arg(first)
                      .arg(m_beyondInWindow)
                      .arg(window)
                      .arg(step));
        m_beyondInWindow -= m_window.front().second;
        m_window.pop_front();
    }
    return alerts;
}

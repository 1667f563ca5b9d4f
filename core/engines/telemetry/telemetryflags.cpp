// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryflags.h"

#include "core/base/model/numbertext.h"
#include "telemetrymetric.h"

#include <algorithm>
#include <cmath>

namespace {

double valueOf(const TelemetrySample &s, const QString &metric)
{
    for (const auto &v : s.values) {
        if (v.first == metric)
            return v.second;
    }
    return std::nan("");
}

/// The median of `sorted` without its element at `skip`: a round is sorted once, not once per device.
double medianWithout(const std::vector<double> &sorted, size_t skip)
{
    const size_t n = sorted.size() - 1;
    const auto at = [&](size_t k) { return sorted[k < skip ? k : k + 1]; };
    return n % 2 ? at(n / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

} // namespace

QString TelemetryFlag::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Straggler: return QStringLiteral("straggler");
    case Kind::MemoryFull: return QStringLiteral("memory");
    case Kind::Throttled: return QStringLiteral("throttled");
    }
    return {};
}

QString TelemetryFlag::text() const
{
    const QString where = host + QLatin1Char(':') + device;
    switch (kind) {
    case Kind::Straggler:
        return QStringLiteral("%1: utilisation under %2 % for %3 samples while the other devices worked (median %4 "
                              "%): a straggler or a hung rank")
            .arg(where, NumberText::number(TelemetryFlags::idleUtilisation))
            .arg(samples)
            .arg(NumberText::number(peak));
    case Kind::MemoryFull:
        return QStringLiteral("%1: memory above %2 % for %3 samples (peak %4 %)")
            .arg(where, NumberText::number(TelemetryFlags::memoryFullPercent))
            .arg(samples)
            .arg(NumberText::number(peak, 4));
    case Kind::Throttled:
        return QStringLiteral("%1: clocks throttled (thermal or power slowdown) for %2 samples")
            .arg(where)
            .arg(samples);
    }
    return {};
}

TelemetryFlags::DeviceState &TelemetryFlags::state(const QString &host, const QString &device)
{
    return m_states[host + QLatin1Char('\n') + device];
}

void TelemetryFlags::extendOrRaise(int &open, TelemetryFlag::Kind kind, const QString &host, const QString &device,
                                   qint64 fromMs, qint64 toMs, double peak)
{
    if (open < 0) {
        open = int(m_flags.size());
        m_flags.append({kind, host, device, fromMs, toMs, 0, peak});
    }
    TelemetryFlag &f = m_flags[open];
    f.toMs = toMs;
    ++f.samples;
    f.peak = kind == TelemetryFlag::Kind::MemoryFull ? std::max(f.peak, peak) : peak;
}

void TelemetryFlags::add(const QString &host, const TelemetrySample &sample)
{
    DeviceState &st = state(host, sample.device);
    const double memory = valueOf(sample, TelemetryMetric::memoryPercent);
    if (memory > memoryFullPercent)
        extendOrRaise(st.memory, TelemetryFlag::Kind::MemoryFull, host, sample.device, sample.timeMs, sample.timeMs,
                      memory);
    else if (std::isfinite(memory))
        st.memory = -1;
    const double throttled = valueOf(sample, TelemetryMetric::throttled);
    if (throttled > 0)
        extendOrRaise(st.throttled, TelemetryFlag::Kind::Throttled, host, sample.device, sample.timeMs, sample.timeMs,
                      0);
    else if (std::isfinite(throttled))
        st.throttled = -1;

    const double util = valueOf(sample, TelemetryMetric::utilisation);
    if (!std::isfinite(util))
        return;
    // A tool prints every device once per round: a device seen again starts the next round.
    Round &round = m_rounds[host];
    const bool seen = std::any_of(round.utilisation.cbegin(), round.utilisation.cend(),
                                  [&](const auto &u) { return u.first == sample.device; });
    if (seen)
        closeRound(host, round);
    if (round.utilisation.isEmpty())
        round.timeMs = sample.timeMs;
    round.utilisation.append({sample.device, util});
}

void TelemetryFlags::closeRound(const QString &host, Round &round)
{
    if (round.utilisation.size() >= 2) {
        std::vector<double> sorted;
        sorted.reserve(size_t(round.utilisation.size()));
        for (const auto &u : std::as_const(round.utilisation))
            sorted.push_back(u.second);
        std::sort(sorted.begin(), sorted.end());
        for (const auto &[device, util] : std::as_const(round.utilisation)) {
            const size_t own = size_t(std::lower_bound(sorted.begin(), sorted.end(), util) - sorted.begin());
            const double othersMedian = medianWithout(sorted, own);
            DeviceState &st = state(host, device);
            if (util < idleUtilisation && othersMedian >= busyUtilisation) {
                if (st.lowRounds++ == 0)
                    st.lowFrom = round.timeMs;
                st.othersMedian = othersMedian;
                if (st.lowRounds == stragglerRounds) {
                    extendOrRaise(st.straggler, TelemetryFlag::Kind::Straggler, host, device, st.lowFrom, round.timeMs,
                                  othersMedian);
                    m_flags[st.straggler].samples = stragglerRounds;
                } else if (st.lowRounds > stragglerRounds) {
                    extendOrRaise(st.straggler, TelemetryFlag::Kind::Straggler, host, device, st.lowFrom, round.timeMs,
                                  othersMedian);
                }
            } else {
                st.lowRounds = 0;
                st.straggler = -1;
            }
        }
    }
    round.utilisation.clear();
}

void TelemetryFlags::finish()
{
    for (auto it = m_rounds.begin(); it != m_rounds.end(); ++it)
        closeRound(it.key(), it.value());
}

int TelemetryFlags::takeNewCount()
{
    const int n = int(m_flags.size()) - m_reported;
    m_reported = int(m_flags.size());
    return n;
}

void TelemetryFlags::addSince(const TelemetryRecording &recording, std::vector<size_t> &seen)
{
    // Every new sample of every series in time order (a series' own order breaks ties), as a
    // live stream would have delivered them.
    struct At
    {
        qint64 time;
        size_t series;
        size_t index;
    };
    seen.resize(recording.series.size(), 0);
    std::vector<At> order;
    for (size_t s = 0; s < recording.series.size(); ++s) {
        for (size_t i = seen[s]; i < recording.series[s].size(); ++i)
            order.push_back({recording.series[s].time(i), s, i});
        seen[s] = recording.series[s].size();
    }
    std::stable_sort(order.begin(), order.end(), [](const At &a, const At &b) { return a.time < b.time; });
    const QStringList wanted{TelemetryMetric::utilisation, TelemetryMetric::memoryPercent, TelemetryMetric::throttled};
    for (const At &at : order) {
        const TelemetrySeries &series = recording.series[at.series];
        TelemetrySample s;
        s.timeMs = at.time;
        s.device = series.device();
        for (const QString &m : wanted) {
            const double v = series.value(m, at.index);
            if (std::isfinite(v))
                s.values.append({m, v});
        }
        add(series.host(), s);
    }
}

QList<TelemetryFlag> TelemetryFlags::compute(const TelemetryRecording &recording)
{
    TelemetryFlags flags;
    std::vector<size_t> seen;
    flags.addSince(recording, seen);
    flags.finish();
    return flags.flags();
}

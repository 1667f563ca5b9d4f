// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartxaxis.h"

#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace {

struct Entry
{
    ChartXAxis::Kind kind;
    const char *id;
    const char *title;
};

constexpr Entry entries[] = {
    {ChartXAxis::Step, "step", QT_TRANSLATE_NOOP("ChartXAxis", "Step")},
    {ChartXAxis::WallClock, "wall", QT_TRANSLATE_NOOP("ChartXAxis", "Wall clock")},
    {ChartXAxis::RelativeTime, "relative", QT_TRANSLATE_NOOP("ChartXAxis", "Relative time (s)")},
    {ChartXAxis::ConsumedTokens, "tokens", QT_TRANSLATE_NOOP("ChartXAxis", "Consumed tokens")},
};

double seqLength(const RunMetrics &run)
{
    for (const char *key : {"seq_length", "seq_len", "max_seq_length", "max_position_embeddings"}) {
        bool ok = false;
        const double v = run.meta.value(QLatin1String(key)).toDouble(&ok);
        if (ok && v > 0)
            return v;
    }
    return 0;
}

} // namespace

QString ChartXAxis::id(Kind kind)
{
    return QLatin1String(entries[kind].id);
}

QString ChartXAxis::title(Kind kind)
{
    return QCoreApplication::translate("ChartXAxis", entries[kind].title);
}

bool ChartXAxis::fromId(const QString &id, Kind *kind)
{
    for (const Entry &e : entries) {
        if (id == QLatin1String(e.id)) {
            *kind = e.kind;
            return true;
        }
    }
    return false;
}

QStringList ChartXAxis::ids()
{
    QStringList out;
    for (const Entry &e : entries)
        out << QLatin1String(e.id);
    return out;
}

bool ChartXAxis::available(const RunMetrics &run, Kind kind, QString *why)
{
    QString reason;
    switch (kind) {
    case Step: break;
    case WallClock:
    case RelativeTime:
        if (!run.hasWallTime())
            reason = QCoreApplication::translate("ChartXAxis", "the log has no timestamps");
        break;
    case ConsumedTokens:
        if (!run.hasMetric(MetricNames::consumedTokens)
            && !(run.hasMetric(MetricNames::consumedSamples) && seqLength(run) > 0))
            reason = QCoreApplication::translate(
                "ChartXAxis", "the log has neither consumed tokens nor consumed samples with a sequence length");
        break;
    }
    if (why)
        *why = reason;
    return reason.isEmpty();
}

std::vector<double> ChartXAxis::values(const RunMetrics &run, Kind kind, qint64 stepOffset, int from)
{
    const size_t n = size_t(run.pointCount());
    const size_t first = std::min(n, size_t(std::max(0, from)));
    std::vector<double> x(n - first, std::nan(""));
    switch (kind) {
    case Step:
        for (size_t i = first; i < n; ++i)
            x[i - first] = double(run.steps()[i] + stepOffset);
        break;
    case WallClock: x.assign(run.wallTimes().cbegin() + qptrdiff(first), run.wallTimes().cend()); break;
    case RelativeTime: {
        const auto t0
            = std::find_if(run.wallTimes().cbegin(), run.wallTimes().cend(), [](double t) { return !std::isnan(t); });
        if (t0 == run.wallTimes().cend())
            break;
        for (size_t i = first; i < n; ++i)
            x[i - first] = run.wallTimes()[i] - *t0;
        break;
    }
    case ConsumedTokens:
        if (const MetricColumn *tokens = run.column(MetricNames::consumedTokens)) {
            for (size_t i = first; i < n; ++i)
                x[i - first] = (*tokens)[i];
        } else if (const MetricColumn *samples = run.column(MetricNames::consumedSamples)) {
            const double seq = seqLength(run);
            for (size_t i = first; i < n; ++i)
                x[i - first] = (*samples)[i] * seq;
        }
        for (double &v : x) {
            if (RunMetrics::isMissing(v) || !std::isfinite(v))
                v = std::nan("");
        }
        break;
    }
    return x;
}

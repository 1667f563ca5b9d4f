// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetryseries.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace {

/// The double a tool printed, back from its float: 280.8, not 280.79998779296875 (the shortest
/// decimal that reads back to the float, read as a double).
double printed(float v)
{
    if (!std::isfinite(v))
        return double(v);
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr;
    double d = double(v);
    std::from_chars(text, end, d);
    return d;
}

} // namespace

TelemetrySeries::TelemetrySeries(QString host, QString device)
    : m_host(std::move(host))
    , m_device(std::move(device))
{ }

QString TelemetrySeries::label() const
{
    return m_host + QLatin1Char(':') + m_device;
}

void TelemetrySeries::append(const TelemetrySample &sample)
{
    m_times.push_back(sample.timeMs);
    for (auto &column : m_columns)
        column.push_back(std::numeric_limits<float>::quiet_NaN());
    for (qsizetype k = 0; k < sample.values.size(); ++k) {
        const auto &v = sample.values[k];
        // A reader reports its metrics in the same order every time: try the same place first.
        qsizetype at = k < m_metrics.size() && m_metrics[k] == v.first ? k : m_metrics.indexOf(v.first);
        if (at < 0) {
            m_metrics << v.first;
            m_columns.emplace_back(m_times.size(), std::numeric_limits<float>::quiet_NaN());
            at = m_metrics.size() - 1;
        }
        m_columns[size_t(at)].back() = float(v.second);
    }
}

double TelemetrySeries::value(const QString &metric, size_t i) const
{
    const qsizetype at = m_metrics.indexOf(metric);
    return at < 0 ? std::nan("") : printed(m_columns[size_t(at)][i]);
}

double TelemetrySeries::mean(const QString &metric) const
{
    const qsizetype at = m_metrics.indexOf(metric);
    if (at < 0)
        return std::nan("");
    double sum = 0;
    size_t n = 0;
    for (const float v : m_columns[size_t(at)]) {
        if (std::isfinite(v)) {
            sum += printed(v);
            ++n;
        }
    }
    return n ? sum / double(n) : std::nan("");
}

double TelemetrySeries::max(const QString &metric) const
{
    const qsizetype at = m_metrics.indexOf(metric);
    double best = std::nan("");
    if (at < 0)
        return best;
    for (const float v : m_columns[size_t(at)]) {
        if (std::isfinite(v) && !(best >= printed(v)))
            best = printed(v);
    }
    return best;
}

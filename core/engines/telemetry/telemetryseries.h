// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetrysample.h"

#include <QString>
#include <QStringList>

#include <vector>

/// The samples of one device: a time column and one float column per metric (NaN where a sample
/// lacks the metric). Floats, because a tool prints three or four significant digits: a week of
/// 1 s samples of nine metrics is about 27 MB per device; values are read back as the decimals
/// the tool printed (280.8, not the float's 280.79998779296875).
class TelemetrySeries
{
public:
    TelemetrySeries() = default;
    TelemetrySeries(QString host, QString device);

    const QString &host() const { return m_host; }
    const QString &device() const { return m_device; }
    /// "host:device", the name of its line on a chart.
    QString label() const;

    void append(const TelemetrySample &sample);

    size_t size() const { return m_times.size(); }
    bool isEmpty() const { return m_times.empty(); }
    qint64 time(size_t i) const { return m_times[i]; }
    QStringList metrics() const { return m_metrics; }
    bool has(const QString &metric) const { return m_metrics.contains(metric); }
    /// The value of `metric` at sample i; NaN when absent.
    double value(const QString &metric, size_t i) const;
    /// Mean and maximum of the finite values; NaN when there are none.
    double mean(const QString &metric) const;
    double max(const QString &metric) const;

private:
    QString m_host;
    QString m_device;
    std::vector<qint64> m_times;
    QStringList m_metrics;
    std::vector<std::vector<float>> m_columns;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/telemetryreader.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QStringList>

/// PortBench's own telemetry file, `portbench-telemetry/1`: what `monitor --out` and a run's
/// recording append to, one compact file per host. Text, tab-separated, one line per sample:
///
///     #portbench-telemetry/1
///     #host gpu-node-3
///     #tool nvidia-smi --query-gpu
///     #columns time_ms device util mem_percent power_w
///     1764151200123	0	97	61.5	612.4
///
/// An empty cell is a metric the tool did not report. Every sampler start writes the four header
/// lines again, so sessions appended to one file (a restart, another tool) each say what they hold.
/// A line cut short by a crash is followed by a line break before the next session's header, so it
/// stays one unreadable line (reported) and never merges with a good one.
class TelemetryFile : public TelemetryReader
{
public:
    static const QByteArray magic; ///< "#portbench-telemetry/1"

    /// Whether a file starting with `head` is one.
    static bool recognises(QByteArrayView head);
    /// The header lines of one session.
    static QByteArray header(const QString &host, const QString &tool, const QStringList &metrics);
    /// One sample as a line of that session (its values in `metrics` order).
    static QByteArray row(const TelemetrySample &sample, const QStringList &metrics);

    QString tool() const override { return QString::fromLatin1(magic.mid(1)); }
    LineResult readLine(QByteArrayView line, qint64 arrivalMs) override;

private:
    /// The device a cell names, its QString shared by all its samples.
    QString deviceName(QByteArrayView cell);

    QString m_host;
    QList<QPair<QByteArray, QString>> m_devices;
    QStringList m_columns; ///< the metrics after time_ms and device
    bool m_sawMagic = false;
};

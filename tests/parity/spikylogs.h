// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QList>
#include <QString>
#include <QStringList>

#include <cmath>

/// Two clean 400-step JSON Lines logs, the candidate with loss spikes the baseline lacks: the
/// reproducer of the use-after-free in the "extra spikes" evidence (issue 32). Shared by the engine
/// test (read with LogReader) and the CLI test (the real portbench-cli).
namespace SpikyLogs {

constexpr int steps = 400;

/// The candidate's own spikes: more than the eight the evidence lists, so it ends in ", …".
inline QList<qint64> spikeSteps()
{
    QList<qint64> list;
    for (qint64 s = 35; s <= 385; s += 35)
        list << s;
    return list; // 11 steps
}

/// A smooth loss with ±0.2 % deterministic jitter, so the spike detector has a noise scale.
inline double loss(qint64 step)
{
    return (2.0 + 8.0 * std::exp(-double(step) / 200.0)) * (1.0 + 0.002 * std::sin(double(step) * 1.7));
}

/// Writes NAME.jsonl into dir: the loss of every step, times 1.5 at spikes; returns its path.
inline QString write(const QDir &dir, const QString &name, const QList<qint64> &spikes)
{
    QByteArray text;
    for (qint64 s = 1; s <= steps; ++s) {
        const double v = loss(s) * (spikes.contains(s) ? 1.5 : 1.0);
        text += "{\"step\": " + QByteArray::number(s) + ", \"loss\": " + QByteArray::number(v, 'g', 17) + "}\n";
    }
    const QString path = dir.filePath(name + QStringLiteral(".jsonl"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return path;
}

/// The evidence text the "extra spikes" class must carry for spikeSteps() of `metric`.
inline QString expectedEvidence(const QString &metric)
{
    const QList<qint64> all = spikeSteps();
    QStringList first;
    for (int i = 0; i < 8; ++i)
        first << QString::number(all.at(i));
    return QStringLiteral("%1 %2 spike(s) the baseline does not have, at steps %3, …")
        .arg(all.size())
        .arg(metric, first.join(QStringLiteral(", ")));
}

} // namespace SpikyLogs

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>

class RunMetrics;

/// The user's renames of log keys (`--metric-map old=new`, repeatable), applied before a reader's
/// own mapping onto MetricNames: `--metric-map throughput=tokens_per_s` reads Megatron's tag as
/// tokens per second instead of TFLOP/s. Keys match exactly as the log spells them, or normalised.
class MetricMap
{
public:
    /// Parses `old=new` entries; on a malformed one returns an empty map and sets *error.
    static MetricMap parse(const QStringList &entries, QString *error);

    bool isEmpty() const { return m_names.isEmpty(); }
    /// The user's name for a key, or an empty string when the user did not rename it.
    QString rename(const QString &key) const;

    void insert(const QString &key, const QString &name);

    /// Renames a run whose columns carry the log's own keys: the user's name, else
    /// readerName(key). When two keys want the same name, the key already spelled that way wins
    /// (then the first); the other keeps its normalised key, and a note says so.
    void nameColumns(RunMetrics &run, const std::function<QString(const QString &)> &readerName,
                     QStringList &notes) const;

private:
    QHash<QString, QString> m_names; ///< keyed by the key as given and by its normalised form
};

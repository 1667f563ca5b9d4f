// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "metricmap.h"

#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

#include <vector>

MetricMap MetricMap::parse(const QStringList &entries, QString *error)
{
    MetricMap map;
    for (const QString &value : entries) {
        // Each value may hold several pairs, comma-separated: `a=loss,b=step_loss`.
        for (const QString &entry : value.split(u',', Qt::SkipEmptyParts)) {
            const qsizetype eq = entry.indexOf(u'=');
            const QString key = eq < 0 ? QString() : entry.left(eq).trimmed();
            const QString name = eq < 0 ? QString() : entry.mid(eq + 1).trimmed();
            if (key.isEmpty() || name.isEmpty()) {
                if (error)
                    *error = QStringLiteral("--metric-map needs OLD=NEW pairs, got '%1' (e.g. throughput=tokens_per_s)")
                                 .arg(entry);
                return {};
            }
            map.insert(key, name);
        }
    }
    return map;
}

void MetricMap::insert(const QString &key, const QString &name)
{
    m_names.insert(key, name);
    m_names.insert(MetricNames::normalise(key), name);
    // Text formats hand over canonical names ("lm loss" arrives as lm_loss): match those too.
    m_names.insert(MetricNames::canonicalName(key), name);
}

QString MetricMap::rename(const QString &key) const
{
    if (m_names.isEmpty())
        return {};
    const auto it = m_names.constFind(key);
    if (it != m_names.constEnd())
        return *it;
    return m_names.value(MetricNames::normalise(key));
}

void MetricMap::nameColumns(RunMetrics &run, const std::function<QString(const QString &)> &readerName,
                            QStringList &notes) const
{
    const QStringList keys = run.metricNames();
    std::vector<QString> wanted(size_t(keys.size()));
    QHash<QString, int> owner;
    for (int c = 0; c < keys.size(); ++c) {
        const QString renamed = rename(keys.at(c));
        wanted[size_t(c)] = renamed.isEmpty() ? readerName(keys.at(c)) : renamed;
    }
    auto claim = [&](int c) {
        const QString &name = wanted[size_t(c)];
        const auto it = owner.constFind(name);
        if (it == owner.constEnd()) {
            owner.insert(name, c);
            return;
        }
        QString fallback = MetricNames::normalise(keys.at(c));
        if (owner.contains(fallback) || fallback == name)
            fallback = keys.at(c) + QStringLiteral(" (key)");
        notes.append(QStringLiteral("\"%1\" and \"%2\" both map to %3: \"%2\" is kept as %4")
                         .arg(keys.at(*it), keys.at(c), name, fallback));
        wanted[size_t(c)] = fallback;
        owner.insert(fallback, c);
    };
    // Keys already spelled as their name claim it first, so the order of first appearance cannot
    // give "loss" to HF's end-of-training "train_loss" summary instead of the per-step "loss".
    for (int c = 0; c < keys.size(); ++c)
        if (wanted[size_t(c)] == keys.at(c))
            claim(c);
    for (int c = 0; c < keys.size(); ++c)
        if (wanted[size_t(c)] != keys.at(c))
            claim(c);
    // Park every column on a unique name first: a key's new name may be another key's old one.
    for (int c = 0; c < keys.size(); ++c)
        run.renameColumn(c, QStringLiteral("\x01%1").arg(c));
    for (int c = 0; c < keys.size(); ++c)
        run.renameColumn(c, wanted[size_t(c)]);
}

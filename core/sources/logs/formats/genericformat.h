// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logformat.h"
#include "core/sources/logs/metricline.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"

#include <QByteArray>
#include <QHash>

#include <array>
#include <cmath>
#include <unordered_map>
#include <vector>

/// The general reader: any trainer's metric lines, split into pairs by MetricLine and given
/// meaning by MetricNames::role() — no list of trainers. The named formats stay where they know
/// more than a general reader can (Megatron's iteration lines, HF dicts without steps,
/// trainer_state.json, JSON Lines, CSV); detection picks this one when it reads more losses.
///
/// A line is a training record when it has a training loss, an evaluation record when it has
/// only evaluation losses (`val/loss`, `tel`, `val:` after a training loss, or a step key marked
/// `(val)`). The step is the one the line prints (by priority: global_step, step, iteration, …);
/// where a log prints an epoch and a counter within the epoch (`Epoch:[ 1/ 2], step:[ 1/ 19]`,
/// `Epoch:[0/19](100/24681)`, a tqdm bar under `Epoch 2/5`), the global step is derived and
/// counted in RunMetrics::meta["derived_steps"] — unless the counter does not restart with the epoch,
/// when it was global all along. Records an evaluation step precedes join the training point of
/// that step. A header that holds only the step, followed by indented `key=value` lines, is one
/// record (OLMo). Consecutive tqdm frames with the same postfix are one point; an average printed
/// at the end of an epoch (`avg loss`) is a run fact, not a point.
class GenericFormat : public LogFormat
{
public:
    GenericFormat() = default;
    Q_DISABLE_COPY_MOVE(GenericFormat) // m_cache points into m_keys
    QString name() const override { return QStringLiteral("generic"); }
    QString displayName() const override { return QStringLiteral("Metric lines (any trainer)"); }
    int detect(const QList<QByteArrayView> &lines, const QString &sourceName) const override;
    void parseLine(QByteArrayView line, ParseContext &context) override;
    void finish(ParseContext &context) override;
    /// Lines come whole: the prefix is split here, so that a tqdm bar the prefix held and the
    /// indentation of a continuation line are still seen.
    bool readsPayload() const override { return false; }

private:
    struct KeyInfo
    {
        MetricNames::Role role = MetricNames::Role::Other;
        QString metric; ///< the column's name
        int stepPriority = 0; ///< for Role::Step: higher wins
        bool evalMarker = false; ///< "Epoch(val)", "Iter(test)"
        int column = -1; ///< the metric's column in this parse, once used
    };
    struct KnownKey
    {
        QByteArray bytes;
        KeyInfo info;
    };
    /// What a key means, worked out once per distinct key: a log repeats the same keys on every
    /// line, so the hot path is one hash of the bytes and one comparison, no allocation.
    KnownKey &known(QByteArrayView key);
    KeyInfo &info(QByteArrayView key) { return known(key).info; }
    /// Fills m_pairKeys for the line's pairs. A log prints the same keys in the same order on every
    /// line, so a pair's key is first compared with the key the previous line had in its place:
    /// one comparison, no hash.
    void resolveKeys(const MetricLine &m);
    int columnOf(KeyInfo &key, ParseContext &context);
    enum class Step { None, Read, Bad };
    /// The step of a record from what the line printed: None when it printed none, Bad when
    /// the printed one is not a whole number within ±2^53.
    /// The line's keys must be resolved (resolveKeys).
    Step resolveStep(const MetricLine &m, qint64 &step, bool &derived);
    /// Commits the values added to the context at `step`, with the evaluation values held for it.
    void place(qint64 step, double time, ParseContext &context, bool redraw);
    /// Places the tqdm frame held back, if any.
    void commitFrame(ParseContext &context);

    /// By the hash of the key's bytes; a node-based map, so a KeyInfo stays where it is.
    std::unordered_multimap<size_t, KnownKey> m_keys;
    /// The last key seen per slot of its hash: a line's keys are looked up without a search.
    struct CacheSlot
    {
        size_t hash = 0;
        KnownKey *key = nullptr;
    };
    std::array<CacheSlot, 64> m_cache{};
    std::vector<KnownKey *> m_lineKeys; ///< the last line's key at each pair position
    std::vector<KeyInfo *> m_pairKeys; ///< the current line's, null for a pair without a key
    // Reused for every line, so that reading a line allocates nothing.
    MetricLine m_line;
    std::vector<std::pair<int, double>> m_values; ///< (column, value) of a training record
    std::vector<double> m_valuesOnly;
    bool m_hasLast = false;
    qint64 m_lastStep = 0;
    // Epoch-and-counter logs.
    double m_epochBase = std::nan("");
    double m_lastEpoch = std::nan("");
    double m_lastCount = std::nan("");
    enum class Within { Unknown, Yes, No } m_within = Within::Unknown;
    double m_firstCount = std::nan("");
    double m_epochOffset = 0; ///< steps of the epochs before, for counters without a total
    qint64 m_derivedSteps = 0;
    int m_countedRecords = 0; ///< training records that carried a position counter
    // A header line that holds the step of the indented lines after it.
    bool m_header = false;
    qint64 m_headerStep = 0;
    // Evaluation values printed before the training record of their step.
    qint64 m_evalStep = -1;
    std::vector<std::pair<QString, double>> m_eval;
    // The tqdm frame held until a frame with other values shows it complete.
    bool m_frameHeld = false;
    qint64 m_frameStep = 0;
    double m_frameTime = RunMetrics::noWallTime;
    std::vector<std::pair<int, double>> m_frame; ///< (column, value)
    std::vector<double> m_frameValues;
};

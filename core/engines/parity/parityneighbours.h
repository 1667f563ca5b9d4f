// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/runmetrics.h"

#include <QString>
#include <QStringList>
#include <QVariantMap>

/// What the files beside a training log say about the same run (docs/parity.md, "Fairness from the
/// logs" and "Precision"). A Hugging Face Trainer output folder holds `trainer_state.json` (every
/// logged value at full precision, `train_batch_size`, `max_steps`) and TensorBoard event files whose
/// `args/text_summary` is the TrainingArguments JSON (seed, batch, schedule, bf16, ...).
///
/// A neighbour is only believed when it is the same run: a trainer_state.json (in a folder named as
/// the log up to its first dot — `cuda_fp32.console.log` → `cuda_fp32/` — or in the log's own folder)
/// must hold the log's loss at every common step checked, to the digits the log printed. Event files
/// are read from that folder's `runs/*/` (recursively in the named folder); a folder holding several
/// runs' outputs is never searched at large, so one run's arguments are never read as another's.
class ParityNeighbours
{
public:
    /// trainer_state.json files that exist beside the log, nearest first (not yet checked).
    static QStringList trainerStates(const QString &logPath);
    /// The first of trainerStates() whose `metric` (default: the primary loss) agrees with every
    /// value of `run` it shares (up to 200 steps) to half a printed digit of each value; empty if none.
    static QString sameRunState(const RunMetrics &run, const QString &metric = {});
    /// TensorBoard event files of the run whose trainer_state.json is `state` (its folder's `runs/`).
    static QStringList eventFiles(const QString &state);

    /// The flat scalar fields of the TrainingArguments JSON in an event file's `args/text_summary`,
    /// empty when there is none.
    static QVariantMap trainingArguments(const QString &eventFile);

    /// The scalar fields of a `TrainingArguments(` repr that a script printed into the log (HF's
    /// example scripts log "Training/evaluation parameters TrainingArguments(" and then one
    /// `name=value,` line each up to a line `)`), from the log's first 4 MiB; None, dicts and lists
    /// are left out. Empty when there is none.
    static QVariantMap trainingArgumentsDump(const QString &logPath);

    /// Adds to `run.meta` every fact its neighbours state that the log itself did not, and records
    /// where each came from in `run.meta["fact_sources"]` (key → file). Sources, in order: a
    /// TrainingArguments dump in the log itself, the trainer_state.json top-level facts, the
    /// TrainingArguments in event files, then `extra`
    /// (run facts from elsewhere — MLflow params, a workspace record — keyed as argument dumps
    /// spell them, with `source` naming where). Returns the files used.
    static QStringList addFacts(RunMetrics &run, const QVariantMap &extra = {}, const QString &extraSource = {});
    static void addFacts(RunMetrics &run, const QVariantMap &facts, const QString &source, QStringList *used);

    static const QString factSourcesKey; ///< "fact_sources"
};

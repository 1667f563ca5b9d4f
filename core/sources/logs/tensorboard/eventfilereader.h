// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/base/model/runmetrics.h"
#include "core/sources/logs/tensorboard/tfrecordscan.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

/// One event file's points with columns still named by their raw tags, and what reading found.
struct EventFileRead
{
    RunMetrics run;
    TfRecordScan scan;
    qint64 scalars = 0;
    qint64 otherValues = 0; ///< text, histograms, images, hparams: not scalars, left out
    qint64 otherAxis = 0; ///< "vs samples" copies, left out
    qint64 stepBacks = 0; ///< points whose step is lower than the point before (new segments)
    qint64 relogged = 0; ///< values logged again for a step that had them (the later kept)
    qint64 reloggedChanged = 0; ///< ... of which differed
    qint64 firstStepBackOffset = -1;
    qint64 stepsOutOfRange = 0; ///< events with a step beyond ±StepLimits::maxStep, skipped
    qint64 firstStepOutOfRange = 0;
    qint64 firstStepOutOfRangeOffset = -1;
    qint64 overNameLimit = 0; ///< values of tags beyond RunMetrics::maxMetricNames, left out
    QByteArray fileVersion;
    QByteArray argumentsJson; ///< HF's TrainingArguments text summary, if any
    bool hasEvents = false; ///< at least one scalar
    double firstWallTime = 0;
    double lastWallTime = 0;
};

/// Reads TensorBoard event files (`events.out.tfevents.*`, TFRecord framing around TensorFlow
/// `Event` protos) into Runs: every scalar point is kept, tags are mapped onto metric names
/// (TensorBoardTags), damaged records are skipped and reported with their byte offsets.
///
/// HF's TensorBoard callback also writes the TrainingArguments as a text summary ("args"): its
/// keys go to RunMetrics::meta, where the parity fairness checklist finds seed, batch size, precision
/// and the schedule, as it does in argument dumps.
///
/// A run directory holding several event files (a run restarted from a checkpoint writes a new
/// file) gives one Run: files are read in the order of their first wall time and joined, a step
/// that goes back starting a segment; files whose times overlap are separate processes (ranks)
/// and give a Run each. Large files are read on all cores: a walk over the record
/// headers cuts the file at record boundaries, the pieces are checked and decoded in parallel and
/// joined, value for value the same as a sequential read (tested).
class EventFileReader
{
public:
    static inline const QString formatName = QStringLiteral("tensorboard");
    /// The largest event file read (docs/limits.md): it is read whole.
    static constexpr qint64 maxFileBytes = qint64(16) << 30;

    /// Whether path is an event file: its content starts with a valid TFRecord header (the
    /// `events.out.tfevents.` name alone is not trusted, nor needed).
    static bool isEventFile(const QString &path);
    /// Whether bytes start like an event file (a record header whose length CRC matches).
    static bool looksLikeEventData(QByteArrayView head);
    /// Event files directly inside a directory, by name.
    static QStringList eventFilesIn(const QString &directory);

    static ParseResult readFile(const QString &path, const ParseOptions &options = {});
    /// The event files of one folder: files that follow each other in time (a restarted run) are
    /// one Run named `name`; files written at the same time (several processes or ranks in one
    /// folder) are one Run each, "name [file]", never merged.
    static QList<ParseResult> readFiles(const QStringList &paths, const QString &name,
                                        const ParseOptions &options = {});
    /// Reads bytes (file offset 0) on `pieces` threads (0 = all cores); columns keep raw tags.
    static EventFileRead readData(QByteArrayView data, int pieces = 0);
};

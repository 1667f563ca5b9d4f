// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "eventfilereader.h"

#include "core/base/io/inputfile.h"
#include "core/base/io/jsoninput.h"

#include "core/base/model/metricnames.h"
#include "core/sources/logs/tensorboard/eventrunbuilder.h"
#include "core/sources/logs/tensorboard/tensorboardtags.h"
#include "core/sources/logs/tensorboard/tfeventdecoder.h"
#include "core/sources/logs/tensorboard/tfrecordscanner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFuture>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace {

// Below this a second thread costs more than it saves.
constexpr qint64 kParallelBytes = 8 * 1024 * 1024;

EventFileRead readPiece(QByteArrayView data, qint64 base)
{
    EventRunBuilder builder;
    TfEvent event;
    qint64 undecodable = 0;
    QList<qint64> undecodableAt; // the first few; kept aside because read.scan is assigned after the scan
    EventFileRead read;
    read.scan = TfRecordScanner::scan(data, base, [&](qint64 offset, QByteArrayView payload) {
        if (TfEventDecoder::decode(payload, event))
            builder.add(event, offset);
        else if (undecodable++ < TfRecordScan::maxIssues)
            undecodableAt.append(offset);
    });
    read.scan.records -= undecodable;
    read.scan.damaged += undecodable - undecodableAt.size();
    for (const qint64 offset : std::as_const(undecodableAt))
        read.scan.addIssue(offset, QStringLiteral("checksums match but the record is not a TensorFlow Event: skipped"));
    read.run = builder.takeRun();
    read.scalars = builder.scalarCount();
    read.otherValues = builder.otherValueCount();
    read.otherAxis = builder.otherAxisCount();
    read.stepBacks = builder.stepBackCount();
    read.relogged = builder.reloggedCount();
    read.reloggedChanged = builder.reloggedChangedCount();
    read.firstStepBackOffset = builder.firstStepBackOffset();
    read.stepsOutOfRange = builder.stepsOutOfRangeCount();
    read.firstStepOutOfRange = builder.firstStepOutOfRange();
    read.firstStepOutOfRangeOffset = builder.firstStepOutOfRangeOffset();
    read.overNameLimit = builder.overNameLimitCount();
    read.fileVersion = builder.fileVersion();
    read.argumentsJson = builder.argumentsJson();
    read.hasEvents = builder.sawWallTime();
    read.firstWallTime = builder.firstWallTime();
    read.lastWallTime = builder.lastWallTime();
    return read;
}

/// Appends chunk to run with EventRunBuilder's rule: a chunk that starts at run's last step
/// continues that point (values logged again there are counted in `relogged`; the later wins).
/// Values of tags beyond RunMetrics::maxMetricNames are left out and counted in `overNameLimit`.
/// Returns whether the step went back.
bool join(RunMetrics &run, RunMetrics &chunk, qint64 &relogged, qint64 &reloggedChanged, qint64 &overNameLimit)
{
    qsizetype room = RunMetrics::maxMetricNames - run.columnCount();
    for (int c = 0; c < chunk.columnCount(); ++c) {
        if (!run.hasMetric(chunk.metricNames().at(c)) && room-- <= 0)
            overNameLimit += chunk.columnAt(c).valueCount();
    }
    if (chunk.isEmpty())
        return false;
    if (run.isEmpty()) {
        const QVariantMap meta = run.meta;
        run = std::move(chunk);
        run.meta.insert(meta);
        run.firstPointContinues = false;
        return false;
    }
    const int last = run.pointCount() - 1;
    const qint64 lastStep = run.step(last);
    chunk.firstPointContinues = chunk.step(0) == lastStep;
    if (chunk.firstPointContinues) {
        for (int c = 0; c < chunk.columnCount(); ++c) {
            const double v = chunk.columnAt(c)[0];
            const int target = run.columnIndex(chunk.metricNames().at(c));
            if (RunMetrics::isMissing(v) || target < 0)
                continue;
            const double old = run.columnAt(target)[size_t(last)];
            if (RunMetrics::isMissing(old))
                continue;
            ++relogged;
            if (!(old == v || (std::isnan(old) && std::isnan(v))))
                ++reloggedChanged;
        }
    }
    const bool back = chunk.step(0) < lastStep;
    run.append(chunk);
    return back;
}

void mergeInto(EventFileRead &into, EventFileRead &piece, qint64 pieceBase)
{
    into.relogged += piece.relogged;
    into.reloggedChanged += piece.reloggedChanged;
    into.overNameLimit += piece.overNameLimit;
    if (piece.stepsOutOfRange > 0) {
        if (into.stepsOutOfRange == 0) {
            into.firstStepOutOfRange = piece.firstStepOutOfRange;
            into.firstStepOutOfRangeOffset = piece.firstStepOutOfRangeOffset;
        }
        into.stepsOutOfRange += piece.stepsOutOfRange;
    }
    if (join(into.run, piece.run, into.relogged, into.reloggedChanged, into.overNameLimit)) {
        if (into.stepBacks++ == 0)
            into.firstStepBackOffset = pieceBase;
    }
    if (piece.stepBacks > 0) {
        if (into.stepBacks == 0)
            into.firstStepBackOffset = piece.firstStepBackOffset;
        into.stepBacks += piece.stepBacks;
    }
    into.scan.records += piece.scan.records;
    into.scan.damaged += piece.scan.damaged;
    for (const TfRecordIssue &issue : std::as_const(piece.scan.issues)) {
        if (into.scan.issues.size() < TfRecordScan::maxIssues)
            into.scan.issues.append(issue);
    }
    into.scan.consumed = pieceBase + piece.scan.consumed;
    into.scan.incompleteTail = piece.scan.incompleteTail;
    into.scan.tailClaimedBytes = piece.scan.tailClaimedBytes;
    into.scalars += piece.scalars;
    into.otherValues += piece.otherValues;
    into.otherAxis += piece.otherAxis;
    if (into.fileVersion.isEmpty())
        into.fileVersion = piece.fileVersion;
    if (!piece.argumentsJson.isEmpty())
        into.argumentsJson = piece.argumentsJson;
    if (piece.hasEvents) {
        if (!into.hasEvents)
            into.firstWallTime = piece.firstWallTime;
        into.hasEvents = true;
        into.lastWallTime = piece.lastWallTime;
    }
}

QString overNameLimitNote(const QString &path, qint64 values)
{
    return QStringLiteral("%1: %2 value(s) of tags beyond the limit of %3 metric names per run left out (see "
                          "docs/limits.md)")
        .arg(path)
        .arg(values)
        .arg(RunMetrics::maxMetricNames);
}

void describe(const EventFileRead &read, const QString &path, ParseResult &result)
{
    result.lineCount += read.scan.records;
    result.skippedCount += read.scan.damaged;
    if (read.scan.damaged > 0) {
        QString text = QStringLiteral("%1: %2 damaged record(s) skipped").arg(path).arg(read.scan.damaged);
        for (const TfRecordIssue &issue : read.scan.issues)
            text += QStringLiteral("; byte offset %1: %2").arg(issue.offset).arg(issue.reason);
        result.notes.append(text);
    }
    if (read.scan.incompleteTail) {
        result.notes.append(
            QStringLiteral("%1: the last record (byte offset %2, %3 bytes by its header) is not complete: not read "
                           "(a file still being written, or cut off)")
                .arg(path)
                .arg(read.scan.consumed)
                .arg(read.scan.tailClaimedBytes));
    }
    if (read.otherValues > 0)
        result.notes.append(QStringLiteral("%1: %2 non-scalar value(s) (text, histograms, images, hparams) left out")
                                .arg(path)
                                .arg(read.otherValues));
    if (read.otherAxis > 0)
        result.notes.append(
            QStringLiteral("%1: %2 value(s) of \"vs samples\"/\"vs tokens\" tags left out (their step is "
                           "not the iteration)")
                .arg(path)
                .arg(read.otherAxis));
    if (read.stepsOutOfRange > 0)
        result.notes.append(QStringLiteral("%1: %2 event(s) with a step beyond ±10^15 skipped (first: step %3 at byte "
                                           "offset %4; see docs/limits.md)")
                                .arg(path)
                                .arg(read.stepsOutOfRange)
                                .arg(read.firstStepOutOfRange)
                                .arg(read.firstStepOutOfRangeOffset));
    if (read.overNameLimit > 0)
        result.notes.append(overNameLimitNote(path, read.overNameLimit));
    if (read.relogged > 0)
        result.notes.append(QStringLiteral("%1: %2 value(s) logged again for a step that already had them (%3 with a "
                                           "different value): the later one kept")
                                .arg(path)
                                .arg(read.relogged)
                                .arg(read.reloggedChanged));
    if (read.stepBacks > 0)
        result.notes.append(QStringLiteral("%1: the step went back %2 time(s), first at byte offset %3: a new segment "
                                           "each time (a restart, or values logged out of step order)")
                                .arg(path)
                                .arg(read.stepBacks)
                                .arg(read.firstStepBackOffset));
}

QString runNameFor(const QString &path)
{
    const QFileInfo info(path);
    return info.isDir() ? info.fileName() : info.dir().dirName();
}

/// Reads the file whole and decodes it; error set when it cannot be read. Read, not mapped: a
/// file truncated meanwhile is a short read (an incomplete last record), never a SIGBUS.
EventFileRead readPath(const QString &path, QString &error)
{
    const InputFile::Result input
        = InputFile::read(path, EventFileReader::maxFileBytes, QStringLiteral("TensorBoard event file"));
    if (!input) {
        error = input.error;
        return {};
    }
    if (input.bytes.isEmpty())
        return {};
    return EventFileReader::readData(input.bytes);
}

} // namespace

bool EventFileReader::looksLikeEventData(QByteArrayView head)
{
    return TfRecordScanner::startsWithRecord(head);
}

bool EventFileReader::isEventFile(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile() || !file.open(QIODevice::ReadOnly))
        return false;
    return looksLikeEventData(file.read(TfRecordScanner::headerBytes));
}

QStringList EventFileReader::eventFilesIn(const QString &directory)
{
    QStringList files;
    const QDir dir(directory);
    for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(name);
        if (isEventFile(path))
            files.append(path);
    }
    return files;
}

EventFileRead EventFileReader::readData(QByteArrayView data, int pieces)
{
    if (pieces <= 0)
        pieces = QThread::idealThreadCount();
    if (data.size() < kParallelBytes)
        pieces = 1;
    // Cut at record boundaries: a walk over the headers only (each header's CRC is checked, the
    // payload is jumped over). At the first bad header the walk stops and the last piece takes
    // the rest, where the scanner resynchronises.
    std::vector<qint64> cuts{0};
    const qint64 size = data.size();
    const qint64 stride = size / pieces;
    qint64 pos = 0;
    while (pieces > 1 && int(cuts.size()) < pieces && size - pos >= TfRecordScanner::headerBytes) {
        const char *p = data.data() + pos;
        if (!TfRecordScanner::headerValid(p))
            break;
        const quint64 length = TfRecordScanner::readU64(p);
        const qint64 left = size - pos - TfRecordScanner::headerBytes - TfRecordScanner::footerBytes;
        if (left < 0 || length > quint64(left))
            break;
        pos += TfRecordScanner::headerBytes + qint64(length) + TfRecordScanner::footerBytes;
        if (pos >= stride * qint64(cuts.size()) && pos < size)
            cuts.push_back(pos);
    }
    cuts.push_back(size);

    const int n = int(cuts.size()) - 1;
    std::vector<QFuture<EventFileRead>> futures;
    for (int i = 1; i < n; ++i) {
        const QByteArrayView piece = data.sliced(cuts[size_t(i)], cuts[size_t(i) + 1] - cuts[size_t(i)]);
        futures.push_back(QtConcurrent::run([piece, base = cuts[size_t(i)]] { return readPiece(piece, base); }));
    }
    EventFileRead read = readPiece(data.sliced(0, cuts[1]), 0);
    for (int i = 1; i < n; ++i) {
        EventFileRead piece = futures[size_t(i) - 1].result();
        mergeInto(read, piece, cuts[size_t(i)]);
    }
    return read;
}

ParseResult EventFileReader::readFile(const QString &path, const ParseOptions &options)
{
    return readFiles({path}, runNameFor(path), options).first();
}

QList<ParseResult> EventFileReader::readFiles(const QStringList &paths, const QString &name,
                                              const ParseOptions &options)
{
    struct File
    {
        QString path;
        EventFileRead read;
        ParseResult info; ///< its counts and notes
    };
    std::vector<File> files;
    QStringList emptyNotes;
    qint64 emptyRecords = 0;
    for (const QString &path : paths) {
        File file{path, {}, {}};
        QString error;
        file.read = readPath(path, error);
        if (!error.isEmpty()) {
            ParseResult failed;
            failed.format = formatName;
            failed.error = error;
            return {failed};
        }
        describe(file.read, path, file.info);
        file.info.consumedBytes = file.read.scan.consumed;
        if (!file.read.hasEvents) {
            emptyRecords += file.read.scan.records;
            emptyNotes += file.info.notes;
            if (paths.size() > 1)
                emptyNotes.append(QStringLiteral("%1: no scalar values (%2 records): nothing to merge from it")
                                      .arg(path)
                                      .arg(file.read.scan.records));
            continue;
        }
        files.push_back(std::move(file));
    }
    const QString folder = QFileInfo(paths.first()).absolutePath();
    if (files.empty()) {
        ParseResult r;
        r.format = formatName;
        r.notes = emptyNotes;
        r.lineCount = emptyRecords;
        r.error = QStringLiteral("%1: TensorBoard event data, but no scalar value in it (%2 records)")
                      .arg(paths.size() == 1 ? paths.first() : folder)
                      .arg(emptyRecords);
        return {r};
    }
    std::stable_sort(files.begin(), files.end(),
                     [](const File &a, const File &b) { return a.read.firstWallTime < b.read.firstWallTime; });
    // A file that starts after a chain's last file ended continues it (a restarted run); a file
    // written at the same time as every chain so far is another process (a rank) and starts its
    // own run: values of two ranks are never merged into one.
    std::vector<std::vector<size_t>> chains;
    for (size_t i = 0; i < files.size(); ++i) {
        auto chain = std::find_if(chains.begin(), chains.end(), [&](const std::vector<size_t> &c) {
            return files[c.back()].read.lastWallTime <= files[i].read.firstWallTime;
        });
        if (chain == chains.end())
            chains.push_back({i});
        else
            chain->push_back(i);
    }
    QList<ParseResult> results;
    for (const std::vector<size_t> &chain : chains) {
        ParseResult result;
        result.format = formatName;
        if (results.isEmpty())
            result.notes = emptyNotes;
        RunMetrics run;
        for (size_t k = 0; k < chain.size(); ++k) {
            File &file = files[chain[k]];
            result.lineCount += file.info.lineCount;
            result.skippedCount += file.info.skippedCount;
            result.notes += file.info.notes;
            if (k > 0)
                result.notes.append(QStringLiteral("%1 continues %2 (a restarted run): merged, from step %3")
                                        .arg(file.path, files[chain[k - 1]].path)
                                        .arg(file.read.run.step(0)));
            qint64 relogged = 0;
            qint64 changed = 0;
            qint64 overNameLimit = 0;
            join(run, file.read.run, relogged, changed, overNameLimit);
            if (overNameLimit > 0)
                result.notes.append(overNameLimitNote(file.path, overNameLimit));
            if (relogged > 0)
                result.notes.append(QStringLiteral("%1: %2 value(s) of its first step were already in the file before "
                                                   "it (%3 different): its values kept")
                                        .arg(file.path)
                                        .arg(relogged)
                                        .arg(changed));
            // The latest arguments win: a restarted run may have changed them.
            const QJsonObject args = JsonInput::parse(file.read.argumentsJson).object();
            for (auto it = args.constBegin(); it != args.constEnd(); ++it) {
                if (!it.value().isObject() && !it.value().isArray() && !it.value().isNull())
                    run.meta.insert(it.key(), it.value().toVariant());
            }
            if (!args.isEmpty())
                result.notes.append(QStringLiteral("%1: %2 training arguments read from the \"args\" text summary into "
                                                   "the run's facts")
                                        .arg(file.path)
                                        .arg(args.size()));
        }
        options.metricMap.nameColumns(
            run, [&](const QString &tag) { return TensorBoardTags::metricName(tag, options.metricMap); }, result.notes);
        run.squeeze();
        const File &first = files[chain.front()];
        run.name = chains.size() == 1 ? name : QStringLiteral("%1 [%2]").arg(name, QFileInfo(first.path).fileName());
        // A run of one file is that file (a follower resumes it); a restarted run is its folder.
        run.sourcePath = chain.size() == 1 ? first.path : folder;
        if (chain.size() == 1)
            result.consumedBytes = first.info.consumedBytes;
        run.format = formatName;
        if (chains.size() > 1)
            result.notes.append(QStringLiteral("%1: %2 event files were written at the same time (several processes or "
                                               "ranks): read as %3 runs, not merged")
                                    .arg(folder)
                                    .arg(files.size())
                                    .arg(chains.size()));
        result.run = std::move(run);
        results.append(std::move(result));
    }
    return results;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"
#include "core/base/model/runmetrics.h"

#include <QAtomicInteger>
#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QString>

#include <memory>

class LogStreamParser;
class QFileSystemWatcher;
class QTimer;

/// Follows a growing training log like `tail -F`: appended lines are parsed as they land, a file
/// that shrinks (truncated) or is replaced (rotated: a new inode at the path) starts over from its
/// beginning, its points a new segment of the run (RunMetrics::startsSegment on the next batch: whoever
/// collects the batches keeps the points read before), and a partial last line waits for its '\n'. Points go out in
/// batches, at most ten times a second, as pointsAppended() on the follower's own thread (connect queued from the GUI).
///
/// Parsing is LogStreamParser's (IncrementalParser for text, EventStreamParser for TensorBoard
/// event files: appended records are read once complete, never in part); this class only
/// watches the file and moves bytes.
class LogFollower : public QObject
{
    Q_OBJECT

public:
    explicit LogFollower(QObject *parent = nullptr);
    ~LogFollower() override;

    /// Starts following path from byte offset fromOffset (0 = the whole file; a saved offset()
    /// resumes without losing or repeating a line). A missing file is waited for; a path that is not
    /// a regular file (a device, a FIFO, a folder) is not opened, errorOccurred() says why, once.
    void start(const QString &path, const ParseOptions &options, qint64 fromOffset = 0);
    void stop();
    /// Safe from any thread: a read in progress on the follower's thread returns after its current
    /// block and nothing more is read until the next start() (a first read of a 1 GB log does not
    /// hold up closing the window).
    void cancel() { m_cancelled.storeRelaxed(true); }
    /// Called on the follower's thread after each block read, with the bytes read so far since
    /// start() (a test sees which thread reads, or holds a read in progress there).
    void setBlockHook(const LogReader::BlockHook &hook) { m_blockHook = hook; }
    bool isFollowing() const { return m_following; }
    /// Offset just past the last complete line parsed.
    qint64 offset() const;
    QString path() const { return m_path; }
    /// The detected or forced format, empty until known.
    QString format() const;

    /// Minimum time between two pointsAppended() batches.
    static constexpr int batchIntervalMs = 100;
    /// Polling backs up the file watcher: inotify misses writes on network file systems and loses
    /// the path when the file is rotated away.
    static constexpr int pollIntervalMs = 100;
    /// What the user is told when the followed file at path was truncated, or replaced (rotated).
    static QString restartNote(const QString &path, bool replaced);

public Q_SLOTS:
    /// Reads whatever is new now (also called by the file watcher and the poll timer).
    void poll();

Q_SIGNALS:
    void pointsAppended(const RunMetrics &chunk);
    void truncated();
    void rotated();
    /// What cannot be followed or read: a path that is not a regular file, a parser error, a line
    /// over the line limit (with the file, line and byte offset).
    void errorOccurred(const QString &message);

private:
    bool openFile(qint64 offset);
    void readAvailable();
    void collect();
    void flush();
    void restart();

    QString m_path;
    ParseOptions m_options;
    QFile m_file;
    quint64 m_inode = 0;
    qint64 m_readPosition = 0; ///< bytes of the file handed to the parser
    qint64 m_base = 0; ///< file offset where the parser started
    std::unique_ptr<LogStreamParser> m_parser;
    QFileSystemWatcher *m_watcher = nullptr;
    QTimer *m_pollTimer = nullptr;
    QTimer *m_batchTimer = nullptr;
    QElapsedTimer m_sinceBatch;
    RunMetrics m_pending;
    bool m_following = false;
    bool m_newSegment = false; ///< the file started over: the next batch starts a segment
    bool m_errorReported = false;
    bool m_refusalReported = false; ///< the path is not a regular file, said once
    QAtomicInteger<bool> m_cancelled = false;
    LogReader::BlockHook m_blockHook;
    qint64 m_bytesRead = 0; ///< since start(), for the block hook
};

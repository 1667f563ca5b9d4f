// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/sources/logs/userformat.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <functional>

class LogFollower;
class QTimer;
class RunMetrics;
class LoadedRunsModel;

/// Reads training logs into a LoadedRunsModel and keeps growing ones up to date.
///
/// Parsing runs on QtConcurrent; each file carries a generation number and only the latest
/// request for a path lands (opening a 2 GB log twice, or reloading while it is read, does not
/// add it twice). The result is handed back on the model's thread. Every loaded log is then
/// followed (LogFollower) from the byte where parsing stopped: appended points reach the model
/// in chunks (≤ 10 Hz), a truncated or rotated log is read again from the start as a new segment of
/// the same run (the points read before stay), and what the follower reports (that, a line over
/// the line limit) is a read warning of the run and a message. A run is "live"
/// while its log grew within the last `liveWindowMs`.
class RunLoader : public QObject
{
    Q_OBJECT

public:
    static constexpr int liveWindowMs = 120000;

    explicit RunLoader(LoadedRunsModel &runs, QObject *parent = nullptr);
    ~RunLoader() override;

    /// Whether LogSource finds a run there: a text log it recognises (first 64 KiB, the user's
    /// formats included), an event file, a run folder, a folder of runs, an MLflow run.
    static bool canRead(const QString &path, const QList<UserFormat> &userFormats = {});
    /// Where the user's saved formats come from (the CLI's `--define-format` settings): asked on
    /// every open, so a format saved a moment ago is used at once. None: built-in formats only.
    void setUserFormatSource(std::function<QList<UserFormat>()> source) { m_userFormatSource = std::move(source); }
    QList<UserFormat> userFormats() const;
    /// Starts reading a log or folder (LogSource, the same entry point as the CLI); a run already
    /// loaded is read again into the same row. A folder of runs adds one row per run.
    void open(const QString &path);
    /// Reads a loaded run's log again.
    void reload(int runId);
    /// Stops following a run's log (called when the run is removed).
    void forget(int runId);
    /// Number of logs being parsed now.
    int pending() const { return int(m_pending); }

Q_SIGNALS:
    void loaded(int runId, const QString &path);
    void failed(const QString &path, const QString &error);
    /// Notes worth showing (skipped lines, truncation).
    void message(const LocalizedText &text);
    void pendingChanged(int pending);

private:
    struct Parsed;
    void finish(const QString &path, quint64 generation, const QList<Parsed> &runs);
    void finishRun(const QString &path, const Parsed &parsed);
    void follow(int runId, const QString &path, qint64 offset);
    void markGrowth(int runId);
    void expireLive();

    LoadedRunsModel &m_runs;
    std::function<QList<UserFormat>()> m_userFormatSource;
    QHash<QString, quint64> m_generations;
    QHash<int, LogFollower *> m_followers;
    QHash<int, qint64> m_lastGrowth; ///< msecs since epoch
    QTimer *m_liveTimer;
    quint64 m_nextGeneration = 1;
    int m_pending = 0;
    /// The parses run here. Declared last, so it is destroyed first: the loader waits for them, and
    /// none finishes after the window is gone (a crash at exit in cleanupThreadData).
    QThreadPool m_jobs;
};

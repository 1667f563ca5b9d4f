// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runloader.h"

#include "core/workflows/runs/loadedrunsmodel.h"
#include "core/sources/logs/logfollower.h"
#include "core/sources/logs/logreader.h"
#include "core/sources/logs/logsource.h"
#include "core/sources/logs/tensorboard/eventfilereader.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <QtConcurrent>

struct RunLoader::Parsed
{
    ParseResult result;
    qint64 offset = 0; ///< bytes consumed: following starts here
    QDateTime modified;
};

RunLoader::RunLoader(LoadedRunsModel &runs, QObject *parent)
    : QObject(parent)
    , m_runs(runs)
    , m_liveTimer(new QTimer(this))
{
    m_liveTimer->setInterval(5000);
    connect(m_liveTimer, &QTimer::timeout, this, &RunLoader::expireLive);
    m_liveTimer->start();
    connect(&m_runs, &LoadedRunsModel::runRemoved, this, &RunLoader::forget);
}

RunLoader::~RunLoader()
{
    // The model is often destroyed first (an older sibling in the main window): a follower's last
    // flush on stop() must not append to it.
    for (LogFollower *f : std::as_const(m_followers)) {
        f->disconnect(this);
        f->stop();
    }
}

bool RunLoader::canRead(const QString &path, const QList<UserFormat> &userFormats)
{
    ParseOptions options;
    options.userFormats = userFormats;
    return LogSource::canRead(path, options);
}

QList<UserFormat> RunLoader::userFormats() const
{
    return m_userFormatSource ? m_userFormatSource() : QList<UserFormat>{};
}

void RunLoader::open(const QString &path)
{
    const QString canonical = QFileInfo(path).absoluteFilePath();
    const quint64 generation = m_nextGeneration++;
    m_generations.insert(canonical, generation);
    ++m_pending;
    Q_EMIT pendingChanged(m_pending);
    ParseOptions options;
    options.userFormats = userFormats();
    (void)QtConcurrent::run(&m_jobs, [canonical, options] {
        QList<Parsed> runs;
        const QFileInfo info(canonical);
        if (!info.isFile() || EventFileReader::isEventFile(canonical)) {
            // Event files, run folders, folders of runs, MLflow runs: one entry point with the CLI.
            for (const ParseResult &r : LogSource::read(canonical, options)) {
                Parsed parsed;
                parsed.result = r;
                // A run of one event file is followed from its last whole record; a run of
                // several files (or an MLflow run) is read once.
                parsed.offset = r.consumedBytes;
                parsed.modified = QFileInfo(r.run.sourcePath).lastModified();
                runs.append(parsed);
            }
            return runs;
        }
        Parsed parsed;
        QFile file(canonical);
        if (!file.open(QIODevice::ReadOnly)) {
            parsed.result.error = tr("cannot read %1: %2").arg(canonical, file.errorString());
            return QList<Parsed>{parsed};
        }
        parsed.modified = QFileInfo(file).lastModified();
        // Up to the last complete line: the follower starts at a line boundary, and a line being
        // written right now is read once, whole, by the follower.
        QByteArray data = file.readAll();
        const qsizetype nl = data.lastIndexOf('\n');
        if (nl >= 0 && nl + 1 < data.size())
            data.truncate(nl + 1);
        parsed.offset = data.size();
        parsed.result = LogReader::readData(data, canonical, options);
        parsed.result.run.sourcePath = canonical;
        if (parsed.result.run.name.isEmpty())
            parsed.result.run.name = QFileInfo(canonical).fileName();
        return QList<Parsed>{parsed};
    }).then(this, [this, canonical, generation](const QList<Parsed> &runs) { finish(canonical, generation, runs); });
}

void RunLoader::finish(const QString &path, quint64 generation, const QList<Parsed> &runs)
{
    --m_pending;
    Q_EMIT pendingChanged(m_pending);
    if (m_generations.value(path) != generation)
        return; // a later open of the same file is on its way
    m_generations.remove(path);
    for (const Parsed &parsed : runs)
        finishRun(parsed.result.run.sourcePath.isEmpty() ? path : parsed.result.run.sourcePath, parsed);
}

void RunLoader::finishRun(const QString &path, const Parsed &parsed)
{
    const ParseResult &r = parsed.result;
    if (!r) {
        Q_EMIT failed(path, r.error);
        return;
    }
    if (r.run.isEmpty()) {
        Q_EMIT failed(path, tr("%1: no training steps found (format %2)").arg(path, r.format));
        return;
    }
    if (r.skippedCount > 0) {
        Q_EMIT message([path, count = int(r.skippedCount), skipped = r.firstSkipped] {
            QString text = tr("%1: %n line(s) skipped", nullptr, count).arg(path);
            if (!skipped.isEmpty())
                text += tr(" — first at line %1: %2").arg(skipped.first().lineNumber).arg(skipped.first().reason);
            return text;
        });
    }
    if (!r.run.readWarnings.isEmpty())
        Q_EMIT message([path, warning = r.run.readWarnings.first()] { return tr("%1: %2").arg(path, warning); });
    for (const QString &note : r.notes)
        Q_EMIT message(note);
    RunMetrics run = r.run;
    if (run.format.isEmpty())
        run.format = r.format;
    int id = m_runs.idForPath(path);
    if (id >= 0) {
        m_runs.replaceRun(id, run);
    } else {
        id = m_runs.addRun(run);
    }
    const bool recent
        = parsed.modified.isValid() && parsed.modified.msecsTo(QDateTime::currentDateTimeUtc()) < liveWindowMs;
    if (recent)
        m_lastGrowth.insert(id, QDateTime::currentMSecsSinceEpoch());
    m_runs.setLive(id, recent);
    if (parsed.offset >= 0)
        follow(id, path, parsed.offset);
    Q_EMIT loaded(id, path);
}

void RunLoader::follow(int runId, const QString &path, qint64 offset)
{
    LogFollower *f = m_followers.value(runId);
    if (!f) {
        f = new LogFollower(this);
        m_followers.insert(runId, f);
        connect(f, &LogFollower::pointsAppended, this, [this, runId](const RunMetrics &chunk) {
            m_runs.appendPoints(runId, chunk);
            markGrowth(runId);
        });
        // Shown on the run (its warning sign) and in the messages.
        auto note = [this, runId](const LocalizedText &text) {
            m_runs.addReadWarning(runId, text);
            Q_EMIT message(text);
        };
        // The follower starts the file over from its beginning; what was read stays, and the
        // points that follow are a new segment of the run.
        connect(f, &LogFollower::truncated, this,
                [note, path] { note([path] { return LogFollower::restartNote(path, false); }); });
        connect(f, &LogFollower::rotated, this,
                [note, path] { note([path] { return LogFollower::restartNote(path, true); }); });
        connect(f, &LogFollower::errorOccurred, this, [note, path](const QString &error) {
            note([path, error] { return tr("Following %1: %2").arg(path, error); });
        });
    }
    f->stop();
    ParseOptions options;
    options.userFormats = userFormats(); // a run read with a user format is followed with it
    if (const RunMetrics *run = m_runs.run(runId); run && !run->format.isEmpty())
        options.format = run->format; // mid-file there is no header (or record framing) left to detect it from
    f->start(path, options, offset);
}

void RunLoader::reload(int runId)
{
    if (const RunMetrics *run = m_runs.run(runId); run && !run->sourcePath.isEmpty())
        open(run->sourcePath);
}

void RunLoader::forget(int runId)
{
    if (LogFollower *f = m_followers.take(runId)) {
        f->stop();
        f->deleteLater();
    }
    m_lastGrowth.remove(runId);
}

void RunLoader::markGrowth(int runId)
{
    m_lastGrowth.insert(runId, QDateTime::currentMSecsSinceEpoch());
    m_runs.setLive(runId, true);
}

void RunLoader::expireLive()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (auto it = m_lastGrowth.begin(); it != m_lastGrowth.end();) {
        if (now - it.value() > liveWindowMs) {
            m_runs.setLive(it.key(), false);
            it = m_lastGrowth.erase(it);
        } else {
            ++it;
        }
    }
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runmonitor.h"

#include "core/sources/logs/logfollower.h"
#include "core/base/model/metricnames.h"
#include "remotelogfollower.h"
#include "launchworkspace.h"

#include <QCoreApplication>

namespace {

// The newest logged value of a metric (a throughput printed every N steps is not on every point).
/// The record keeps NaN, not the in-memory missing() marker, for a metric not logged yet.
double recordValue(const RunMetrics &run, const QString &name)
{
    const double last = run.lastValue(name);
    return RunMetrics::isMissing(last) ? qQNaN() : last;
}

} // namespace

RunMonitor::RunMonitor(LaunchWorkspace &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
{
    // run.json is rewritten at most every two seconds while points stream in.
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(2000);
    connect(&m_saveTimer, &QTimer::timeout, this, &RunMonitor::save);
}

RunMonitor::~RunMonitor()
{
    stopReading();
    if (m_saveTimer.isActive())
        save();
}

void RunMonitor::start(const LaunchRecord &record, const SshTarget &target, qint64 fromOffset,
                       const ParseOptions &options)
{
    m_record = record;
    m_points.clear();
    if (target.isLocal()) {
        // Its signals come queued from the reading thread, in the order they were sent.
        m_local = new LogFollower;
        m_local->setBlockHook(m_blockHook);
        m_local->moveToThread(&m_reader);
        connect(&m_reader, &QThread::finished, m_local, &QObject::deleteLater);
        connect(m_local, &LogFollower::pointsAppended, this, &RunMonitor::onPoints);
        connect(m_local, &LogFollower::truncated, this,
                [this] { warn(LogFollower::restartNote(m_record.sourceLog, false)); });
        connect(m_local, &LogFollower::rotated, this,
                [this] { warn(LogFollower::restartNote(m_record.sourceLog, true)); });
        connect(m_local, &LogFollower::errorOccurred, this, &RunMonitor::warn);
        m_reader.start();
        setLoading(true);
        LogFollower *follower = m_local;
        const QString path = m_record.sourceLog;
        // start() reads what the log holds now; the end of the loading is queued after its points.
        QMetaObject::invokeMethod(m_local, [this, follower, path, options, fromOffset] {
            follower->start(path, options, fromOffset);
            QMetaObject::invokeMethod(
                this, [this] { setLoading(false); }, Qt::QueuedConnection);
        });
        return;
    }
    m_mirror.setFileName(m_workspace.logPath(m_record.id));
    m_mirror.open(QIODevice::WriteOnly | QIODevice::Append);
    m_remote = new RemoteLogFollower(target, this);
    connect(m_remote, &RemoteLogFollower::pointsAppended, this, &RunMonitor::onPoints);
    connect(m_remote, &RemoteLogFollower::bytesReceived, this, [this](const QByteArray &bytes) {
        m_mirror.write(bytes);
        m_mirror.flush();
    });
    // The mirror stays a copy of the file as it is now; the points read before stay the run's.
    connect(m_remote, &RemoteLogFollower::restarted, this, [this] {
        m_mirror.resize(0);
        warn(tr("%1 on %2 was truncated or replaced: it is read again from its start, as a new segment of the run")
                 .arg(m_record.sourceLog, m_record.host));
    });
    connect(m_remote, &RemoteLogFollower::errorOccurred, this, &RunMonitor::warn);
    connect(m_remote, &RemoteLogFollower::stateChanged, this,
            [this](RemoteLogFollower::State state, const QString &detail) {
                m_connection = RemoteLogFollower::stateName(state);
                if (state == RemoteLogFollower::State::Reconnecting && !detail.isEmpty())
                    m_connection += QStringLiteral(": ") + detail;
                Q_EMIT connectionStateChanged(m_connection);
            });
    m_remote->start(m_record.sourceLog, options, fromOffset);
}

void RunMonitor::setRecord(const LaunchRecord &record)
{
    const LaunchRecord summary = m_record;
    m_record = record;
    m_record.lastStep = summary.lastStep;
    m_record.lastLoss = summary.lastLoss;
    m_record.tokensPerSecond = summary.tokensPerSecond;
    m_record.pointCount = summary.pointCount;
    m_record.segmentStarts = summary.segmentStarts;
    m_record.warnings = summary.warnings;
    m_record.notes = summary.notes;
    save();
}

void RunMonitor::addNote(const QString &note)
{
    if (m_record.notes.contains(note) || m_record.notes.size() >= LaunchRecord::maxWarnings)
        return;
    m_record.notes << note;
    Q_EMIT recordChanged(m_record);
    saveSoon();
}

void RunMonitor::finish()
{
    if (m_local) {
        // Waits for a first read still going: the run ended, its last points belong in its cache.
        LogFollower *follower = m_local;
        QMetaObject::invokeMethod(
            m_local,
            [follower] {
                follower->poll();
                follower->stop();
            },
            Qt::BlockingQueuedConnection);
        // The points read meanwhile are queued to this monitor: take them in before saving.
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
    if (m_remote)
        m_remote->stop();
    m_mirror.close();
    save();
    QString error;
    if (!m_workspace.writeMetricsCache(m_record.id, m_points, &error))
        qWarning("%s", qPrintable(error));
}

void RunMonitor::close()
{
    if (!m_loading) {
        finish();
        return;
    }
    stopReading();
    m_saveTimer.stop(); // a summary of part of the log would replace the one of the whole log
}

void RunMonitor::stopReading()
{
    if (!m_local)
        return;
    m_local->cancel();
    m_reader.quit();
    m_reader.wait();
    m_local = nullptr; // deleted on its thread when that ended
}

void RunMonitor::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

void RunMonitor::onPoints(const RunMetrics &chunk)
{
    m_points.append(chunk);
    if (m_points.format.isEmpty())
        m_points.format = chunk.format;
    const QString loss = MetricNames::primaryLoss(m_points.metricNames());
    m_record.pointCount = m_points.pointCount();
    m_record.segmentStarts = m_points.segmentStarts();
    m_record.lastStep = m_points.isEmpty() ? -1 : m_points.step(m_points.pointCount() - 1);
    m_record.lastLoss = recordValue(m_points, loss);
    m_record.tokensPerSecond = recordValue(m_points, MetricNames::tokensPerSecond);
    Q_EMIT pointsAppended(chunk);
    Q_EMIT recordChanged(m_record);
    saveSoon();
}

void RunMonitor::warn(const QString &message)
{
    if (m_record.warnings.size() < LaunchRecord::maxWarnings)
        m_record.warnings << message;
    Q_EMIT warning(message);
    Q_EMIT recordChanged(m_record);
    saveSoon();
}

void RunMonitor::saveSoon()
{
    if (!m_saveTimer.isActive())
        m_saveTimer.start();
}

void RunMonitor::save()
{
    m_saveTimer.stop();
    QString error;
    if (!m_workspace.save(m_record, &error))
        qWarning("%s", qPrintable(error));
    Q_EMIT recordChanged(m_record);
}

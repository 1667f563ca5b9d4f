// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runcontroller.h"

#include "core/base/exec/commandrunner.h"
#include "core/base/io/inputfile.h"
#include "locallauncher.h"
#include "remotelauncher.h"
#include "runmonitor.h"
#include "runtelemetry.h"
#include "launchworkspace.h"
#include "slurmclient.h"

#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QPointer>
#include <QSysInfo>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace {

/// Why a local log cannot be followed: missing, not a regular file (a device never ends, a FIFO
/// blocks its reader), or not readable; empty when it can be.
QString unfollowable(const QString &path)
{
    QString why = InputFile::refusalFor(path);
    if (why.isEmpty() && !QFileInfo(path).isReadable())
        why = QStringLiteral("%1: cannot be read (permission denied)").arg(path);
    return why;
}

} // namespace

/// What the controller holds for one active run.
struct RunController::Live
{
    RunMonitor *monitor = nullptr;
    QPointer<LocalLauncher> local;
    QTimer *pollTimer = nullptr;
    /// One per host: the run's, or each node of a SLURM job once it runs there.
    QList<RunTelemetry *> telemetry;
    bool nodesKnown = false; ///< a SLURM job's nodes were found (or could not be)
    bool polling = false;
    ~Live()
    {
        qDeleteAll(telemetry);
        delete pollTimer;
        delete monitor;
        delete local.data();
    }
};

RunController::RunController(LaunchWorkspace &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
{ }

RunController::~RunController()
{
    // Attached local runs die with their launcher (recorded as stopped); everything else keeps
    // running and is resumed next time. Save what the monitors know (a log still being read for
    // the first time is left for next time: quitting does not wait for a 1 GB read).
    for (auto it = m_live.cbegin(); it != m_live.cend(); ++it) {
        Live &live = **it;
        if (live.local && live.local->record().kind == LaunchRecord::Kind::Local && live.local->isRunning()) {
            live.local->disconnect(this);
            delete live.local.data();
            live.monitor->setRecord(m_workspace.load(it.key()));
        }
        live.monitor->close();
    }
}

SshTarget RunController::targetFor(const LaunchRecord &record)
{
    SshTarget target;
    target.host = record.host;
    target.configFile = record.sshConfig;
    return target;
}

RunMetrics RunController::points(const QString &id) const
{
    const auto live = m_live.value(id);
    return live ? live->monitor->points() : RunMetrics();
}

LaunchRecord RunController::record(const QString &id) const
{
    const auto live = m_live.value(id);
    return live ? live->monitor->record() : m_workspace.load(id);
}

RunController::Live &RunController::follow(const LaunchRecord &record, qint64 fromOffset)
{
    auto live = std::make_shared<Live>();
    live->monitor = new RunMonitor(m_workspace);
    const QString id = record.id;
    connect(live->monitor, &RunMonitor::recordChanged, this, &RunController::recordChanged);
    connect(live->monitor, &RunMonitor::pointsAppended, this,
            [this, id](const RunMetrics &chunk) { Q_EMIT pointsAppended(id, chunk); });
    connect(live->monitor, &RunMonitor::connectionStateChanged, this,
            [this, id](const QString &state) { Q_EMIT connectionStateChanged(id, state); });
    connect(live->monitor, &RunMonitor::warning, this,
            [this, id](const QString &message) { Q_EMIT warning(id, message); });
    connect(live->monitor, &RunMonitor::loadingChanged, this,
            [this, id](bool loading) { Q_EMIT loadingChanged(id, loading); });
    // Known before it starts: a local log's existing lines are read and signalled inside start(),
    // and whoever handles those points may ask for the run's record.
    m_live.insert(id, live);
    // A SLURM job's log on this machine, or any local log, is a local file; the rest is remote.
    const bool remoteLog = !record.host.isEmpty();
    ParseOptions options;
    if (m_userFormatSource)
        options.userFormats = m_userFormatSource();
    live->monitor->setBlockHook(m_blockHook);
    live->monitor->start(record, remoteLog ? targetFor(record) : SshTarget{}, fromOffset, options);
    startTelemetry(*live, record);
    Q_EMIT recordChanged(record);
    return *live;
}

void RunController::startTelemetry(Live &live, const LaunchRecord &record)
{
    // A SLURM job's nodes are known once it runs: poll() starts its telemetry there.
    if (record.kind != LaunchRecord::Kind::Slurm)
        recordTelemetry(live, record.id, targetFor(record), record.host);
}

void RunController::recordTelemetry(Live &live, const QString &id, const SshTarget &target, const QString &host)
{
    if (m_telemetryBackends.isEmpty())
        return;
    auto *telemetry = new RunTelemetry(CommandRunner(target), m_workspace.telemetryPath(id, host), m_telemetryBackends,
                                       m_telemetryIntervalMs, &m_jobs);
    live.telemetry << telemetry;
    connect(telemetry, &RunTelemetry::note, live.monitor, &RunMonitor::addNote);
    connect(telemetry, &RunTelemetry::samplerNote, this,
            [this, id](const QString &text) { Q_EMIT telemetryNote(id, text); });
    telemetry->start();
}

void RunController::startNodeTelemetry(Live &live, const LaunchRecord &record, const QStringList &nodes)
{
    live.nodesKnown = true;
    const QString here = QSysInfo::machineHostName().section(QLatin1Char('.'), 0, 0);
    for (const QString &node : nodes) {
        // The job's node is this machine when the SLURM client is local and SLURM names it so.
        if (record.host.isEmpty()
            && (node.section(QLatin1Char('.'), 0, 0) == here || node == QLatin1String("localhost"))) {
            recordTelemetry(live, record.id, SshTarget{}, QString());
            continue;
        }
        // Reached as an attached run's host is: the system ssh, with the run's ssh config.
        SshTarget target;
        target.host = node;
        target.configFile = record.sshConfig;
        recordTelemetry(live, record.id, target, node);
    }
}

void RunController::end(const QString &id, const LaunchRecord &record)
{
    const auto live = m_live.value(id);
    if (!live)
        return;
    for (RunTelemetry *telemetry : std::as_const(live->telemetry))
        telemetry->stop();
    live->monitor->setRecord(record);
    // Still live while the last points are read: record(id), which a pointsAppended handler asks
    // for (the CLI's progress line), is the monitor's, not the run.json saved before them.
    live->monitor->finish();
    m_live.remove(id);
    const LaunchRecord final = live->monitor->record();
    if (live->local)
        live->local->disconnect(this);
    // Deleted later: this may run inside one of the live objects' own signals.
    QTimer::singleShot(0, this, [live] {});
    Q_EMIT connectionStateChanged(id, QString());
    Q_EMIT recordChanged(final);
    Q_EMIT runFinished(final);
}

QString RunController::launch(LaunchRecord record, QString *error)
{
    const bool remote = !record.host.isEmpty();
    record.kind = remote ? LaunchRecord::Kind::Remote
                         : (record.kind == LaunchRecord::Kind::LocalDetached ? record.kind : LaunchRecord::Kind::Local);
    record = m_workspace.create(record, error);
    if (record.id.isEmpty())
        return {};
    if (remote) {
        const CommandRunner runner(targetFor(record));
        if (!RemoteLauncher::start(runner, record, error)) {
            record.status = LaunchRecord::Status::Failed;
            record.exitDetail = *error;
            record.ended = QDateTime::currentDateTimeUtc();
            m_workspace.save(record);
            Q_EMIT recordChanged(record);
            return {};
        }
        m_workspace.save(record);
        follow(record, 0);
        startPolling(record.id);
        return record.id;
    }
    auto launcher = new LocalLauncher(m_workspace, this);
    if (!launcher->start(record, error)) {
        Q_EMIT recordChanged(launcher->record());
        delete launcher;
        return {};
    }
    Live &live = follow(launcher->record(), 0);
    live.local = launcher;
    const QString id = record.id;
    connect(launcher, &LocalLauncher::output, this, [this, id](const QByteArray &bytes) { Q_EMIT output(id, bytes); });
    connect(launcher, &LocalLauncher::recordChanged, this, [this, id](const LaunchRecord &r) {
        if (const auto l = m_live.value(id))
            l->monitor->setRecord(r);
    });
    connect(launcher, &LocalLauncher::finished, this, [this, id](const LaunchRecord &r) { end(id, r); });
    return id;
}

QString RunController::attach(LaunchRecord record, const QString &path, bool fromStart, QString *error)
{
    record.kind = LaunchRecord::Kind::Attach;
    record.sourceLog = path;
    // A local log that is not there yet is waited for; one that is there must be a file to read.
    if (record.host.isEmpty() && QFileInfo::exists(path)) {
        if (const QString why = unfollowable(path); !why.isEmpty()) {
            *error = why;
            return {};
        }
    }
    if (record.name.isEmpty())
        record.name = QFileInfo(path).fileName();
    qint64 from = 0;
    if (!fromStart) {
        if (record.host.isEmpty()) {
            from = QFileInfo(path).size();
        } else {
            const CommandRunner runner(targetFor(record));
            const CommandResult size = runner.run({QStringLiteral("wc"), QStringLiteral("-c"), path});
            if (!size.ok()) {
                *error = QStringLiteral("cannot read %1 on %2: %3").arg(path, runner.describe(), size.summary());
                return {};
            }
            from = size.out.trimmed().split(' ').value(0).toLongLong();
        }
    }
    record.started = QDateTime::currentDateTimeUtc();
    record.status = LaunchRecord::Status::Running;
    record = m_workspace.create(record, error);
    if (record.id.isEmpty())
        return {};
    follow(record, from);
    return record.id;
}

QString RunController::submit(LaunchRecord record, QString *error)
{
    record.kind = LaunchRecord::Kind::Slurm;
    QFile script(record.command.value(0));
    if (!script.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(script.fileName(), script.errorString());
        return {};
    }
    const QByteArray text = script.readAll();
    if (record.name.isEmpty())
        record.name = QFileInfo(script.fileName()).fileName();
    record.config.insert(QStringLiteral("script"), QString::fromUtf8(text));
    record = m_workspace.create(record, error);
    if (record.id.isEmpty())
        return {};
    const CommandRunner runner(targetFor(record));
    QString output;
    if (record.host.isEmpty()) {
        output = m_workspace.logPath(record.id);
        record.sourceLog = output;
    } else {
        record.remoteDir = RemoteLauncher::remoteDirFor(record.id);
        const CommandResult mk
            = runner.run({QStringLiteral("mkdir"), QStringLiteral("-p"), QStringLiteral("--"), record.remoteDir});
        if (!mk.ok())
            *error
                = QStringLiteral("cannot create %1 on %2: %3").arg(record.remoteDir, runner.describe(), mk.summary());
        output = record.remoteDir + QStringLiteral("/output.log");
        record.sourceLog = output;
    }
    if (error->isEmpty())
        record.slurmJobId = SlurmClient(runner).submit(text, output, record.name, record.workingDir, error);
    record.started = QDateTime::currentDateTimeUtc();
    if (record.slurmJobId.isEmpty()) {
        record.status = LaunchRecord::Status::Failed;
        record.exitDetail = *error;
        record.ended = record.started;
        m_workspace.save(record);
        Q_EMIT recordChanged(record);
        return {};
    }
    record.status = LaunchRecord::Status::Pending;
    m_workspace.save(record);
    follow(record, 0);
    startPolling(record.id);
    return record.id;
}

void RunController::startPolling(const QString &id)
{
    const auto live = m_live.value(id);
    live->pollTimer = new QTimer;
    connect(live->pollTimer, &QTimer::timeout, this, [this, id] { poll(id); });
    live->pollTimer->start(m_pollMs);
}

void RunController::poll(const QString &id)
{
    const auto live = m_live.value(id);
    if (!live || live->polling)
        return;
    live->polling = true;
    const LaunchRecord current = live->monitor->record();
    // A SLURM job's nodes are asked for until it runs somewhere, for its telemetry.
    const bool wantNodes
        = current.kind == LaunchRecord::Kind::Slurm && !live->nodesKnown && !m_telemetryBackends.isEmpty();
    struct Polled
    {
        LaunchRecord record;
        QStringList nodes;
        QString nodesError;
    };
    auto watcher = new QFutureWatcher<Polled>(this);
    connect(watcher, &QFutureWatcher<Polled>::finished, this, [this, watcher, id] {
        watcher->deleteLater();
        const auto l = m_live.value(id);
        if (!l)
            return;
        l->polling = false;
        const Polled polled = watcher->result();
        const LaunchRecord &updated = polled.record;
        if (!polled.nodesError.isEmpty()) {
            l->nodesKnown = true;
            l->monitor->addNote(tr("Device telemetry not recorded: %1").arg(polled.nodesError));
        } else if (!polled.nodes.isEmpty() && !l->nodesKnown) {
            startNodeTelemetry(*l, updated, polled.nodes);
        }
        if (updated.status == l->monitor->record().status && updated.exitDetail == l->monitor->record().exitDetail)
            return;
        if (updated.isActive())
            l->monitor->setRecord(updated);
        else
            end(id, updated);
    });
    watcher->setFuture(QtConcurrent::run(&m_jobs, [current, wantNodes]() {
        Polled p;
        LaunchRecord &r = p.record;
        r = current;
        const CommandRunner runner(targetFor(r));
        QString error;
        if (r.kind == LaunchRecord::Kind::Remote) {
            RemoteLauncher::poll(runner, r, &error);
        } else if (r.kind == LaunchRecord::Kind::Slurm) {
            const SlurmClient slurm(runner);
            const SlurmJobState s = slurm.state(r.slurmJobId);
            if (s) {
                r.status = s.runStatus();
                r.exitDetail = s.state + (s.reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(s.reason));
                if (s.isFinal()) {
                    r.exitCode = s.exitCode;
                    r.ended = QDateTime::currentDateTimeUtc();
                }
                if (wantNodes && r.status == LaunchRecord::Status::Running && !s.nodeList.isEmpty())
                    p.nodes = slurm.hostnames(s.nodeList, &p.nodesError);
            }
        }
        return p;
    }));
}

bool RunController::stop(const QString &id, int graceMs, QString *error)
{
    const auto live = m_live.value(id);
    LaunchRecord record = live ? live->monitor->record() : m_workspace.load(id, error);
    if (record.id.isEmpty())
        return false;
    if (live && live->local) {
        live->local->stop(graceMs);
        return true;
    }
    bool ok = false;
    switch (record.kind) {
    case LaunchRecord::Kind::Local:
    case LaunchRecord::Kind::LocalDetached: ok = LocalLauncher::stopGroup(m_workspace, record, graceMs, error); break;
    case LaunchRecord::Kind::Remote:
        ok = RemoteLauncher::stop(CommandRunner(targetFor(record)), record, graceMs, error);
        break;
    case LaunchRecord::Kind::Slurm:
        ok = SlurmClient(CommandRunner(targetFor(record))).cancel(record.slurmJobId, error);
        if (ok) {
            // scancel returns at once; the job's state follows on the next poll.
            record.exitDetail = QStringLiteral("stopped: scancel");
            if (!live) {
                record.status = LaunchRecord::Status::Stopped;
                record.ended = QDateTime::currentDateTimeUtc();
            }
        }
        break;
    case LaunchRecord::Kind::Attach:
        record.status = LaunchRecord::Status::Stopped;
        record.exitDetail = QStringLiteral("stopped following");
        record.ended = QDateTime::currentDateTimeUtc();
        ok = true;
        break;
    }
    if (!ok)
        return false;
    if (live && !record.isActive())
        end(id, record);
    else if (live)
        live->monitor->setRecord(record);
    else {
        m_workspace.save(record);
        Q_EMIT recordChanged(record);
    }
    return true;
}

void RunController::resumeActive()
{
    const QList<LaunchRecord> runs = m_workspace.list();
    for (const LaunchRecord &r : runs) {
        if (!r.isActive() || m_live.contains(r.id))
            continue;
        switch (r.kind) {
        case LaunchRecord::Kind::Local:
            // Its owner (another PortBench) records the end; only notice when that owner is gone.
            {
                LaunchRecord copy = r;
                if (LocalLauncher::reconcile(m_workspace, copy)) {
                    m_workspace.save(copy);
                    Q_EMIT recordChanged(copy);
                }
            }
            break;
        case LaunchRecord::Kind::LocalDetached: {
            auto launcher = new LocalLauncher(m_workspace, this);
            Live &live = follow(r, 0);
            live.local = launcher;
            const QString id = r.id;
            connect(launcher, &LocalLauncher::finished, this, [this, id](const LaunchRecord &rec) { end(id, rec); });
            launcher->watch(r);
            break;
        }
        case LaunchRecord::Kind::Remote:
        case LaunchRecord::Kind::Slurm:
            follow(r, 0);
            startPolling(r.id);
            break;
        case LaunchRecord::Kind::Attach:
            // A record left by an attach to /dev/zero, a FIFO or a log since deleted is shown as not
            // followed (the user stops or deletes it); following it would hold the GUI at start.
            if (const QString why = r.host.isEmpty() ? unfollowable(r.sourceLog) : QString(); !why.isEmpty())
                Q_EMIT connectionStateChanged(r.id, QStringLiteral("not followed: %1").arg(why));
            else
                follow(r, 0);
            break;
        }
    }
}

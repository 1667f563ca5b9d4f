// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "locallauncher.h"

#include "launchwrapper.h"
#include "processgroup.h"
#include "launchworkspace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

#include <csignal>
#include <unistd.h>

namespace {

qint64 readNumberFile(const QString &path, bool *ok)
{
    QFile f(path);
    *ok = false;
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return f.readAll().trimmed().toLongLong(ok);
}

// The wrapper reports a signal death as 128+N, the shell convention.
QString describeExit(int code)
{
    if (code > 128 && code < 128 + 65)
        return QStringLiteral("killed by signal %1 (%2)")
            .arg(code - 128)
            .arg(QString::fromLatin1(strsignal(code - 128)));
    return QStringLiteral("exit code %1").arg(code);
}

} // namespace

LocalLauncher::LocalLauncher(LaunchWorkspace &workspace, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
{
    m_pollTimer.setInterval(500);
    connect(&m_pollTimer, &QTimer::timeout, this, &LocalLauncher::poll);
    m_killTimer.setSingleShot(true);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (ProcessGroup::signal(m_record.pid, SIGKILL))
            m_record.exitDetail = QStringLiteral("stopped: SIGKILL after the grace period");
        if (m_leaderDone)
            finish();
    });
}

LocalLauncher::~LocalLauncher()
{
    // An attached run belongs to this object: do not leave it orphaned, and say why it ended.
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        ProcessGroup::signal(m_record.pid, SIGKILL);
        m_process->waitForFinished(2000);
        m_record.status = LaunchRecord::Status::Stopped;
        m_record.exitDetail = QStringLiteral("stopped: PortBench quit while the attached run was going");
        m_record.ended = QDateTime::currentDateTimeUtc();
        m_workspace.save(m_record);
    }
}

bool LocalLauncher::start(const LaunchRecord &record, QString *error)
{
    m_record = record;
    m_record.started = QDateTime::currentDateTimeUtc();
    m_record.sourceLog = m_workspace.logPath(m_record.id);
    auto fail = [this, error](const QString &why) {
        *error = why;
        m_record.status = LaunchRecord::Status::Failed;
        m_record.exitDetail = why;
        m_record.ended = QDateTime::currentDateTimeUtc();
        save();
        return false;
    };
    if (m_record.command.isEmpty())
        return fail(QStringLiteral("no command to run"));
    if (!LaunchWrapper::validateEnv(m_record.env, error))
        return fail(*error);
    if (!m_record.workingDir.isEmpty() && !QFileInfo(m_record.workingDir).isDir())
        return fail(QStringLiteral("working directory %1 does not exist").arg(m_record.workingDir));

    if (m_record.kind == LaunchRecord::Kind::LocalDetached) {
        const QStringList argv
            = LaunchWrapper::argv(m_workspace.runDir(m_record.id), m_record.workingDir, m_record.env, m_record.command);
        QProcess starter;
        starter.start(argv.first(), argv.mid(1));
        // setsid -f returns as soon as the wrapper is forked; the pid file follows within moments.
        if (!starter.waitForFinished(10000) || starter.exitCode() != 0)
            return fail(QStringLiteral("cannot start the detached run: %1")
                            .arg(starter.errorString() + QString::fromLocal8Bit(starter.readAllStandardError())));
        QElapsedTimer t;
        t.start();
        bool ok = false;
        while (!ok && t.elapsed() < 10000) {
            m_record.pid = readNumberFile(m_workspace.pidPath(m_record.id), &ok);
            if (!ok)
                QThread::msleep(20);
        }
        if (!ok)
            return fail(QStringLiteral("the detached run did not write %1").arg(m_workspace.pidPath(m_record.id)));
        m_record.status = LaunchRecord::Status::Running;
        save();
        m_pollTimer.start();
        return true;
    }

    m_log.setFileName(m_record.sourceLog);
    if (!m_log.open(QIODevice::WriteOnly | QIODevice::Append))
        return fail(QStringLiteral("%1: %2").arg(m_log.fileName(), m_log.errorString()));
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardInputFile(QProcess::nullDevice());
    if (!m_record.workingDir.isEmpty())
        m_process->setWorkingDirectory(m_record.workingDir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (auto it = m_record.env.cbegin(); it != m_record.env.cend(); ++it)
        env.insert(it.key(), it.value());
    m_process->setProcessEnvironment(env);
    // Its own session and group, so Stop reaches the whole tree and a Ctrl+C at PortBench's
    // terminal does not.
    m_process->setChildProcessModifier([] { ::setsid(); });
    connect(m_process, &QProcess::readyRead, this, &LocalLauncher::onReadyRead);
    connect(m_process, &QProcess::finished, this, &LocalLauncher::onFinished);
    m_process->start(m_record.command.first(), m_record.command.mid(1));
    if (!m_process->waitForStarted(10000)) {
        const QString why
            = QStringLiteral("cannot start %1: %2").arg(m_record.command.first(), m_process->errorString());
        m_process->deleteLater();
        m_process = nullptr;
        m_log.close();
        return fail(why);
    }
    m_record.pid = m_process->processId();
    m_record.status = LaunchRecord::Status::Running;
    save();
    return true;
}

void LocalLauncher::watch(const LaunchRecord &record)
{
    m_record = record;
    if (reconcile(m_workspace, m_record))
        save();
    if (m_record.isActive())
        m_pollTimer.start();
    else
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT finished(m_record); }, Qt::QueuedConnection);
}

void LocalLauncher::stop(int graceMs)
{
    if (!m_record.isActive() || m_record.pid <= 1)
        return;
    m_stopRequested = true;
    m_record.exitDetail = QStringLiteral("stopped: SIGTERM");
    ProcessGroup::signal(m_record.pid, SIGTERM);
    m_killTimer.start(graceMs);
}

void LocalLauncher::onReadyRead()
{
    const QByteArray bytes = m_process->readAll();
    m_log.write(bytes);
    // Flushed per chunk: the log follower and other processes (the CLI, a second GUI) read this file.
    m_log.flush();
    Q_EMIT output(bytes);
}

void LocalLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    onReadyRead();
    m_log.close();
    m_record.exitCode = status == QProcess::NormalExit ? exitCode : 128 + SIGKILL;
    if (status == QProcess::CrashExit && !m_stopRequested)
        m_record.exitDetail = QStringLiteral("crashed");
    m_leaderDone = true;
    // Stragglers that ignored SIGTERM keep the group alive: the run ends when the kill timer has
    // taken them too.
    if (m_stopRequested && m_killTimer.isActive() && ProcessGroup::alive(m_record.pid))
        return;
    m_killTimer.stop();
    finish();
}

void LocalLauncher::poll()
{
    if (reconcile(m_workspace, m_record)) {
        save();
        if (!m_record.isActive()) {
            m_pollTimer.stop();
            Q_EMIT finished(m_record);
        }
    }
}

void LocalLauncher::finish()
{
    m_record.ended = QDateTime::currentDateTimeUtc();
    // `portbench-cli stop` from another process marks the stop in run.json before signalling.
    if (m_workspace.load(m_record.id).exitDetail.startsWith(QLatin1String("stopped"))) {
        m_stopRequested = true;
        m_record.exitDetail = m_workspace.load(m_record.id).exitDetail;
    }
    if (m_stopRequested)
        m_record.status = LaunchRecord::Status::Stopped;
    else
        m_record.status = m_record.exitCode == 0 ? LaunchRecord::Status::Finished : LaunchRecord::Status::Failed;
    if (m_record.exitDetail.isEmpty())
        m_record.exitDetail = describeExit(m_record.exitCode);
    save();
    Q_EMIT finished(m_record);
}

void LocalLauncher::save()
{
    QString error;
    if (!m_workspace.save(m_record, &error))
        qWarning("%s", qPrintable(error));
    Q_EMIT recordChanged(m_record);
}

bool LocalLauncher::reconcile(const LaunchWorkspace &workspace, LaunchRecord &record)
{
    if (!record.isActive())
        return false;
    bool ok = false;
    if (record.kind == LaunchRecord::Kind::Local) {
        // An attached run whose PortBench died with it: nobody is left to record the end.
        if (record.pid <= 1 || ProcessGroup::alive(record.pid))
            return false;
        record.status = record.exitDetail.startsWith(QLatin1String("stopped")) ? LaunchRecord::Status::Stopped
                                                                               : LaunchRecord::Status::Lost;
        if (record.exitDetail.isEmpty())
            record.exitDetail = QStringLiteral("PortBench ended before the run; its exit status is unknown");
        record.ended = QDateTime::currentDateTimeUtc();
        return true;
    }
    if (record.kind != LaunchRecord::Kind::LocalDetached)
        return false;
    const int code = int(readNumberFile(workspace.exitStatusPath(record.id), &ok));
    if (ok) {
        record.exitCode = code;
        const bool stopped = record.exitDetail.startsWith(QLatin1String("stopped"));
        record.status = stopped ? LaunchRecord::Status::Stopped
                                : (code == 0 ? LaunchRecord::Status::Finished : LaunchRecord::Status::Failed);
        if (!stopped)
            record.exitDetail = describeExit(code);
        record.ended = QFileInfo(workspace.exitStatusPath(record.id)).lastModified().toUTC();
        return true;
    }
    if (record.pid <= 1)
        record.pid = readNumberFile(workspace.pidPath(record.id), &ok);
    if (record.pid > 1 && ProcessGroup::processAlive(record.pid))
        return false;
    // The wrapper is gone without writing an exit code: it was killed (SIGKILL, reboot).
    record.status = record.exitDetail.startsWith(QLatin1String("stopped")) ? LaunchRecord::Status::Stopped
                                                                           : LaunchRecord::Status::Lost;
    if (record.exitDetail.isEmpty())
        record.exitDetail = QStringLiteral("the process ended without recording an exit status");
    record.ended = QDateTime::currentDateTimeUtc();
    return true;
}

bool LocalLauncher::stopGroup(LaunchWorkspace &workspace, LaunchRecord &record, int graceMs, QString *error)
{
    reconcile(workspace, record);
    if (!record.isActive() || record.pid <= 1) {
        *error = QStringLiteral("run %1 is not running (%2)").arg(record.id, LaunchRecord::statusName(record.status));
        return false;
    }
    record.exitDetail = QStringLiteral("stopped: SIGTERM");
    workspace.save(record);
    ProcessGroup::signal(record.pid, SIGTERM);
    QElapsedTimer t;
    t.start();
    while (ProcessGroup::alive(record.pid) && t.elapsed() < graceMs)
        QThread::msleep(50);
    if (ProcessGroup::signal(record.pid, SIGKILL))
        record.exitDetail = QStringLiteral("stopped: SIGKILL after the grace period");
    if (record.kind == LaunchRecord::Kind::Local) {
        // The PortBench process that owns the QProcess records the end; give it a moment.
        for (int i = 0; i < 40; ++i) {
            const LaunchRecord onDisk = workspace.load(record.id);
            if (!onDisk.id.isEmpty() && !onDisk.isActive()) {
                record = onDisk;
                return true;
            }
            QThread::msleep(50);
        }
    }
    // The wrapper may have recorded the exit code between TERM and now.
    QThread::msleep(50);
    if (!reconcile(workspace, record)) {
        record.status = LaunchRecord::Status::Stopped;
        record.ended = QDateTime::currentDateTimeUtc();
    }
    return workspace.save(record, error);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "telemetrysampler.h"

#include "core/base/exec/shellquote.h"
#include "core/sources/plugins/devicebackend.h"
#include "telemetrycapture.h"
#include "telemetryschedule.h"

#include <QDateTime>
#include <QProcess>
#include <QSysInfo>

#include <algorithm>

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

TelemetrySampler::TelemetrySampler(CommandRunner runner, const DeviceBackend *backend, QString host, int intervalMs,
                                   QObject *parent)
    : QObject(parent)
    , m_runner(std::move(runner))
    , m_backend(backend)
    , m_host(std::move(host))
    , m_fixedIntervalMs(intervalMs)
{
    m_watchdog.setInterval(250);
    connect(&m_watchdog, &QTimer::timeout, this, &TelemetrySampler::checkStall);
    m_restart.setSingleShot(true);
    connect(&m_restart, &QTimer::timeout, this, &TelemetrySampler::launch);
}

TelemetrySampler::~TelemetrySampler()
{
    stop();
}

QString TelemetrySampler::hostFor(const CommandRunner &runner)
{
    return runner.isRemote() ? runner.target().host : QSysInfo::machineHostName();
}

void TelemetrySampler::start()
{
    m_stopping = false;
    m_running.start();
    launch();
    m_watchdog.start();
}

void TelemetrySampler::stop()
{
    m_stopping = true;
    m_watchdog.stop();
    m_restart.stop();
    killProcess();
}

void TelemetrySampler::killProcess()
{
    if (!m_process)
        return;
    QProcess *p = m_process;
    m_process = nullptr;
    p->disconnect(this);
    if (p->state() != QProcess::NotRunning) {
        // The tool runs in its own process group (below): a shell loop and its child go together.
        ::kill(-pid_t(p->processId()), SIGKILL);
        p->waitForFinished(2000);
    }
    p->deleteLater();
}

void TelemetrySampler::launch()
{
    if (m_stopping)
        return;
    m_currentIntervalMs
        = m_fixedIntervalMs > 0 ? m_fixedIntervalMs : TelemetrySchedule::adaptiveIntervalMs(m_running.elapsed());
    const QStringList argv = m_backend->telemetryCommand(m_currentIntervalMs);
    if (argv.isEmpty()) {
        Q_EMIT note(m_host, QStringLiteral("the backend has no telemetry tool"));
        return;
    }
    m_reader = m_backend->createTelemetryReader();
    m_pending.clear();
    m_skippingLongLine = false;
    const QStringList line = m_runner.commandLine(argv);
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->setStandardInputFile(QProcess::nullDevice());
    // A group of its own, so stop() reaches a shell loop's children too; and ended with this
    // process, so a monitor killed outright (SIGKILL, a crash) leaves no sampler running here.
    m_process->setChildProcessModifier([] {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, &TelemetrySampler::readOutput);
    // Only the end of what the tool says on stderr is kept (for the note when it exits): a tool
    // that complains every second for a week must not grow in memory.
    m_errorTail.clear();
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        if (!m_process)
            return;
        m_errorTail += m_process->readAllStandardError();
        m_errorTail = m_errorTail.right(300);
    });
    connect(m_process, &QProcess::finished, this, &TelemetrySampler::processEnded);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            processEnded();
    });
    m_lastOutput.start();
    Q_EMIT note(m_host,
                QStringLiteral("sampling every %1 s: %2")
                    .arg(QString::number(m_currentIntervalMs / 1000.0), ShellQuote::join(argv)));
    m_process->start(line.first(), line.mid(1));
}

void TelemetrySampler::readOutput()
{
    if (!m_process)
        return;
    const QByteArray bytes = m_process->readAllStandardOutput();
    if (bytes.isEmpty())
        return;
    m_lastOutput.start();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<TelemetrySample> samples;
    qsizetype from = 0;
    for (qsizetype nl = bytes.indexOf('\n'); nl >= 0; nl = bytes.indexOf('\n', from)) {
        QByteArray line = m_pending + bytes.mid(from, nl - from);
        from = nl + 1;
        m_pending.clear();
        if (m_skippingLongLine) {
            m_skippingLongLine = false;
            continue;
        }
        if (line.endsWith('\r'))
            line.chop(1);
        const TelemetryReader::LineResult r = m_reader->readLine(line, now);
        if (!r.problem.isEmpty())
            Q_EMIT note(m_host, QStringLiteral("%1: %2").arg(m_reader->tool(), r.problem));
        samples << r.samples;
    }
    m_pending += bytes.mid(from);
    if (m_pending.size() > TelemetryCapture::maxLineBytes) {
        // A tool that never ends its line: drop what came, and the rest up to the next line break.
        Q_EMIT note(m_host,
                    QStringLiteral("a line longer than %1 bytes was skipped").arg(TelemetryCapture::maxLineBytes));
        m_pending.clear();
        m_skippingLongLine = true;
    }
    for (TelemetrySample &s : samples)
        s.host = m_host;
    if (!samples.isEmpty()) {
        m_backoffMs = 1000;
        Q_EMIT samplesReady(m_host, samples);
        if (m_fixedIntervalMs <= 0
            && TelemetrySchedule::adaptiveIntervalMs(m_running.elapsed()) != m_currentIntervalMs) {
            killProcess();
            launch();
        }
    }
}

void TelemetrySampler::processEnded()
{
    if (!m_process)
        return;
    readOutput();
    if (!m_process) // the output's last samples moved the schedule on: already restarted
        return;
    QString why;
    if (m_process->error() == QProcess::FailedToStart)
        why = QStringLiteral("could not start: %1").arg(m_process->errorString());
    else if (m_process->exitStatus() == QProcess::CrashExit)
        why = QStringLiteral("the sampler was killed");
    else
        why = QStringLiteral("the sampler exited with code %1").arg(m_process->exitCode());
    m_errorTail += m_process->readAllStandardError();
    m_errorTail = m_errorTail.right(300).trimmed();
    if (!m_errorTail.isEmpty())
        why += QStringLiteral(" (%1)").arg(QString::fromUtf8(m_errorTail));
    if (!m_pending.isEmpty()) {
        why += QStringLiteral("; its last line was cut short and dropped (%1 bytes)").arg(m_pending.size());
        m_pending.clear();
    }
    killProcess();
    restartLater(why);
}

void TelemetrySampler::checkStall()
{
    if (!m_process || m_lastOutput.elapsed() < TelemetrySchedule::stallTimeoutMs(m_currentIntervalMs))
        return;
    const qint64 silent = m_lastOutput.elapsed();
    killProcess();
    restartLater(QStringLiteral("the sampler printed nothing for %1 s (stalled); stopped it").arg(silent / 1000));
}

void TelemetrySampler::restartLater(const QString &why)
{
    if (m_stopping)
        return;
    Q_EMIT note(m_host, QStringLiteral("%1; starting it again in %2 s").arg(why).arg(m_backoffMs / 1000));
    m_restart.start(m_backoffMs);
    m_backoffMs = std::min(m_backoffMs * 2, 30000);
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "runtelemetry.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/engines/telemetry/telemetryfile.h"
#include "core/engines/telemetry/telemetrymetric.h"
#include "core/engines/telemetry/telemetrysampler.h"
#include "core/engines/telemetry/telemetrytoolfinder.h"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

RunTelemetry::RunTelemetry(CommandRunner runner, QString path, QList<LoadedBackend> backends, int intervalMs,
                           QThreadPool *pool, QObject *parent)
    : QObject(parent)
    , m_runner(std::move(runner))
    , m_path(std::move(path))
    , m_backends(std::move(backends))
    , m_intervalMs(intervalMs)
    , m_pool(pool)
{ }

RunTelemetry::~RunTelemetry()
{
    stop();
}

void RunTelemetry::start()
{
    auto watcher = new QFutureWatcher<TelemetryToolFinder::Result>(this);
    connect(watcher, &QFutureWatcher<TelemetryToolFinder::Result>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (m_stopped)
            return;
        const TelemetryToolFinder::Result found = watcher->result();
        if (!found.unreachable.isEmpty())
            Q_EMIT note(tr("Device telemetry not recorded: cannot ask %1 for its device tools: %2")
                            .arg(m_runner.describe(), found.unreachable));
        else if (!found.backend)
            Q_EMIT note(tr("Device telemetry not recorded: no device tool on %1 (looked for %2)")
                            .arg(m_runner.describe(), found.tried.join(QStringLiteral(", "))));
        else
            startSampling(found.backend);
    });
    const CommandRunner runner = m_runner;
    const QList<LoadedBackend> backends = m_backends;
    watcher->setFuture(
        QtConcurrent::run(m_pool, [runner, backends] { return TelemetryToolFinder::find(runner, backends); }));
}

void RunTelemetry::stop()
{
    m_stopped = true;
    if (m_sampler)
        m_sampler->stop();
    m_appender.close();
}

void RunTelemetry::startSampling(const DeviceBackend *backend)
{
    const QString host = TelemetrySampler::hostFor(m_runner);
    const QString tool = backend->createTelemetryReader()->tool();
    if (!m_appender.open(m_path) || !m_appender.append(TelemetryFile::header(host, tool, TelemetryMetric::all()))) {
        Q_EMIT note(tr("Device telemetry not recorded: %1").arg(m_appender.error()));
        m_appender.close();
        return;
    }
    Q_EMIT note(tr("Device telemetry from %1 on %2 is recorded in %3")
                    .arg(tool, m_runner.describe(), QFileInfo(m_path).fileName()));
    m_sampler = new TelemetrySampler(m_runner, backend, host, m_intervalMs, this);
    connect(m_sampler, &TelemetrySampler::samplesReady, this,
            [this](const QString &, const QList<TelemetrySample> &samples) { append(samples); });
    connect(m_sampler, &TelemetrySampler::note, this,
            [this](const QString &, const QString &text) { Q_EMIT samplerNote(text); });
    m_sampler->start();
}

void RunTelemetry::append(const QList<TelemetrySample> &samples)
{
    QByteArray rows;
    for (const TelemetrySample &s : samples)
        rows += TelemetryFile::row(s, TelemetryMetric::all());
    if (m_appender.append(rows))
        return;
    // A full disk: the run goes on, its telemetry ends here.
    Q_EMIT note(tr("Device telemetry recording stopped: %1").arg(m_appender.error()));
    stop();
}

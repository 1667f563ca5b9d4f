// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/commandrunner.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/engines/telemetry/telemetryappender.h"
#include "core/base/device/telemetrysample.h"

#include <QList>
#include <QObject>
#include <QString>

class QThreadPool;
class TelemetrySampler;

/// Records one live run's device telemetry beside its log (LaunchWorkspace::telemetryPath): looks for
/// a vendor tool on the run's host (TelemetryToolFinder, as `monitor` does, on a pool thread: over
/// ssh that is a network call), then runs one TelemetrySampler there and appends its samples to
/// the file through TelemetryAppender, until stop(). A host without any of the tools, or one that
/// cannot be asked, gets no file and one note; telemetry never fails the run.
class RunTelemetry : public QObject
{
    Q_OBJECT

public:
    /// `intervalMs` 0 follows TelemetrySchedule. The backends must outlive this object.
    RunTelemetry(CommandRunner runner, QString path, QList<LoadedBackend> backends, int intervalMs, QThreadPool *pool,
                 QObject *parent = nullptr);
    ~RunTelemetry() override;

    void start();
    /// Ends the sampler (its process group here, or the ssh session) and closes the file.
    void stop();

Q_SIGNALS:
    /// Where the telemetry is recorded, or why it is not: kept with the run (LaunchRecord::notes).
    void note(const QString &text);
    /// What the sampler says as it goes (started, restarted, a line it could not read).
    void samplerNote(const QString &text);

private:
    void startSampling(const DeviceBackend *backend);
    void append(const QList<TelemetrySample> &samples);

    CommandRunner m_runner;
    QString m_path;
    QList<LoadedBackend> m_backends;
    int m_intervalMs;
    QThreadPool *m_pool;
    TelemetryAppender m_appender;
    TelemetrySampler *m_sampler = nullptr;
    bool m_stopped = false;
};

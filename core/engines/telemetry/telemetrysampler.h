// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/exec/commandrunner.h"
#include "core/base/device/telemetrysample.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>

class DeviceBackend;
class QProcess;
class TelemetryReader;

/// One long-running sampler process on one host: the backend's telemetryCommand(), started on this
/// machine or over SSH through the CommandRunner (the same quoting as every probe), read line by
/// line by the backend's TelemetryReader as its output arrives. Samples are time-stamped on arrival.
///
/// It keeps going on its own: a tool that exits (or dies mid-line: the cut line is dropped and
/// reported) is started again after 1, 2, 4 … 30 s; one silent for stallTimeoutMs() is killed and
/// started again. Without a fixed interval it follows TelemetrySchedule (1 s at first, coarser
/// later), restarting the tool when the interval changes. Signals only: it never blocks the thread
/// it lives in (the GUI's, or the CLI's event loop).
class TelemetrySampler : public QObject
{
    Q_OBJECT

public:
    /// `intervalMs` 0 follows TelemetrySchedule; `host` names the samples (the ssh destination, or
    /// this machine's name).
    TelemetrySampler(CommandRunner runner, const DeviceBackend *backend, QString host, int intervalMs = 0,
                     QObject *parent = nullptr);
    ~TelemetrySampler() override;

    /// The name samples from this runner's host carry: the ssh destination, or this machine's name.
    static QString hostFor(const CommandRunner &runner);

    void start();
    void stop();

Q_SIGNALS:
    void samplesReady(const QString &host, const QList<TelemetrySample> &samples);
    /// Something a person should know (started, stalled, exited, a line that could not be read).
    void note(const QString &host, const QString &text);

private:
    void launch();
    void readOutput();
    void processEnded();
    void checkStall();
    void restartLater(const QString &why);
    void killProcess();

    CommandRunner m_runner;
    const DeviceBackend *m_backend;
    QString m_host;
    int m_fixedIntervalMs;
    int m_currentIntervalMs = 0;
    QProcess *m_process = nullptr;
    std::unique_ptr<TelemetryReader> m_reader;
    QByteArray m_pending; ///< the incomplete last line
    QByteArray m_errorTail; ///< the last bytes the tool wrote to stderr
    bool m_skippingLongLine = false;
    QElapsedTimer m_running; ///< since start()
    QElapsedTimer m_lastOutput;
    QTimer m_watchdog;
    QTimer m_restart;
    int m_backoffMs = 1000;
    bool m_stopping = false;
};

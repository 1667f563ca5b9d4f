// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/i18n/localizedtext.h"
#include "core/engines/parity/parityoptions.h"
#include "core/engines/parity/parityresult.h"
#include "core/workflows/reference/demoplan.h"

#include <QFuture>
#include <QObject>

#include <atomic>

class RunLoader;

/// The GUI's Run Demo: runs DemoRun (fp32 baseline, bf16 candidate, parity) on a worker thread,
/// opens each log in the Runs dock through RunLoader as soon as its first step is written (the
/// loader follows the growing file, so the charts are live), and reports the verdict.
class DemoController : public QObject
{
    Q_OBJECT

public:
    DemoController(RunLoader &loader, QObject *parent = nullptr);
    /// Cancels a running demo and waits for the current step to end.
    ~DemoController() override;

    bool isRunning() const { return m_running; }
    /// Starts a demo unless one is running; the plan's folder is created by the worker.
    void start(const DemoPlan &plan, const ParityOptions &options);
    /// Stops both trainings after their current step; the logs stay complete.
    void cancel();

Q_SIGNALS:
    void runningChanged(bool running);
    /// percent of all steps of both runs done, and a line saying where it is
    void progress(int percent, const QString &text);
    void message(const LocalizedText &text);
    /// Both runs finished and the logs were judged: the verdict, ParityText::summary() lines, and
    /// the baseline and candidate logs.
    void verdict(const ParityResult &result, const QStringList &summary, const QStringList &logs);
    /// The demo stopped (cancelled) or failed; text says which and why.
    void ended(const LocalizedText &text);

private:
    void setRunning(bool running);

    RunLoader &m_loader;
    QFuture<void> m_future;
    std::atomic_bool m_cancel{false};
    bool m_running = false;
};

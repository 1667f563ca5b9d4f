// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

#include "core/engines/parity/paritymonitor.h"

#include <QObject>

#include <functional>
#include <memory>
#include <vector>

class RunController;

/// `attach … --against BASELINE [--against MORE…] [--preset NAME] [--metric NAME] [--fail-fast]`:
/// judges the followed run against a baseline (more `--against` logs form its noise envelope) as
/// it grows, printing an alert the first time it leaves the tolerance, diverges, goes NaN/inf or
/// spikes (ParityMonitor). Kept apart from AttachCommand so the follow loop stays as it is.
class AttachParityWatch
{
public:
    static void addOptions(QCommandLineParser &parser);

    /// Reads the baselines; false with `error` set on bad options or logs. Not active without --against.
    bool prepare(const QCommandLineParser &parser, QString *error);
    bool active() const { return m_monitor != nullptr; }

    /// Watches the controller's appended points; `onFail` runs at the first FAIL with --fail-fast.
    void watch(QObject *receiver, const RunController &controller, CliContext &context, bool json,
               std::function<void()> onFail);

    /// The exit code after following: Failed when any FAIL alert was raised, else Ok.
    int exitCode() const;

private:
    std::vector<RunMetrics> m_baselines;
    std::unique_ptr<ParityMonitor> m_monitor;
    bool m_failFast = false;
};

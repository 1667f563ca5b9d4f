// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "launchrecord.h"

#include <QByteArray>
#include <QString>

/// One SLURM job's state as squeue, scontrol or sacct report it. Parsers are pure (bytes in).
struct SlurmJobState
{
    QString jobId;
    QString state; ///< SLURM's word: PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT, ...
    int exitCode = -1; ///< from "ExitCode=N:S" once the job ended
    int signal = 0;
    QString reason; ///< scontrol's Reason= (why pending, or the failure)
    /// The nodes the job runs on, in SLURM's hostlist form (`node[01-03],gpu7`); empty while
    /// pending, and from sacct. SlurmClient::hostnames() expands it.
    QString nodeList;
    QString error; ///< why the state is unknown

    explicit operator bool() const { return !state.isEmpty(); }
    bool isFinal() const;
    /// The workspace status for this state (CANCELLED → Stopped, PENDING → Pending, ...).
    LaunchRecord::Status runStatus() const;

    /// `scontrol show job ID` output.
    static SlurmJobState parseScontrol(const QByteArray &text);
    /// `sacct -n -X -P -o JobID,State,ExitCode -j ID` output (first line).
    static SlurmJobState parseSacct(const QByteArray &text);
    /// `squeue -h -o '%i|%T|%r|%N' -j ID` output (first line).
    static SlurmJobState parseSqueue(const QByteArray &text);
};

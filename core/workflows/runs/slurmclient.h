// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "slurmjobstate.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

class CommandRunner;

/// sbatch / squeue / scontrol / sacct / scancel through a CommandRunner: on this machine, or on a
/// login node over SSH (the same argv, quoted by the runner). PortBench stays a SLURM client; the
/// cluster schedules, torchrun rendezvous connects the nodes. Blocking: call from a worker thread
/// in the GUI.
class SlurmClient
{
public:
    explicit SlurmClient(const CommandRunner &runner);

    /// Submits the script text on sbatch's stdin (so it need not exist on the login node), with
    /// stdout+stderr to outputPath (absolute, or relative to workDir / the login directory).
    /// Returns the job id, or empty with error set.
    QString submit(const QByteArray &script, const QString &outputPath, const QString &jobName, const QString &workDir,
                   QString *error) const;
    /// squeue for queued/running jobs, then scontrol (recently finished), then sacct (accounting).
    SlurmJobState state(const QString &jobId) const;
    bool cancel(const QString &jobId, QString *error) const;
    /// The host names of a hostlist (SlurmJobState::nodeList): `a,b` split here, `node[01-03]`
    /// expanded by `scontrol show hostnames`. Empty with error set when that fails.
    QStringList hostnames(const QString &nodeList, QString *error) const;

private:
    const CommandRunner &m_runner;
};

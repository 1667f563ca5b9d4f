// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "launchrecord.h"

class CommandRunner;

/// Runs on an SSH host, through a CommandRunner (system ssh, BatchMode, every argument quoted):
/// start detached with the LaunchWrapper in a run folder under the login directory
/// (`.portbench/runs/<id>`: pid, output.log, exit_status), read the state back, stop by signalling
/// the process group. Blocking; the GUI calls these from a worker thread.
namespace RemoteLauncher {
/// The run folder on the host for a run id, relative to the login directory.
QString remoteDirFor(const QString &id);
/// Starts record.command on runner's host; fills remoteDir, sourceLog, pid, started, status.
bool start(const CommandRunner &runner, LaunchRecord &record, QString *error);
/// Reads exit_status / pid liveness; returns true when the record changed (ended or lost).
bool poll(const CommandRunner &runner, LaunchRecord &record, QString *error);
/// SIGTERM to the remote group, SIGKILL after graceMs; records the result.
bool stop(const CommandRunner &runner, LaunchRecord &record, int graceMs, QString *error);
}

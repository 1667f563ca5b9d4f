// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/runs/launchrecord.h"

#include <QCommandLineParser>
#include <QString>

#include <functional>

class CliContext;
class QObject;
class QTextStream;
class RunMetrics;
class RunController;

/// What the run/runs/stop/attach/submit subcommands share: the --workspace option (--ssh-config
/// is HostOptions'), how a run is printed, and Ctrl+C handling for the commands that wait.
namespace RunsCliSupport {
void addWorkspaceOption(QCommandLineParser &parser);
/// --workspace, else $PORTBENCH_WORKSPACE, else the GUI's setting, else the default folder.
QString workspaceRoot(const QCommandLineParser &parser);
/// What is wrong with a --backend value: empty when it is empty or a loaded backend's id.
QString backendProblem(const QString &id, CliContext &context);
/// One human-readable line: id, status, step, loss, tokens/s, name.
void printRun(QTextStream &out, const LaunchRecord &record);
/// A live progress line: "step 120  loss 2.504  tokens/s 1234".
QString summaryLine(const LaunchRecord &record);
/// One JSON Lines object per point of a chunk: {"step":N,"loss":...}.
QByteArray pointsAsJsonLines(const RunMetrics &chunk);
/// While receiver lives: prints a summary line (or JSON Lines with json) to out for each batch of
/// points, SSH connection changes to err, and each warning (a truncated log, a line over the line
/// limit) to err as "warning: ..." and, with json, as {"warning": "..."} on out.
void reportProgress(QObject *receiver, const RunController &controller, QTextStream &out, QTextStream &err, bool json);
/// The controller reads followed logs with the user's saved formats too (`parse --define-format`,
/// the GUI's Custom Log Format…), as the GUI does: plain `step N loss X` output gives points.
void useSavedFormats(RunController &controller);
/// Calls onInterrupt (in the event loop) on SIGINT/SIGTERM, once; a second Ctrl+C exits at once.
void onInterrupt(std::function<void()> onInterrupt);
/// Exit code for a run that ended: 0 finished with 0, 1 otherwise.
int exitCodeFor(const LaunchRecord &record);
}

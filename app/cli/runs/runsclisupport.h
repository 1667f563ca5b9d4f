#pragma once

#include "runs/runrecord.h"

#include <QCommandLineParser>
#include <QString>

class QTextStream;

/// What the run/runs/stop/attach/submit subcommands share: the --workspace option and how a run
/// is printed.
namespace RunsCliSupport {
void addWorkspaceOption(QCommandLineParser &parser);
/// --workspace, else $PORTBENCH_WORKSPACE, else the GUI's setting, else the default folder.
QString workspaceRoot(const QCommandLineParser &parser);
/// One human-readable line: id, status, step, loss, tokens/s, name.
void printRun(QTextStream &out, const RunRecord &record);
/// A live progress line for a parsed point: "step 120  loss 2.504  tokens/s 1234".
QString summaryLine(const RunRecord &record);
}

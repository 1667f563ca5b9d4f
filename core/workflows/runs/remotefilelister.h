// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "remotefileentry.h"

#include <QByteArray>
#include <QList>
#include <QString>

class CommandRunner;

/// Lists a folder on an SSH host (GNU find, NUL-separated, so any file name survives) for picking
/// a log to attach to. Blocking: call from a worker thread in the GUI.
namespace RemoteFileLister {
/// Sub-folders first, then files, newest first; with logsOnly only files that look like logs.
QList<RemoteFileEntry> list(const CommandRunner &runner, const QString &dir, bool logsOnly, QString *error);
/// Parses `find -printf '%y\t%s\t%T@\t%f\0'` output.
QList<RemoteFileEntry> parse(const QByteArray &output);
/// *.log, *.txt, *.out, *.err, *.jsonl, *.json, *.csv, or a name containing "log".
bool looksLikeLog(const QString &name);
}

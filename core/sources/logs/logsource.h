// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"

#include <QList>
#include <QString>

/// The one entry point from a path the user gives to Runs, for the CLI, the GUI's File > Open
/// and drag-and-drop alike:
/// - a text log → LogReader (format detection over the text formats);
/// - a TensorBoard event file, recognised by content (TFRecord framing), → EventFileReader;
/// - a folder holding event files → one Run (several files: a restarted run, merged);
/// - an MLflow run folder (`meta.yaml` + `metrics/`) → MlflowRunReader;
/// - any other folder → one Run per run folder found below it (event-file folders and MLflow
///   runs, a few levels deep), named by its path relative to the folder opened.
class LogSource
{
public:
    enum class Kind { Missing, TextLog, EventFile, EventRunFolder, MlflowRun, RunCollection, EmptyFolder };
    static Kind kind(const QString &path);
    /// Whether read() would find a run there: folders by their content, files by LogReader's
    /// detection on the first 64 KiB or the event framing.
    static bool canRead(const QString &path, const ParseOptions &options = {});
    /// Every run at path; each result carries its own error. An empty folder gives one result
    /// with an error naming it.
    static QList<ParseResult> read(const QString &path, const ParseOptions &options = {});

    /// How deep read() looks below a folder for run folders.
    static constexpr int maxDepth = 5;
};

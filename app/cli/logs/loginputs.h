// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"
#include "core/sources/logs/logreader.h"

#include <QString>
#include <QStringList>

#include <vector>

/// The logs a command was given, read the same way by `parse`, `parity`, `chart` and `report`:
/// each path through LogSource (a text log, an event file, a run folder, a folder of runs, an
/// MLflow run), with `--metric-map` applied, and every reader note printed to stderr.
class LogInputs
{
public:
    struct Input
    {
        QString path; ///< as given on the command line (a folder gives several inputs)
        ParseResult result;
    };

    /// Adds --metric-map OLD=NEW (repeatable).
    static void addOptions(QCommandLineParser &parser);
    /// Fills options.metricMap; returns the usage error, or an empty string.
    static QString readOptions(const QCommandLineParser &parser, ParseOptions &options);
    /// Reads every path. An unreadable one is reported as "portbench-cli COMMAND: error"; with
    /// stopOnError the reading stops there and false is returned, else it goes on (false at the end).
    static bool read(const QStringList &paths, const ParseOptions &options, const QString &command, CliContext &context,
                     std::vector<Input> &inputs, bool stopOnError = true);
    /// Whether `text` (an option's value, as `report --baseline` or `--telemetry LOG=` give it)
    /// names the input: its path as given, the same file, its file name or its run's name.
    static bool names(const Input &input, const QString &text);
};

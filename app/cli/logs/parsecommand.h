// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

class RunPointsWriter;
struct ParseOptions;
struct ParseResult;

/// `portbench-cli parse LOG...`: reads training logs through LogReader and prints a summary,
/// every point as JSON or CSV, and manages user-defined regex formats.
class ParseCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("parse"); }
    QString summary() const override;

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;

private:
    int manageFormats(const QCommandLineParser &parser, CliContext &context, bool &handled);
    /// Reads each log and prints it as the options ask, the JSON as items of the writer's list.
    int writeRuns(const QStringList &files, const ParseOptions &options, const QCommandLineParser &parser,
                  RunPointsWriter &writer, CliContext &context) const;
    void printSummary(const QString &file, const ParseResult &result, CliContext &context) const;
};

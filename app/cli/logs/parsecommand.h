// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

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
    void printSummary(const QString &file, const ParseResult &result, CliContext &context) const;
};

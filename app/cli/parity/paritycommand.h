// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonArray>

#include "clicommand.h"

struct ParityOptions;
struct ParityResult;

/// `portbench-cli parity BASELINE CANDIDATE... [--metric] [--preset] [--rel-tol] ... [--json]`:
/// does each candidate run train like the baseline? Exit 0 PASS (and WARN unless --fail-on-warn),
/// 1 FAIL, 2 usage or input error. See docs/parity.md.
class ParityCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("parity"); }
    QString summary() const override;
    bool listsPluginPresets() const override { return true; }

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;

private:
    /// Fills options from the command line; returns an error message, empty when fine.
    QString readOptions(const QCommandLineParser &parser, int candidates, ParityOptions &options) const;
    void printText(const ParityResult &result, const QJsonArray &inputs, CliContext &context) const;
};

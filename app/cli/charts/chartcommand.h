// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "clicommand.h"

#include <QCoreApplication>

/// `portbench-cli chart`: the Charts dock's data without a display — one metric of one or more
/// logs on a chosen x axis, aligned by step offsets and smoothed as in the GUI, written as CSV at
/// full resolution (the GUI's "Export data as CSV"), or summarised with --json.
class ChartCommand : public CliCommand
{
public:
    QString name() const override { return QStringLiteral("chart"); }
    QString summary() const override
    {
        return QCoreApplication::translate("ChartCommand",
                                           "Chart data of logs as full-resolution CSV (aligned, smoothed)");
    }

protected:
    void addOptions(QCommandLineParser &parser) override;
    int execute(const QCommandLineParser &parser, CliContext &context) override;
};

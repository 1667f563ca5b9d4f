// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "logs/loginputs.h"
#include "core/engines/telemetry/runtelemetrysummary.h"

#include <QCommandLineParser>
#include <QString>
#include <QVector>

#include <vector>

/// --telemetry LOG=FILE, declared once for `parity` and `report`: a telemetry file of the run LOG
/// names (its log as given, its file name or its run name; repeatable, several files a run). A run
/// given none gets the workspace's recordings beside its log (RunTelemetryLookup::besideLog). What the
/// files say goes into the "Devices" table beside the throughput (docs/telemetry.md).
namespace TelemetryFilesOption {
void add(QCommandLineParser &parser);
/// Per input of `inputs` up to `count` (the judged runs), its telemetry summary. False with the
/// usage error when a value is not LOG=FILE, names none of them or a file given cannot be read; a
/// workspace recording that cannot be read is a warning on stderr.
bool read(const QCommandLineParser &parser, const std::vector<LogInputs::Input> &inputs, size_t count,
          const QString &command, CliContext &context, QVector<RunTelemetrySummary> *summaries, QString *error);
} // namespace TelemetryFilesOption

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QStringList>

class CliContext;
class RunPointsWriter;

/// `portbench-cli parse` for telemetry files: a vendor tool's sampler output captured by hand or a
/// `monitor --out` recording (TelemetryCapture), shown with its per-device summary and flags.
namespace TelemetryParse {
/// Whether every file is telemetry (`anyIs` tells whether some are).
bool allAreTelemetry(const QStringList &files, CliContext &context, bool *anyIs);
/// Reads and prints them, the JSON as items of the writer's list; `json` with `columns` gives
/// every sample. Returns the exit code.
int run(const QStringList &files, bool json, bool columns, RunPointsWriter &writer, CliContext &context);
} // namespace TelemetryParse

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QCommandLineParser>
#include <QString>

class CliContext;
class RunController;

/// --no-telemetry and --telemetry-interval, declared once for `run`, `attach` and `submit`: while
/// the command follows a run, its device telemetry is recorded in the run's folder
/// (RunController::setTelemetry, docs/telemetry.md); the notes about it go to standard error.
namespace TelemetryOption {
void add(QCommandLineParser &parser);
/// Why the options cannot be used (an interval out of range); empty when fine.
QString validate(const QCommandLineParser &parser);
/// Turns the recording on for the controller (unless --no-telemetry) with every loaded backend,
/// and prints its notes and the sampler's to context.err() while the controller lives.
void apply(const QCommandLineParser &parser, CliContext &context, RunController &controller);
} // namespace TelemetryOption

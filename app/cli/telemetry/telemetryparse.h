#pragma once

#include <QList>
#include <QStringList>

class CliContext;
class DeviceBackend;

/// `portbench-cli parse` for telemetry files: a vendor tool's sampler output captured by hand or a
/// `monitor --out` recording (TelemetryCapture), shown with its per-device summary and flags.
namespace TelemetryParse {
/// The loaded backends, whose readers read vendor tools' captures.
QList<const DeviceBackend *> loadedBackends(CliContext &context);
/// Whether every file is telemetry (`anyIs` tells whether some are).
bool allAreTelemetry(const QStringList &files, CliContext &context, bool *anyIs);
/// Reads and prints them; `json` with `columns` gives every sample. Returns the exit code.
int run(const QStringList &files, bool json, bool columns, CliContext &context);
} // namespace TelemetryParse

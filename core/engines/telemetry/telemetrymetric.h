// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// The canonical telemetry metric names every backend's reader maps its tool's fields onto, so a
/// chart, a flag or a report never names a vendor's column. Which tool field feeds which name:
/// docs/telemetry.md.
namespace TelemetryMetric {
/// Compute utilisation, % (NVIDIA utilization.gpu, Ascend AI Core, Moore Threads %GPU).
inline const QString utilisation = QStringLiteral("util");
/// Memory activity or bandwidth use, % (NVIDIA utilization.memory, Ascend Memory BW).
inline const QString memoryActivity = QStringLiteral("mem_activity");
/// Device memory in use as a share of its size, %.
inline const QString memoryPercent = QStringLiteral("mem_percent");
inline const QString memoryUsedMiB = QStringLiteral("mem_used_mib");
inline const QString memoryTotalMiB = QStringLiteral("mem_total_mib");
inline const QString powerWatts = QStringLiteral("power_w");
inline const QString temperatureC = QStringLiteral("temp_c");
inline const QString clockMHz = QStringLiteral("clock_mhz");
/// 1 while the tool reports thermal or power throttling (clock slowdown), else 0.
inline const QString throttled = QStringLiteral("throttled");

/// Every canonical name, in display order.
QStringList all();
/// "%", "W", "°C", "MiB", "MHz" or empty.
QString unit(const QString &metric);
/// A name is safe as a column of the telemetry file: letters, digits and '_' only.
bool isValidName(const QString &metric);
} // namespace TelemetryMetric

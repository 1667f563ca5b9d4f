// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/config/trainingconfig.h"
#include "core/sources/env/envreport.h"
#include "core/base/model/runmetrics.h"
#include "core/engines/parity/parityresult.h"
#include "core/engines/telemetry/runtelemetrysummary.h"
#include "core/base/device/topology.h"

#include <QJsonObject>
#include <QVector>

#include <optional>

/// What a report is built from. Runs are borrowed (the CLI's parsed logs, the GUI's LoadedRunsModel);
/// everything else is optional and its section is left out when absent.
struct ReportInput
{
    QVector<const RunMetrics *> runs;
    QVector<qint64> stepOffsets; ///< per run, added to its steps (the Runs dock's offsets); absent = 0
    QVector<quint32> colors; ///< per run, 0xAARRGGBB as on the Charts dock; absent = palette by position
    int baseline = -1; ///< index into runs of the parity baseline; -1 = no parity
    QVector<int> envelope; ///< indices into runs of further baselines (the parity noise envelope), not candidates
    /// Per run, what its devices did (RunTelemetryLookup); absent or empty = none. The comparison the
    /// report makes carries them into its "Devices" table.
    QVector<RunTelemetrySummary> telemetry;
    /// Two `env --json` documents, the baseline's machine and the candidate's, shown side by side.
    QJsonObject baselineEnvJson, candidateEnvJson;
    /// A comparison of these runs already made and on screen (the GUI's Parity panel, with the facts
    /// its neighbour files gave): the report shows it as is instead of comparing again, so its
    /// verdict, reasons and fairness checklist are the panel's.
    std::optional<ParityResult> parity;
    std::optional<EnvReport> environment;
    std::optional<Topology> topology;
    std::optional<TrainingConfig> config;
    QString configPath;
    QJsonObject portReport; ///< PortReport::toJson; empty = none
    QJsonObject tensorsReport; ///< TensorDumpReport::toJson; empty = none

    qint64 stepOffset(int run) const { return run < stepOffsets.size() ? stepOffsets.at(run) : 0; }
    RunTelemetrySummary telemetryOf(int run) const
    {
        return run < telemetry.size() ? telemetry.at(run) : RunTelemetrySummary();
    }
    quint32 color(int run) const;
};

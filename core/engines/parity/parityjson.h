// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityresult.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <QTextStream>

/// The JSON form of a ParityResult, as `portbench-cli parity --json` prints it and reports embed
/// it (docs/parity.md lists every key). NaN and ±inf, which JSON cannot hold, are written as the
/// strings "NaN", "Infinity", "-Infinity" (NumberText::json); an absent step (no divergence, ...) as null.
class ParityJson
{
public:
    static constexpr int formatVersion = 1;

    /// withTable: include each candidate's aligned per-step table ("table").
    static QJsonObject toJson(const ParityResult &result, bool withTable = true);
    static QJsonObject optionsToJson(const ParityOptions &options);
    /// ParityCriteria in English: {"definitions": [text], "rules": [{code, level, metric, text}]}.
    static QJsonObject criteriaToJson(const ParityOptions &options);
    static QJsonObject candidateToJson(const ParityResult::Candidate &candidate, bool withTable);
    /// Per run (the baseline, then each candidate) its telemetry summary, with the candidates'
    /// throughput ratio: the rows of ParityDevicesModel. Null when no run has telemetry.
    static QJsonValue telemetryToJson(const ParityResult &result);
    static QJsonObject telemetrySummaryToJson(const RunTelemetrySummary &summary);

    /// Writes the same document as toJson() plus `extra` top-level keys, streaming each aligned
    /// table row as it goes instead of building the whole table in memory (2 M rows as QJsonObjects
    /// would take gigabytes). Keys come in the order toJson() sorts them, "candidates" last.
    static void write(QTextStream &out, const ParityResult &result, bool withTable, const QJsonObject &extra = {});
    /// One row of a candidate's aligned table.
    static QJsonObject rowToJson(const ParityResult::Candidate &candidate, size_t row);

    static QJsonValue step(qint64 step); ///< null for -1
    /// A table row's flags by name: interpolated, warmup, beyond, baselineNonFinite, candidateNonFinite.
    static QStringList flagNames(quint8 flags);
};

#pragma once

#include "parityresult.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

/// The JSON form of a ParityResult, as `portbench-cli parity --json` prints it and reports embed
/// it (docs/parity.md lists every key). NaN and ±inf, which JSON cannot hold, are written as the
/// strings "NaN", "Infinity", "-Infinity"; an absent step (no divergence, ...) as null.
class ParityJson
{
public:
    static constexpr int formatVersion = 1;

    /// withTable: include each candidate's aligned per-step table ("table").
    static QJsonObject toJson(const ParityResult &result, bool withTable = true);
    static QJsonObject optionsToJson(const ParityOptions &options);
    static QJsonObject candidateToJson(const ParityResult::Candidate &candidate, bool withTable);

    static QJsonValue number(double value);
    static QJsonValue step(qint64 step); ///< null for -1
    /// A table row's flags by name: interpolated, warmup, beyond, baselineNonFinite, candidateNonFinite.
    static QStringList flagNames(quint8 flags);
};

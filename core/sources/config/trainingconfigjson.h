// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "configparseresult.h"

#include <QByteArray>
#include <QJsonObject>

/// The PortBench TrainingConfig file: versioned JSON (`"version": 1`). Reading checks every field's
/// type and enumerated values and names the field (`strategy.zero.stage`) in its error; a file
/// written by a newer PortBench is refused rather than half-read.
class TrainingConfigJson
{
public:
    static QJsonObject toJson(const TrainingConfig &config);
    static QByteArray write(const TrainingConfig &config);
    static ConfigParseResult fromJson(const QJsonObject &root);
    static ConfigParseResult read(const QByteArray &bytes);
    /// True when the bytes look like a TrainingConfig (a JSON object with "version" and "launch").
    static bool sniff(const QByteArray &bytes);
    static bool equal(const TrainingConfig &a, const TrainingConfig &b) { return toJson(a) == toJson(b); }
};

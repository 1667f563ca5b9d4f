// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "parityoptions.h"

#include <QJsonObject>
#include <QString>

#include <optional>

/// One named set of parity criteria and the published source it comes from. Core has the
/// vendor-neutral ones (ParityPresets); a backend plugin brings its vendor's as data, the entries
/// of its profile's "parityPresets" (docs/parity.md, "Presets a plugin brings").
struct ParityPreset
{
    QString name;
    /// One line naming the source, for --help, the text output, the JSON, reports and the GUI.
    QString source;
    /// The criteria, `preset` set to the name.
    ParityOptions options;

    /// Reads one "parityPresets" entry: `name`, `source` and the ParityOptions criteria fields it
    /// changes from their defaults, under the names the parity JSON gives them (relTol, absTol,
    /// minWithinShare, meanRelLimit, meanAbsLimit, meanEitherLimit, firstStepAbsLimit,
    /// firstStepRelLimit, gradNormMeanRelLimit, divergenceFails, minJudgedSteps, skipWarmup).
    /// Nothing, with the reason in `error`, for a missing name or source, an unknown field (a
    /// misspelt limit must not leave the default in force) or a value of the wrong type or sign.
    static std::optional<ParityPreset> fromJson(const QJsonObject &json, QString *error);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "trainingconfig.h"

#include <QString>
#include <QStringList>

/// What every config reader returns: the config, or an error naming the file position or field.
/// `notes` lists what was read but not modelled (kept for the round trip) or guessed.
struct ConfigParseResult
{
    TrainingConfig config;
    QString error;
    QStringList notes;

    explicit operator bool() const { return error.isEmpty(); }
};

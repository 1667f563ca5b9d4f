// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QList>
#include <QString>

struct TrainingConfig;

/// Dimensions of well-known checkpoints (from their published config.json), so a pasted launch
/// line naming `Qwen1.5-7B-Chat` gets a memory estimate without typing the architecture in.
struct ModelPreset
{
    QString name;
    qint64 parameters = 0;
    int layers = 0;
    int hiddenSize = 0;
    int heads = 0;
    int vocabSize = 0;

    static QList<ModelPreset> all();
    /// The preset whose name appears in `pathOrName` (case, '-', '_', '.' ignored); nullptr if none.
    static const ModelPreset *match(const QString &pathOrName);
    /// Fills the model dimensions that are still 0; returns the preset name used, or empty.
    static QString fill(TrainingConfig &config);
};

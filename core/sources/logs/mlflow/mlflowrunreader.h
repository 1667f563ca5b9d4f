// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/logs/logreader.h"

#include <QString>

/// Reads one run of MLflow's file store (`mlruns/<experiment>/<run>/`) into a Run:
/// - `metrics/<key>`: one line per logged value, `timestamp_ms value step` (older stores omit
///   the step: the line number counts instead, and a note says so); keys with '/' are folders;
/// - `params/<key>`, `tags/<key>`: one value per file, kept in RunMetrics::meta (params win), so the
///   parity fairness checklist finds seed, batch size, learning rate, ... as it does in log headers;
/// - `meta.yaml`: the run's name (else the `mlflow.runName` tag, else the folder).
/// Points are the steps any metric logged, in step order; a value logged twice for one step keeps
/// the later line and is counted in the notes. Keys map to metric names like log keys (MetricMap).
class MlflowRunReader
{
public:
    static inline const QString formatName = QStringLiteral("mlflow");

    /// A folder with `meta.yaml` and a `metrics/` folder.
    static bool isRunDirectory(const QString &path);
    static ParseResult readRun(const QString &directory, const ParseOptions &options = {});
};

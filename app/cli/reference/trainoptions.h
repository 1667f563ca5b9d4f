// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/workflows/reference/trainconfig.h"

#include <QCommandLineParser>

/// The reference-run options shared by `train` and `demo` (model shape, schedule, seed, threads).
namespace TrainOptions {
/// Adds the options; defaults shown in --help come from `defaults`.
void add(QCommandLineParser &parser, const TrainConfig &defaults, bool withPrecision);
/// Reads them over `defaults`; returns an error naming the option, or empty.
QString read(const QCommandLineParser &parser, TrainConfig &config, bool withPrecision);
}

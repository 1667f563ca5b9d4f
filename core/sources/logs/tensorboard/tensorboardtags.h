// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/model/metricmap.h"

#include <QString>

/// How TensorBoard scalar tags become PortBench metric names (documented in docs/logs.md):
/// the user's --metric-map first, then the tags that writers spell their own way (HF Trainer
/// `train/epoch`, torchtitan `loss_metrics/global_avg_loss` and `throughput(tps)`, Lightning's
/// `lr-<Optimizer>`, Megatron/MindSpeed `throughput` = TFLOP/s per device, `batch-size`), then
/// MetricNames::canonicalName (`train/loss`, `lm loss`, `grad-norm`, `learning-rate`, ...).
/// A tag with no canonical meaning keeps its own (normalised) name.
namespace TensorBoardTags {
QString metricName(const QString &tag, const MetricMap &userMap);
/// Megatron's "<metric> vs samples" / "vs tokens" copies use another quantity as their step;
/// merged with the iteration axis they would scramble the run, so they are left out (and said so).
bool isOtherAxis(const QString &tag);
}

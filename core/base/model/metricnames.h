// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// Canonical metric names. Every parser maps its log's keys onto these, so charts, parity and
/// reports can ask for "loss" whatever trainer wrote it. A key with no canonical meaning keeps its
/// own name (lower-case, spaces → '_'), e.g. MoE "load_balancing_loss" or DPO "rewards/accuracies".
namespace MetricNames {
inline const QString loss = QStringLiteral("loss"); ///< training loss as the trainer reports it
inline const QString lmLoss = QStringLiteral("lm_loss"); ///< Megatron/MindSpeed language-model loss
inline const QString gradNorm = QStringLiteral("grad_norm");
inline const QString learningRate = QStringLiteral("learning_rate");
inline const QString tokensPerSecond = QStringLiteral("tokens_per_s"); ///< whole job
inline const QString tokensPerSecondPerDevice = QStringLiteral("tokens_per_s_per_device");
inline const QString samplesPerSecond = QStringLiteral("samples_per_s");
inline const QString tflopsPerDevice = QStringLiteral("tflops_per_device");
inline const QString mfu = QStringLiteral("mfu"); ///< model FLOPs utilisation, 0..1 or % as logged
inline const QString lossScale = QStringLiteral("loss_scale");
inline const QString skippedIterations = QStringLiteral("skipped_iterations");
inline const QString nanIterations = QStringLiteral("nan_iterations");
inline const QString epoch = QStringLiteral("epoch");
inline const QString elapsedMs = QStringLiteral("elapsed_ms"); ///< time per iteration
inline const QString memoryGb = QStringLiteral("memory_gb");
inline const QString evalLoss = QStringLiteral("eval_loss");
inline const QString consumedSamples = QStringLiteral("consumed_samples");
inline const QString consumedTokens = QStringLiteral("consumed_tokens");
inline const QString globalBatchSize = QStringLiteral("global_batch_size");

/// All canonical names above, in display order.
QStringList canonical();
/// The metric a "loss" question means for this run: lm_loss when present, else loss.
QString primaryLoss(const QStringList &available);
/// Normalises a free-form key ("Lm Loss", "core attn ratio (%)") to the name a column gets:
/// lower case, runs of spaces and punctuation as one '_', '%' as "pct"; '/' and '.' are kept.
QString normalise(const QString &key);
/// The canonical name for a key as trainers spell it ("lr", "train/loss", "tokens/s",
/// "val_loss", "train_tokens_throughput"), else normalise(key). Parsers use it for every key
/// that has no format-specific meaning.
QString canonicalName(const QString &key);
/// True for the names trainers give the step in structured logs (JSON keys, CSV columns):
/// step, global_step, iteration, iter, _step, train/global_step, trainer/global_step, ...
bool isStepName(const QString &key);
/// A key that names the step and its end at once, its value a counter N/M: ms-swift's
/// 'global_step/max_steps': '78/176'.
bool isStepCounterName(const QString &key);
/// What a key means to a reader that knows no trainer: the one vocabulary of steps, epochs,
/// training losses ("loss", "lm loss", "train/loss", "reduced_train_loss", "trl",
/// "train/CrossEntropyLoss", "loss train"), evaluation losses ("val_loss", "val/loss", "tel") and
/// end-of-run summaries ("avg loss"). Everything else is a metric of its own name.
enum class Role { Other, Step, Epoch, Loss, EvalLoss, Summary };
Role role(const QString &key);
/// Canonical name, one line on its meaning and unit, for documentation and tooltips.
QString describe(const QString &name);
}

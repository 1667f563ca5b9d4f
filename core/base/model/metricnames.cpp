// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "metricnames.h"

#include <QHash>

namespace MetricNames {

QStringList canonical()
{
    return {loss,
            lmLoss,
            gradNorm,
            learningRate,
            tokensPerSecond,
            tokensPerSecondPerDevice,
            samplesPerSecond,
            tflopsPerDevice,
            mfu,
            lossScale,
            skippedIterations,
            nanIterations,
            epoch,
            elapsedMs,
            memoryGb,
            evalLoss,
            consumedSamples,
            consumedTokens,
            globalBatchSize};
}

QString primaryLoss(const QStringList &available)
{
    if (available.contains(lmLoss))
        return lmLoss;
    if (available.contains(loss))
        return loss;
    return {};
}

QString normalise(const QString &key)
{
    QString out;
    out.reserve(key.size() + 4);
    bool separate = false;
    auto put = [&](const QString &text) {
        if (separate && !out.isEmpty())
            out += u'_';
        separate = false;
        out += text;
    };
    for (const QChar ch : key) {
        if (ch == u'%') {
            separate = true;
            put(QStringLiteral("pct"));
        } else if (ch.isLetterOrNumber() || ch == u'/' || ch == u'.' || ch == u'_') {
            put(QString(ch.toLower()));
        } else {
            separate = true;
        }
    }
    return out;
}

QString canonicalName(const QString &key)
{
    static const QHash<QString, QString> aliases = [] {
        QHash<QString, QString> a;
        auto alias = [&a](const QString &canonicalName, std::initializer_list<const char *> spellings) {
            a.insert(canonicalName, canonicalName);
            for (const char *s : spellings)
                a.insert(QString::fromLatin1(s), canonicalName);
        };
        alias(loss,
              {"train_loss", "train/loss", "training_loss", "loss/train", "train_loss_step", "train/loss_step",
               "loss_step", "train/train_loss", "trl", "reduced_train_loss", "train/crossentropyloss", "loss_train",
               "train/lm_loss", "train/ce_loss",
               // OpenRLHF SFT, VeOmni, XTuner v1, the policy loss of verl / MindSpeed-RL PPO and GRPO
               "gpt_loss", "total_loss", "reduced_llm_loss", "actor/pg_loss"});
        alias(lmLoss, {"lm_loss", "lm/loss"});
        alias(gradNorm, {"grad_norm", "gradient_norm", "train/grad_norm", "grad-norm", "gnorm", "total_norm"});
        alias(learningRate, {"lr", "learning_rate", "train/learning_rate", "train/lr", "learning-rate"});
        alias(tokensPerSecond,
              {"tokens/s", "tokens/sec", "tokens_per_sec", "tokens_per_second", "tok/s", "throughput_tokens/s",
               "train_tokens_throughput", "tokens_s", "tokens/second"});
        alias(tokensPerSecondPerDevice,
              {"tokens/s/gpu", "tokens/s/npu", "tokens/s/device", "tps", "tokens_per_sec_per_gpu",
               "tokens_per_second_per_device", "tokens/s/card", "tgs", "tgs_tokens/gpu/second"});
        alias(samplesPerSecond,
              {"samples/s", "samples/sec", "samples_per_sec", "samples_per_second", "train_samples_per_second"});
        alias(tflopsPerDevice, {"tflops", "tflop/s/gpu", "tflops_per_gpu", "tflops/gpu"});
        alias(mfu, {"mfu_pct", "model_flops_utilization"});
        alias(lossScale, {"loss_scale", "scaler", "loss-scale"});
        alias(skippedIterations, {"skipped", "skipped_iters"});
        alias(nanIterations, {"nan_iters"});
        alias(epoch, {"epochs"});
        alias(elapsedMs, {"iteration_time_ms", "step_time_ms", "time_ms"});
        alias(memoryGb, {"memory", "mem_gb", "max_memory_allocated_gb", "memory_gib"});
        alias(evalLoss,
              {"val_loss", "validation_loss", "eval/loss", "valid_loss", "val/loss", "test_loss", "tel",
               "val/crossentropyloss", "eval/crossentropyloss", "validation/loss", "valid/loss", "val/lm_loss"});
        alias(consumedSamples, {"consumed_samples"});
        alias(consumedTokens, {"consumed_tokens", "total_tokens", "num_input_tokens_seen", "tokens_seen"});
        alias(globalBatchSize, {"global_batch_size", "gbs"});
        return a;
    }();
    const QString n = normalise(key);
    return aliases.value(n, n);
}

bool isStepName(const QString &key)
{
    static const QStringList names = {
        QStringLiteral("step"),
        QStringLiteral("steps"),
        QStringLiteral("global_step"),
        QStringLiteral("global_steps"),
        QStringLiteral("iteration"),
        QStringLiteral("iter"),
        QStringLiteral("_step"),
        QStringLiteral("train/global_step"),
        QStringLiteral("trainer/global_step"),
        QStringLiteral("train/step"),
        QStringLiteral("current_step"),
        QStringLiteral("current_steps"),
        QStringLiteral("num_steps"),
        QStringLiteral("optimizer_step"),
        QStringLiteral("it"),
        QStringLiteral("update_step"),
        QStringLiteral("num_updates"), // fairseq
    };
    return names.contains(key);
}

bool isStepCounterName(const QString &key)
{
    const QString n = normalise(key);
    const qsizetype slash = n.indexOf(u'/');
    return slash > 0 && isStepName(n.first(slash)) && n.sliced(slash + 1).contains(QLatin1String("step"));
}

Role role(const QString &key)
{
    const QString n = normalise(key);
    static const QStringList steps
        = {QStringLiteral("s"),          QStringLiteral("iter_train"), QStringLiteral("iteration_train"),
           QStringLiteral("step_train"), QStringLiteral("train_step"), QStringLiteral("global_step_train")};
    if (isStepName(n) || steps.contains(n) || isStepCounterName(n))
        return Role::Step;
    static const QStringList epochs = {epoch,
                                       QStringLiteral("epochs"),
                                       QStringLiteral("ep"),
                                       QStringLiteral("epoch_train"),
                                       QStringLiteral("training_epoch"),
                                       QStringLiteral("train_epoch")};
    if (epochs.contains(n))
        return Role::Epoch;
    static const QStringList summaries
        = {QStringLiteral("avg_loss"),      QStringLiteral("average_loss"),    QStringLiteral("mean_loss"),
           QStringLiteral("final_loss"),    QStringLiteral("train_loss_mean"), QStringLiteral("epoch_loss"),
           QStringLiteral("train_runtime"), QStringLiteral("total_flos")};
    if (summaries.contains(n))
        return Role::Summary;
    const QString c = canonicalName(n);
    if (c == loss || c == lmLoss)
        return Role::Loss;
    if (c == evalLoss)
        return Role::EvalLoss;
    return Role::Other;
}

QString describe(const QString &name)
{
    static const QHash<QString, QString> text = {
        {loss, QStringLiteral("training loss as the trainer reports it")},
        {lmLoss, QStringLiteral("language-model loss (Megatron, MindSpeed, ModelLink)")},
        {gradNorm, QStringLiteral("global gradient norm before clipping")},
        {learningRate, QStringLiteral("learning rate (first parameter group)")},
        {tokensPerSecond, QStringLiteral("tokens per second for the whole job")},
        {tokensPerSecondPerDevice, QStringLiteral("tokens per second per device")},
        {samplesPerSecond, QStringLiteral("samples per second for the whole job")},
        {tflopsPerDevice, QStringLiteral("achieved TFLOP/s per device")},
        {mfu, QStringLiteral("model FLOPs utilisation, as logged (fraction or percent)")},
        {lossScale, QStringLiteral("mixed-precision loss scale")},
        {skippedIterations, QStringLiteral("iterations skipped (overflow), as counted by the trainer")},
        {nanIterations, QStringLiteral("iterations with a NaN loss")},
        {epoch, QStringLiteral("epoch, fractional where the trainer logs it so")},
        {elapsedMs, QStringLiteral("wall time per iteration in milliseconds")},
        {memoryGb, QStringLiteral("peak device memory in GB (GiB where the trainer logs GiB)")},
        {evalLoss, QStringLiteral("validation / evaluation loss")},
        {consumedSamples, QStringLiteral("samples consumed since the start")},
        {consumedTokens, QStringLiteral("tokens consumed since the start")},
        {globalBatchSize, QStringLiteral("global batch size in samples")},
    };
    return text.value(name);
}

} // namespace MetricNames

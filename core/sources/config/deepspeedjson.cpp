// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "deepspeedjson.h"

#include "core/base/io/jsoninput.h"

#include "jsonfieldreader.h"
#include "jsontree.h"

#include <QJsonDocument>

namespace {

/// Without the HF Trainer nobody resolves "auto": DeepSpeed's own defaults are written instead.
QJsonValue resolved(const QJsonValue &v, bool hfAuto, const QJsonValue &deepspeedDefault)
{
    if (v == JsonFieldReader::autoValue() && !hfAuto)
        return deepspeedDefault;
    return v;
}

QString optimizerType(const QString &o)
{
    if (o == QLatin1String("adamw"))
        return QStringLiteral("AdamW");
    if (o == QLatin1String("adam"))
        return QStringLiteral("Adam");
    if (o == QLatin1String("sgd"))
        return QStringLiteral("SGD");
    return QStringLiteral("Adafactor");
}

/// true/false, or "auto" (leaves `out` alone: the Trainer arguments decide).
void readEnabled(JsonFieldReader &r, const QJsonObject &o, const QString &prefix, bool &out)
{
    const QJsonValue v = o.value(QStringLiteral("enabled"));
    if (v.isBool())
        out = v.toBool();
    else if (!v.isUndefined() && v != JsonFieldReader::autoValue())
        r.fail(JsonFieldReader::path(prefix, "enabled"), QStringLiteral("true, false or \"auto\""));
}

void readOffload(JsonFieldReader &r, const QJsonObject &zero, const char *key, QString &device, bool &pin,
                 QString &nvmePath)
{
    const QString prefix = JsonFieldReader::path(QStringLiteral("zero_optimization"), key);
    const QJsonObject o = r.object(zero, QStringLiteral("zero_optimization"), key);
    device = QStringLiteral("none");
    r.get(o, prefix, "device", device, {QStringLiteral("cpu"), QStringLiteral("nvme"), QStringLiteral("none")});
    r.get(o, prefix, "pin_memory", pin);
    r.get(o, prefix, "nvme_path", nvmePath);
}

} // namespace

QJsonObject DeepSpeedJson::modelled(const TrainingConfig &c)
{
    const ZeroSettings &z = c.zero;
    const bool hf = z.hfAuto;
    auto A = [hf](const QJsonValue &v) { return hf ? JsonFieldReader::autoValue() : v; };
    QJsonObject root;
    root[QStringLiteral("train_batch_size")] = A(c.effectiveGlobalBatch());
    root[QStringLiteral("train_micro_batch_size_per_gpu")] = A(c.microBatch);
    root[QStringLiteral("gradient_accumulation_steps")] = A(c.gradAccum);
    root[QStringLiteral("gradient_clipping")] = A(c.gradientClipping);
    if (hf || c.fp16) {
        root[QStringLiteral("fp16")] = QJsonObject{{QStringLiteral("enabled"), A(c.fp16)},
                                                   {QStringLiteral("loss_scale"), c.lossScale},
                                                   {QStringLiteral("loss_scale_window"), c.lossScaleWindow},
                                                   {QStringLiteral("initial_scale_power"), c.initialScalePower},
                                                   {QStringLiteral("hysteresis"), c.hysteresis},
                                                   {QStringLiteral("min_loss_scale"), c.minLossScale}};
    }
    if (hf || c.bf16)
        root[QStringLiteral("bf16")] = QJsonObject{{QStringLiteral("enabled"), A(c.bf16)}};
    if (hf || c.learningRate > 0) {
        root[QStringLiteral("optimizer")]
            = QJsonObject{{QStringLiteral("type"), optimizerType(c.optimizer)},
                          {QStringLiteral("params"),
                           QJsonObject{{QStringLiteral("lr"), A(c.learningRate)},
                                       {QStringLiteral("weight_decay"), A(c.weightDecay)}}}};
    }
    QJsonObject zero{{QStringLiteral("stage"), z.stage}};
    if (z.stage > 0) {
        auto offload = [&z](const QString &device) {
            QJsonObject o{{QStringLiteral("device"), device}, {QStringLiteral("pin_memory"), z.pinMemory}};
            if (device == QLatin1String("nvme"))
                o[QStringLiteral("nvme_path")] = z.nvmePath;
            return o;
        };
        if (z.offloadOptimizer != QLatin1String("none"))
            zero[QStringLiteral("offload_optimizer")] = offload(z.offloadOptimizer);
        if (z.stage == 3 && z.offloadParam != QLatin1String("none"))
            zero[QStringLiteral("offload_param")] = offload(z.offloadParam);
        zero[QStringLiteral("overlap_comm")] = z.overlapComm;
        zero[QStringLiteral("contiguous_gradients")] = z.contiguousGradients;
        zero[QStringLiteral("reduce_bucket_size")] = resolved(z.reduceBucketSize, hf, 5e8);
        if (z.stage < 3) {
            zero[QStringLiteral("allgather_bucket_size")] = resolved(z.allgatherBucketSize, hf, 5e8);
        } else {
            zero[QStringLiteral("sub_group_size")] = resolved(z.subGroupSize, hf, 1e9);
            zero[QStringLiteral("stage3_prefetch_bucket_size")] = resolved(z.prefetchBucketSize, hf, 5e7);
            zero[QStringLiteral("stage3_param_persistence_threshold")] = resolved(z.paramPersistenceThreshold, hf, 1e5);
            zero[QStringLiteral("stage3_max_live_parameters")] = resolved(z.maxLiveParameters, hf, 1e9);
            zero[QStringLiteral("stage3_max_reuse_distance")] = resolved(z.maxReuseDistance, hf, 1e9);
            zero[QStringLiteral("stage3_gather_16bit_weights_on_model_save")]
                = resolved(z.gather16bitWeightsOnModelSave, hf, true);
        }
    }
    root[QStringLiteral("zero_optimization")] = zero;
    return root;
}

QJsonObject DeepSpeedJson::emit(const TrainingConfig &config)
{
    return JsonTree::merge(config.deepspeedExtra, modelled(config));
}

QByteArray DeepSpeedJson::write(const TrainingConfig &config)
{
    return QJsonDocument(emit(config)).toJson(QJsonDocument::Indented);
}

ConfigParseResult DeepSpeedJson::import(const QByteArray &bytes, const TrainingConfig &base)
{
    ConfigParseResult result;
    result.config = base;
    QString error;
    const QJsonDocument doc = JsonInput::parse(bytes, &error);
    if (!error.isEmpty() || !doc.isObject()) {
        result.error = !error.isEmpty() ? error : QStringLiteral("expected a JSON object");
        return result;
    }
    const QJsonObject root = doc.object();
    TrainingConfig &c = result.config;
    ZeroSettings &z = c.zero;
    JsonFieldReader r;
    z.enabled = true;
    z.hfAuto = false;
    for (const char *key : {"train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps"}) {
        if (root.value(QLatin1String(key)) == JsonFieldReader::autoValue())
            z.hfAuto = true;
    }
    r.getUnlessAuto(root, {}, "train_batch_size", c.globalBatch);
    r.getUnlessAuto(root, {}, "train_micro_batch_size_per_gpu", c.microBatch);
    int accum = 0;
    if (r.getUnlessAuto(root, {}, "gradient_accumulation_steps", accum) && !z.hfAuto)
        c.gradAccum = accum;
    r.getUnlessAuto(root, {}, "gradient_clipping", c.gradientClipping);

    const QJsonObject fp16 = root.value(QStringLiteral("fp16")).toObject();
    readEnabled(r, fp16, QStringLiteral("fp16"), c.fp16);
    r.getUnlessAuto(fp16, QStringLiteral("fp16"), "loss_scale", c.lossScale);
    r.getUnlessAuto(fp16, QStringLiteral("fp16"), "loss_scale_window", c.lossScaleWindow);
    r.getUnlessAuto(fp16, QStringLiteral("fp16"), "initial_scale_power", c.initialScalePower);
    r.getUnlessAuto(fp16, QStringLiteral("fp16"), "hysteresis", c.hysteresis);
    r.getUnlessAuto(fp16, QStringLiteral("fp16"), "min_loss_scale", c.minLossScale);
    const QJsonObject bf16
        = root.value(root.contains(QStringLiteral("bf16")) ? QStringLiteral("bf16") : QStringLiteral("bfloat16"))
              .toObject();
    readEnabled(r, bf16, QStringLiteral("bf16"), c.bf16);

    const QJsonObject optimizer = root.value(QStringLiteral("optimizer")).toObject();
    if (optimizer.contains(QStringLiteral("type"))) {
        const QString type = optimizer.value(QStringLiteral("type")).toString().toLower();
        c.optimizer = type.contains(QLatin1String("adamw")) ? QStringLiteral("adamw")
            : type.contains(QLatin1String("adam"))          ? QStringLiteral("adam")
            : type == QLatin1String("sgd")                  ? QStringLiteral("sgd")
                                                            : QStringLiteral("adafactor");
    }
    const QJsonObject params = optimizer.value(QStringLiteral("params")).toObject();
    r.getUnlessAuto(params, QStringLiteral("optimizer.params"), "lr", c.learningRate);
    r.getUnlessAuto(params, QStringLiteral("optimizer.params"), "weight_decay", c.weightDecay);

    const QJsonObject zero = r.object(root, {}, "zero_optimization");
    const QString zp = QStringLiteral("zero_optimization");
    if (r.getUnlessAuto(zero, zp, "stage", z.stage)) {
        if (z.stage < 0 || z.stage > 3)
            r.fail(QStringLiteral("zero_optimization.stage"), QStringLiteral("0, 1, 2 or 3"));
    } else {
        z.stage = 0;
    }
    readOffload(r, zero, "offload_optimizer", z.offloadOptimizer, z.pinMemory, z.nvmePath);
    readOffload(r, zero, "offload_param", z.offloadParam, z.pinMemory, z.nvmePath);
    r.get(zero, zp, "overlap_comm", z.overlapComm);
    r.get(zero, zp, "contiguous_gradients", z.contiguousGradients);
    r.getAuto(zero, zp, "reduce_bucket_size", z.reduceBucketSize);
    r.getAuto(zero, zp, "allgather_bucket_size", z.allgatherBucketSize);
    r.getAuto(zero, zp, "sub_group_size", z.subGroupSize);
    r.getAuto(zero, zp, "stage3_prefetch_bucket_size", z.prefetchBucketSize);
    r.getAuto(zero, zp, "stage3_param_persistence_threshold", z.paramPersistenceThreshold);
    r.getAuto(zero, zp, "stage3_max_live_parameters", z.maxLiveParameters);
    r.getAuto(zero, zp, "stage3_max_reuse_distance", z.maxReuseDistance);
    r.getAuto(zero, zp, "stage3_gather_16bit_weights_on_model_save", z.gather16bitWeightsOnModelSave);
    if (!r.error.isEmpty()) {
        result.error = r.error;
        return result;
    }
    c.deepspeedExtra = JsonTree::subtract(root, modelled(c));
    const QStringList kept = JsonTree::leafPaths(c.deepspeedExtra);
    if (!kept.isEmpty())
        result.notes << QStringLiteral("kept verbatim (not modelled): %1").arg(kept.join(QStringLiteral(", ")));
    return result;
}

bool DeepSpeedJson::sniff(const QByteArray &bytes)
{
    const QJsonObject o = JsonInput::parse(bytes).object();
    return o.contains(QStringLiteral("zero_optimization")) || o.contains(QStringLiteral("train_batch_size"))
        || o.contains(QStringLiteral("train_micro_batch_size_per_gpu"));
}

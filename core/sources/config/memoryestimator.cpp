// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "memoryestimator.h"

#include "deepspeedestimator.h"
#include "devicepreset.h"

#include <algorithm>

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

int tensorParallel(const TrainingConfig &c)
{
    return c.isMegatron() ? std::max(1, c.megatron.tp) : 1;
}

} // namespace

double MemoryEstimator::activationBytesPerLayer(const TrainingConfig &c)
{
    const double s = c.seqLength;
    const double b = c.microBatch;
    const double h = c.hiddenSize;
    const double a = c.heads;
    const double t = tensorParallel(c);
    if (s <= 0 || b <= 0 || h <= 0 || a <= 0)
        return 0;
    // The 5as/h term is the attention score, softmax and dropout-mask storage, which flash attention
    // recomputes instead of keeping.
    const double attention = c.flashAttention ? 0 : 5 * a * s / h;
    double perLayer = 0;
    if (t == 1)
        perLayer = s * b * h * (34 + attention);
    else if (c.megatron.sp)
        perLayer = s * b * h * (34 + attention) / t;
    else
        perLayer = s * b * h * (10 + (24 + attention) / t);
    // The paper counts 16-bit activations; fp32 training stores them at twice the size.
    return (c.fp16 || c.bf16) ? perLayer : 2 * perLayer;
}

MemoryEstimate MemoryEstimator::estimate(const TrainingConfig &c)
{
    MemoryEstimate e;
    const DevicePreset device = DevicePreset::find(c.devicePreset, c.customDeviceMemoryGiB);
    e.deviceName = device.displayName;
    e.deviceBytes = device.memoryGiB * GiB;
    if (c.parameters <= 0) {
        e.error = tr("model.parameters: the parameter count is needed for a memory estimate");
        return e;
    }
    if (c.worldSize() < 1 || c.dataParallelSize() < 1) {
        e.error = tr("launch.devicesPerNode: the world size must be at least 1 and a multiple of TP × PP × CP");
        return e;
    }
    const bool mixed = c.fp16 || c.bf16;
    const double paramBytes = mixed ? 2 : 4;
    const double gradBytes = mixed ? 2 : 4;
    // Mixed precision Adam: fp32 master copy + momentum + variance; fp32 Adam needs only the moments.
    const double optimizerBytes = mixed ? 12 : 8;
    const double t = tensorParallel(c);
    const double pp = c.isMegatron() ? std::max(1, c.megatron.pp) : 1;
    const double local = double(c.parameters) / (t * pp);
    const double dp = c.dataParallelSize();

    double shardP = 1, shardG = 1, shardO = 1;
    QString strategy = tr("DDP (full replica on every device)");
    if (c.zero.enabled) {
        shardO = c.zero.stage >= 1 ? dp : 1;
        shardG = c.zero.stage >= 2 ? dp : 1;
        shardP = c.zero.stage >= 3 ? dp : 1;
        strategy = tr("ZeRO-%1 over %2 data-parallel ranks").arg(c.zero.stage).arg(dp);
    } else if (c.fsdp.enabled) {
        const QString &s = c.fsdp.sharding;
        const double d = s == QLatin1String("hybrid_shard") ? std::min(dp, double(c.devicesPerNode)) : dp;
        if (s == QLatin1String("full_shard") || s == QLatin1String("hybrid_shard"))
            shardP = shardG = shardO = d;
        else if (s == QLatin1String("shard_grad_op"))
            shardG = shardO = d;
        strategy = tr("FSDP %1 over %2 ranks").arg(s).arg(d);
    } else if (c.isMegatron() && c.megatron.distributedOptimizer) {
        shardO = dp;
        strategy = tr("Megatron distributed optimizer over %1 data-parallel ranks").arg(dp);
    }
    e.parameters = local * paramBytes / shardP;
    e.gradients = local * gradBytes / shardG;
    e.optimizer = local * optimizerBytes / shardO;
    e.assumptions << tr("%1 parameters%2, %3 bytes params + %4 grads + %5 optimizer per parameter "
                        "(%6 Adam)")
                         .arg(double(c.parameters), 0, 'g', 4)
                         .arg(t * pp > 1 ? tr(" (÷ TP %1 × PP %2)").arg(t).arg(pp) : QString())
                         .arg(paramBytes)
                         .arg(gradBytes)
                         .arg(optimizerBytes)
                         .arg(mixed ? tr("mixed-precision") : QStringLiteral("fp32"))
                  << tr("sharding: %1").arg(strategy);

    double host = 0;
    bool nvme = false;
    if (c.zero.enabled && c.zero.stage >= 1 && c.zero.offloadOptimizer != QLatin1String("none")) {
        // ZeRO-Offload keeps the fp32 optimizer states and gradient partitions on the host.
        nvme = c.zero.offloadOptimizer == QLatin1String("nvme");
        host += nvme ? 0 : e.optimizer + e.gradients;
        e.optimizer = 0;
        e.gradients = 0;
        e.assumptions << tr("optimizer states and gradients offloaded to %1").arg(c.zero.offloadOptimizer);
    }
    if (c.zero.enabled && c.zero.stage == 3 && c.zero.offloadParam != QLatin1String("none")) {
        nvme = nvme || c.zero.offloadParam == QLatin1String("nvme");
        host += c.zero.offloadParam == QLatin1String("nvme") ? 0 : e.parameters;
        e.parameters = 0;
        e.assumptions << tr("parameters offloaded to %1").arg(c.zero.offloadParam);
    }
    if (c.fsdp.enabled && !c.zero.enabled && c.fsdp.cpuOffload) {
        host += e.parameters + e.gradients + e.optimizer;
        e.parameters = e.gradients = e.optimizer = 0;
        e.assumptions << tr("FSDP CPU offload: parameters, gradients and optimizer step on the host");
    }
    e.hostBytesPerNode = host * c.devicesPerNode;
    if (nvme)
        e.assumptions << tr("NVMe-offloaded states are not counted in host memory");

    const bool paramsSharded = shardP > 1 || e.parameters == 0;
    if (paramsSharded && c.hiddenSize > 0) {
        // A sharded layer is gathered before use, and the next one is prefetched: two layers of 12h² each.
        const double layerParams = 12.0 * c.hiddenSize * c.hiddenSize / t;
        e.gatheredParameters = 2 * layerParams * paramBytes;
        e.assumptions << tr("gathered working set: current + prefetched layer, 12·h² parameters each");
    }

    const double perLayer = activationBytesPerLayer(c);
    const bool checkpointing = c.gradientCheckpointing || c.fsdp.activationCheckpointing;
    if (perLayer > 0 && c.layers > 0) {
        // Under 1F1B the first pipeline stage holds PP micro batches of L/PP layers: L layers' worth.
        const double layers = c.layers;
        if (checkpointing) {
            const double inputBytes = 2.0 * c.seqLength * c.microBatch * c.hiddenSize / (c.megatron.sp ? t : 1);
            e.activations = layers * inputBytes * (mixed ? 1 : 2) + perLayer;
            e.assumptions << tr("activations with full recomputation: 2·s·b·h per layer + one layer "
                                "recomputed (Korthikanti et al. 2022)");
        } else {
            e.activations = layers * perLayer;
            e.assumptions << tr("activations: s·b·h·(34 + 5·a·s/h) per layer%1 (Korthikanti et al. 2022)")
                                 .arg(c.flashAttention ? tr(", attention scores not stored (flash attention)")
                                                       : QString());
        }
        if (c.vocabSize > 0) {
            e.logits = 4.0 * c.seqLength * c.microBatch * c.vocabSize / t;
            e.assumptions << tr("fp32 logits: 4·s·b·V bytes");
        }
    } else {
        e.assumptions << tr("activations not estimated: set layers, hidden size, heads and sequence length");
    }
    const double subtotal = e.modelStates() + e.activations + e.logits;
    e.margin = subtotal * c.marginFraction;
    e.total = subtotal + e.margin;
    e.assumptions
        << tr("margin: %1% for the allocator, communication buffers and the runtime").arg(c.marginFraction * 100);

    if (c.zero.enabled && (c.zero.stage == 2 || c.zero.stage == 3)) {
        const bool offOpt = c.zero.offloadOptimizer != QLatin1String("none");
        const DeepSpeedEstimator::Need need = c.zero.stage == 2
            ? DeepSpeedEstimator::zero2(double(c.parameters), c.devicesPerNode, c.nodes, offOpt)
            : DeepSpeedEstimator::zero3(double(c.parameters), double(c.vocabSize) * c.hiddenSize, c.devicesPerNode,
                                        c.nodes, offOpt, c.zero.offloadParam != QLatin1String("none"));
        e.deepspeedDeviceBytes = need.gpuBytes;
        e.deepspeedHostBytes = need.cpuBytes;
    }
    return e;
}

QString MemoryEstimator::formatBytes(double bytes)
{
    if (bytes >= GiB)
        return QStringLiteral("%1 GiB").arg(bytes / GiB, 0, 'f', 1);
    return QStringLiteral("%1 MiB").arg(bytes / (1024.0 * 1024.0), 0, 'f', 1);
}

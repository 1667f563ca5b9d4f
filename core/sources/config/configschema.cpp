// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configschema.h"

#include "backendprofiles.h"
#include "devicepreset.h"
#include "jsonfieldreader.h"

namespace {

/// The editor's texts stay English here (the CLI and JSON use them); QT_TRANSLATE_NOOP marks them
/// for lupdate and ConfigField translates them where the editor shows them.
QString english(const char *text)
{
    return QString::fromUtf8(text);
}

// A field's place in TrainingConfig; the lambda's return type is the field's type.
#define PB_AT(member) +[](TrainingConfig &c) { return &c.member; }

QStringList presetIds()
{
    QStringList ids;
    const QList<DevicePreset> presets = DevicePreset::all();
    for (const DevicePreset &p : presets)
        ids << p.id;
    return ids;
}

/// "npu (torch_npu + hccl), cuda (nccl)": the loaded backend plugins.
QString backendDescription()
{
    QStringList backends;
    for (const BackendProfile &b : BackendProfiles::installed())
        backends
            << (b.info.torchExtension.isEmpty()
                    ? QStringLiteral("%1 (%2)").arg(b.info.id, b.info.collectiveLibrary)
                    : QStringLiteral("%1 (%2 + %3)").arg(b.info.id, b.info.torchExtension, b.info.collectiveLibrary));
    return backends.join(QStringLiteral(", "));
}

/// "0, 1, 2 or 3"
QString alternatives(const QStringList &values)
{
    if (values.size() < 2)
        return values.join(QString());
    return values.mid(0, values.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ") + values.last();
}

template<typename T>
void readScalar(JsonFieldReader &r, const QJsonObject &o, const QString &prefix, const QByteArray &key, T &out,
                const QStringList &)
{
    r.get(o, prefix, key.constData(), out);
}

void readScalar(JsonFieldReader &r, const QJsonObject &o, const QString &prefix, const QByteArray &key, QString &out,
                const QStringList &allowed)
{
    r.get(o, prefix, key.constData(), out, allowed);
}

void readScalar(JsonFieldReader &r, const QJsonObject &o, const QString &prefix, const QByteArray &key, QJsonValue &out,
                const QStringList &)
{
    r.getAuto(o, prefix, key.constData(), out);
}

} // namespace

QList<ConfigSchemaField> ConfigSchemaField::all()
{
    const QString hw = english(QT_TRANSLATE_NOOP("ConfigField", "Hardware")),
                  ln = english(QT_TRANSLATE_NOOP("ConfigField", "Launch")),
                  mo = english(QT_TRANSLATE_NOOP("ConfigField", "Model")),
                  pr = english(QT_TRANSLATE_NOOP("ConfigField", "Precision")), fs = QStringLiteral("FSDP"),
                  ze = QStringLiteral("DeepSpeed ZeRO"), me = QStringLiteral("Megatron / MindSpeed"),
                  sc = english(QT_TRANSLATE_NOOP("ConfigField", "Schedule")),
                  en = english(QT_TRANSLATE_NOOP("ConfigField", "Environment")), none;
    const QStringList offloads{QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme")};
    // The table keeps one field per entry, wrapped by hand.
    // clang-format off
    return {
        {QStringLiteral("name"), PB_AT(name), {}, true, hw, english(QT_TRANSLATE_NOOP("ConfigField", "Name")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Job name (SLURM) and default file name"))},
        {QStringLiteral("backend"), PB_AT(backend), BackendProfiles::ids(), true, hw, english(QT_TRANSLATE_NOOP("ConfigField", "Backend")),
         backendDescription()},
        {QStringLiteral("hardware.devicePreset"), PB_AT(devicePreset), presetIds(), false, hw, english(QT_TRANSLATE_NOOP("ConfigField", "Device")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Device memory and bf16 support used by the estimate and the checks"))},
        {QStringLiteral("hardware.customDeviceMemoryGiB"), PB_AT(customDeviceMemoryGiB), {}, true, hw,
         english(QT_TRANSLATE_NOOP("ConfigField", "Custom memory (GiB)")), english(QT_TRANSLATE_NOOP("ConfigField", "Only for the \"custom\" device"))},
        {QStringLiteral("hardware.hostMemoryGiB"), PB_AT(hostMemoryGiB), {}, true, none, {}, {}},
        {QStringLiteral("launch.launcher"), PB_AT(launcher),
         {QStringLiteral("torchrun"), QStringLiteral("accelerate"), QStringLiteral("deepspeed"), QStringLiteral("megatron")},
         true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Launcher")),
         english(QT_TRANSLATE_NOOP("ConfigField", "megatron: a Megatron-LM/MindSpeed script started with MASTER_ADDR/NNODES/NODE_RANK"))},
        {QStringLiteral("launch.slurm"), PB_AT(slurm), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "SLURM sbatch wrapper")), {}},
        {QStringLiteral("launch.nodes"), PB_AT(nodes), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Nodes")), {}},
        {QStringLiteral("launch.devicesPerNode"), PB_AT(devicesPerNode), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Devices per node")), {}},
        {QStringLiteral("launch.masterAddr"), PB_AT(masterAddr), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Master address")),
         english(QT_TRANSLATE_NOOP("ConfigField", "A host, or a shell reference such as $MASTER_ADDR"))},
        {QStringLiteral("launch.masterPort"), PB_AT(masterPort), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Master port")), {}},
        {QStringLiteral("launch.nodeRank"), PB_AT(nodeRank), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Node rank")),
         english(QT_TRANSLATE_NOOP("ConfigField", "A number or a reference ($NODE_RANK, $MACHINE_RANK)"))},
        {QStringLiteral("launch.script"), PB_AT(script), {}, true, ln, english(QT_TRANSLATE_NOOP("ConfigField", "Script")), {}},
        {QStringLiteral("launch.accelerateConfigFile"), PB_AT(accelerateConfigFile), {}, true, ln,
         english(QT_TRANSLATE_NOOP("ConfigField", "Accelerate config file")), {}},
        {QStringLiteral("launch.deepspeedConfigFile"), PB_AT(deepspeedConfigFile), {}, true, ln,
         english(QT_TRANSLATE_NOOP("ConfigField", "DeepSpeed config file")), {}},
        {QStringLiteral("model.path"), PB_AT(modelPath), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Model path or name")), {}},
        {QStringLiteral("model.parameters"), PB_AT(parameters), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Parameters")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Total parameter count, e.g. 7.72e9"))},
        {QStringLiteral("model.layers"), PB_AT(layers), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Layers")), {}},
        {QStringLiteral("model.hiddenSize"), PB_AT(hiddenSize), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Hidden size")), {}},
        {QStringLiteral("model.heads"), PB_AT(heads), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Attention heads")), {}},
        {QStringLiteral("model.vocabSize"), PB_AT(vocabSize), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Vocabulary")), {}},
        {QStringLiteral("model.seqLength"), PB_AT(seqLength), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Sequence length")), {}},
        {QStringLiteral("model.flashAttention"), PB_AT(flashAttention), {}, true, mo, english(QT_TRANSLATE_NOOP("ConfigField", "Flash attention")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Attention scores are recomputed, not stored (changes the activation estimate)"))},
        {QStringLiteral("precision.fp16"), PB_AT(fp16), {}, true, pr, english(QT_TRANSLATE_NOOP("ConfigField", "fp16 (loss scaling)")), {}},
        {QStringLiteral("precision.bf16"), PB_AT(bf16), {}, true, pr, QStringLiteral("bf16"), {}},
        {QStringLiteral("precision.lossScale"), PB_AT(lossScale), {}, true, pr, english(QT_TRANSLATE_NOOP("ConfigField", "Loss scale (0 = dynamic)")), {}},
        {QStringLiteral("precision.initialScalePower"), PB_AT(initialScalePower), {}, true, pr,
         english(QT_TRANSLATE_NOOP("ConfigField", "Initial scale power")), {}},
        {QStringLiteral("precision.lossScaleWindow"), PB_AT(lossScaleWindow), {}, true, none, {}, {}},
        {QStringLiteral("precision.hysteresis"), PB_AT(hysteresis), {}, true, none, {}, {}},
        {QStringLiteral("precision.minLossScale"), PB_AT(minLossScale), {}, true, none, {}, {}},
        {QStringLiteral("strategy.gradientCheckpointing"), PB_AT(gradientCheckpointing), {}, true, pr,
         english(QT_TRANSLATE_NOOP("ConfigField", "Gradient checkpointing")), {}},
        {QStringLiteral("strategy.fsdp.enabled"), PB_AT(fsdp.enabled), {}, true, fs, english(QT_TRANSLATE_NOOP("ConfigField", "Use FSDP")), {}},
        {QStringLiteral("strategy.fsdp.version"), PB_AT(fsdp.version), {QStringLiteral("1"), QStringLiteral("2")}, true, fs,
         english(QT_TRANSLATE_NOOP("ConfigField", "FSDP version")),
         english(QT_TRANSLATE_NOOP("ConfigField", "1: FullyShardedDataParallel; 2: fully_shard (accelerate fsdp_version: 2)"))},
        {QStringLiteral("strategy.fsdp.sharding"), PB_AT(fsdp.sharding),
         {QStringLiteral("full_shard"), QStringLiteral("shard_grad_op"), QStringLiteral("hybrid_shard"), QStringLiteral("no_shard")},
         true, fs, english(QT_TRANSLATE_NOOP("ConfigField", "Sharding")), {}},
        {QStringLiteral("strategy.fsdp.cpuOffload"), PB_AT(fsdp.cpuOffload), {}, true, fs, english(QT_TRANSLATE_NOOP("ConfigField", "CPU offload")), {}},
        {QStringLiteral("strategy.fsdp.autoWrap"), PB_AT(fsdp.autoWrap),
         {QStringLiteral("transformer"), QStringLiteral("size"), QStringLiteral("none")}, true, fs,
         english(QT_TRANSLATE_NOOP("ConfigField", "Auto-wrap policy")), {}},
        {QStringLiteral("strategy.fsdp.layerClass"), PB_AT(fsdp.layerClass), {}, true, fs,
         english(QT_TRANSLATE_NOOP("ConfigField", "Transformer layer class")), english(QT_TRANSLATE_NOOP("ConfigField", "e.g. LlamaDecoderLayer, Qwen2DecoderLayer"))},
        {QStringLiteral("strategy.fsdp.minNumParams"), PB_AT(fsdp.minNumParams), {}, true, none, {}, {}},
        {QStringLiteral("strategy.fsdp.stateDictType"), PB_AT(fsdp.stateDictType),
         {QStringLiteral("FULL_STATE_DICT"), QStringLiteral("SHARDED_STATE_DICT"), QStringLiteral("LOCAL_STATE_DICT")},
         true, fs, english(QT_TRANSLATE_NOOP("ConfigField", "State dict")), {}},
        {QStringLiteral("strategy.fsdp.syncModuleStates"), PB_AT(fsdp.syncModuleStates), {}, true, fs,
         QStringLiteral("sync_module_states"), {}},
        {QStringLiteral("strategy.fsdp.useOrigParams"), PB_AT(fsdp.useOrigParams), {}, true, fs,
         QStringLiteral("use_orig_params"), {}},
        {QStringLiteral("strategy.fsdp.backwardPrefetch"), PB_AT(fsdp.backwardPrefetch),
         {QStringLiteral("BACKWARD_PRE"), QStringLiteral("BACKWARD_POST"), QStringLiteral("NO_PREFETCH")}, true, fs,
         english(QT_TRANSLATE_NOOP("ConfigField", "Backward prefetch")), {}},
        {QStringLiteral("strategy.fsdp.forwardPrefetch"), PB_AT(fsdp.forwardPrefetch), {}, true, none, {}, {}},
        {QStringLiteral("strategy.fsdp.cpuRamEfficientLoading"), PB_AT(fsdp.cpuRamEfficientLoading), {}, true, fs,
         english(QT_TRANSLATE_NOOP("ConfigField", "CPU-RAM-efficient loading")), {}},
        {QStringLiteral("strategy.fsdp.reshardAfterForward"), PB_AT(fsdp.reshardAfterForward), {}, true, none, {}, {}},
        {QStringLiteral("strategy.fsdp.activationCheckpointing"), PB_AT(fsdp.activationCheckpointing), {}, true, fs,
         english(QT_TRANSLATE_NOOP("ConfigField", "FSDP activation checkpointing")), {}},
        {QStringLiteral("strategy.zero.enabled"), PB_AT(zero.enabled), {}, true, ze, english(QT_TRANSLATE_NOOP("ConfigField", "Use DeepSpeed")), {}},
        {QStringLiteral("strategy.zero.stage"), PB_AT(zero.stage),
         {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}, true, ze,
         english(QT_TRANSLATE_NOOP("ConfigField", "ZeRO stage")), {}},
        {QStringLiteral("strategy.zero.offloadOptimizer"), PB_AT(zero.offloadOptimizer), offloads, true, ze,
         english(QT_TRANSLATE_NOOP("ConfigField", "Offload optimizer")), {}},
        {QStringLiteral("strategy.zero.offloadParam"), PB_AT(zero.offloadParam), offloads, true, ze,
         english(QT_TRANSLATE_NOOP("ConfigField", "Offload parameters")), english(QT_TRANSLATE_NOOP("ConfigField", "ZeRO-3 only"))},
        {QStringLiteral("strategy.zero.nvmePath"), PB_AT(zero.nvmePath), {}, true, ze, english(QT_TRANSLATE_NOOP("ConfigField", "NVMe path")), {}},
        {QStringLiteral("strategy.zero.pinMemory"), PB_AT(zero.pinMemory), {}, true, none, {}, {}},
        {QStringLiteral("strategy.zero.overlapComm"), PB_AT(zero.overlapComm), {}, true, ze, QStringLiteral("overlap_comm"), {}},
        {QStringLiteral("strategy.zero.contiguousGradients"), PB_AT(zero.contiguousGradients), {}, true, ze,
         QStringLiteral("contiguous_gradients"), {}},
        {QStringLiteral("strategy.zero.reduceBucketSize"), PB_AT(zero.reduceBucketSize), {}, true, ze,
         QStringLiteral("reduce_bucket_size"), {}},
        {QStringLiteral("strategy.zero.allgatherBucketSize"), PB_AT(zero.allgatherBucketSize), {}, true, ze,
         QStringLiteral("allgather_bucket_size"), {}},
        {QStringLiteral("strategy.zero.subGroupSize"), PB_AT(zero.subGroupSize), {}, true, none, {}, {}},
        {QStringLiteral("strategy.zero.prefetchBucketSize"), PB_AT(zero.prefetchBucketSize), {}, true, ze,
         QStringLiteral("stage3_prefetch_bucket_size"), {}},
        {QStringLiteral("strategy.zero.paramPersistenceThreshold"), PB_AT(zero.paramPersistenceThreshold), {}, true, ze,
         QStringLiteral("stage3_param_persistence_threshold"), {}},
        {QStringLiteral("strategy.zero.maxLiveParameters"), PB_AT(zero.maxLiveParameters), {}, true, ze,
         QStringLiteral("stage3_max_live_parameters"), {}},
        {QStringLiteral("strategy.zero.maxReuseDistance"), PB_AT(zero.maxReuseDistance), {}, true, none, {}, {}},
        {QStringLiteral("strategy.zero.gather16bitWeightsOnModelSave"), PB_AT(zero.gather16bitWeightsOnModelSave), {}, true,
         none, {}, {}},
        {QStringLiteral("strategy.zero.hfAuto"), PB_AT(zero.hfAuto), {}, true, ze, english(QT_TRANSLATE_NOOP("ConfigField", "HF Trainer \"auto\" values")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Write \"auto\" where the Hugging Face Trainer fills the value in"))},
        {QStringLiteral("strategy.megatron.tp"), PB_AT(megatron.tp), {}, true, me, english(QT_TRANSLATE_NOOP("ConfigField", "Tensor parallel (TP)")), {}},
        {QStringLiteral("strategy.megatron.pp"), PB_AT(megatron.pp), {}, true, me, english(QT_TRANSLATE_NOOP("ConfigField", "Pipeline parallel (PP)")), {}},
        {QStringLiteral("strategy.megatron.cp"), PB_AT(megatron.cp), {}, true, me, english(QT_TRANSLATE_NOOP("ConfigField", "Context parallel (CP)")), {}},
        {QStringLiteral("strategy.megatron.sp"), PB_AT(megatron.sp), {}, true, me, english(QT_TRANSLATE_NOOP("ConfigField", "Sequence parallel")), {}},
        {QStringLiteral("strategy.megatron.distributedOptimizer"), PB_AT(megatron.distributedOptimizer), {}, true, me,
         english(QT_TRANSLATE_NOOP("ConfigField", "Distributed optimizer")), {}},
        {QStringLiteral("strategy.megatron.entryScript"), PB_AT(megatron.entryScript), {}, true, none, {}, {}},
        {QStringLiteral("schedule.microBatch"), PB_AT(microBatch), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Micro batch")), {}},
        {QStringLiteral("schedule.gradAccum"), PB_AT(gradAccum), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Gradient accumulation")), {}},
        {QStringLiteral("schedule.globalBatch"), PB_AT(globalBatch), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Global batch (0 = derived)")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Must equal micro × accumulation × data-parallel size"))},
        {QStringLiteral("schedule.optimizer"), PB_AT(optimizer),
         {QStringLiteral("adamw"), QStringLiteral("adam"), QStringLiteral("sgd"), QStringLiteral("adafactor")}, true, sc,
         english(QT_TRANSLATE_NOOP("ConfigField", "Optimizer")), {}},
        {QStringLiteral("schedule.learningRate"), PB_AT(learningRate), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Learning rate")), {}},
        {QStringLiteral("schedule.weightDecay"), PB_AT(weightDecay), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Weight decay")), {}},
        {QStringLiteral("schedule.scheduler"), PB_AT(scheduler), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "LR schedule")),
         english(QT_TRANSLATE_NOOP("ConfigField", "linear, cosine, constant, …"))},
        {QStringLiteral("schedule.warmupRatio"), PB_AT(warmupRatio), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Warmup ratio")), {}},
        {QStringLiteral("schedule.warmupSteps"), PB_AT(warmupSteps), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Warmup steps")), {}},
        {QStringLiteral("schedule.maxSteps"), PB_AT(maxSteps), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Max steps (0 = by epochs)")), {}},
        {QStringLiteral("schedule.epochs"), PB_AT(epochs), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Epochs")), {}},
        {QStringLiteral("schedule.loggingSteps"), PB_AT(loggingSteps), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Logging interval")), {}},
        {QStringLiteral("schedule.saveSteps"), PB_AT(saveSteps), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Save interval")), {}},
        {QStringLiteral("schedule.evalSteps"), PB_AT(evalSteps), {}, true, none, {}, {}},
        {QStringLiteral("schedule.gradientClipping"), PB_AT(gradientClipping), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Gradient clipping")), {}},
        {QStringLiteral("schedule.seed"), PB_AT(seed), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Seed (0 = default)")), {}},
        {QStringLiteral("schedule.outputDir"), PB_AT(outputDir), {}, true, sc, english(QT_TRANSLATE_NOOP("ConfigField", "Output dir")), {}},
        {QStringLiteral("environment.deterministic"), PB_AT(deterministic), {}, true, en,
         english(QT_TRANSLATE_NOOP("ConfigField", "Deterministic (parity run)")),
         english(QT_TRANSLATE_NOOP("ConfigField", "The backend's determinism variables (from its plugin), fixed PYTHONHASHSEED"))},
        {QStringLiteral("memory.marginFraction"), PB_AT(marginFraction), {}, true, en, english(QT_TRANSLATE_NOOP("ConfigField", "Memory margin")),
         english(QT_TRANSLATE_NOOP("ConfigField", "Fraction added for the allocator, communication buffers and the runtime"))},
    };
    // clang-format on
}

#undef PB_AT

QJsonValue ConfigSchemaField::value(const TrainingConfig &c) const
{
    TrainingConfig copy = c; // the references are to a mutable config; reading through a copy keeps `c` const
    return std::visit(
        [&copy](auto at) -> QJsonValue {
            using T = std::remove_pointer_t<decltype(at(copy))>;
            if constexpr (std::is_same_v<T, qint64>)
                return double(*at(copy)); // JSON numbers are doubles; parameter counts fit exactly below 2^53
            else
                return QJsonValue(*at(copy));
        },
        ref);
}

void ConfigSchemaField::read(const QJsonObject &o, TrainingConfig &c, JsonFieldReader &reader) const
{
    const int dot = path.lastIndexOf(QLatin1Char('.'));
    const QString prefix = dot < 0 ? QString() : path.left(dot);
    const QByteArray key = path.mid(dot + 1).toUtf8();
    std::visit(
        [&](auto at) {
            auto &out = *at(c);
            readScalar(reader, o, prefix, key, out, enforced ? allowed : QStringList());
            using T = std::remove_reference_t<decltype(out)>;
            if constexpr (std::is_same_v<T, int>) {
                if (!allowed.isEmpty() && !allowed.contains(QString::number(out)))
                    reader.fail(path, alternatives(allowed));
            }
        },
        ref);
}

ConfigField::Kind ConfigSchemaField::editorKind() const
{
    using K = ConfigField::Kind;
    if (!allowed.isEmpty() || path == QLatin1String("backend"))
        return K::Choice;
    return std::visit(
        [](auto at) {
            using T = std::remove_pointer_t<decltype(at(std::declval<TrainingConfig &>()))>;
            if constexpr (std::is_same_v<T, bool>)
                return K::Bool;
            else if constexpr (std::is_same_v<T, int>)
                return K::Integer;
            else if constexpr (std::is_same_v<T, QJsonValue>)
                return K::AutoNumber;
            else if constexpr (std::is_same_v<T, QString>)
                return K::Text;
            else
                return K::Number;
        },
        ref);
}

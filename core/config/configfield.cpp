#include "configfield.h"

#include "devicepreset.h"

#include <QCoreApplication>

namespace {
/// The catalog keeps the English text (the CLI and JSON use it); QT_TRANSLATE_NOOP marks it for
/// lupdate and the editor translates it when it shows it.
QString text(const char *english)
{
    return QString::fromUtf8(english);
}

QString translated(const QString &english)
{
    return english.isEmpty() ? english : QCoreApplication::translate("ConfigField", english.toUtf8().constData());
}
} // namespace

QString ConfigField::sectionText() const
{
    return translated(section);
}

QString ConfigField::labelText() const
{
    return translated(label);
}

QString ConfigField::toolTipText() const
{
    return translated(toolTip);
}

QList<ConfigField> ConfigField::catalog()
{
    using K = ConfigField::Kind;
    QStringList presets;
    const QList<DevicePreset> all = DevicePreset::all();
    for (const DevicePreset &p : all)
        presets << p.id;
    const QString hw = text(QT_TRANSLATE_NOOP("ConfigField", "Hardware"));
    const QString ln = text(QT_TRANSLATE_NOOP("ConfigField", "Launch"));
    const QString mo = text(QT_TRANSLATE_NOOP("ConfigField", "Model"));
    const QString pr = text(QT_TRANSLATE_NOOP("ConfigField", "Precision"));
    const QString fs = QStringLiteral("FSDP"), ze = QStringLiteral("DeepSpeed ZeRO"),
                  me = QStringLiteral("Megatron / MindSpeed");
    const QString sc = text(QT_TRANSLATE_NOOP("ConfigField", "Schedule"));
    const QString en = text(QT_TRANSLATE_NOOP("ConfigField", "Environment"));
    return {
        {hw, QStringLiteral("name"), text(QT_TRANSLATE_NOOP("ConfigField", "Name")), K::Text, {}, text(QT_TRANSLATE_NOOP("ConfigField", "Job name (SLURM) and default file name"))},
        {hw, QStringLiteral("backend"), text(QT_TRANSLATE_NOOP("ConfigField", "Backend")), K::Choice,
         {QStringLiteral("cuda"), QStringLiteral("npu"), QStringLiteral("musa")},
         text(QT_TRANSLATE_NOOP("ConfigField", "cuda (NCCL), npu (torch_npu + HCCL) or musa (torch_musa + MCCL)"))},
        {hw, QStringLiteral("hardware.devicePreset"), text(QT_TRANSLATE_NOOP("ConfigField", "Device")), K::Choice, presets,
         text(QT_TRANSLATE_NOOP("ConfigField", "Device memory and bf16 support used by the estimate and the checks"))},
        {hw, QStringLiteral("hardware.customDeviceMemoryGiB"), text(QT_TRANSLATE_NOOP("ConfigField", "Custom memory (GiB)")), K::Number, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "Only for the \"custom\" device"))},
        {ln, QStringLiteral("launch.launcher"), text(QT_TRANSLATE_NOOP("ConfigField", "Launcher")), K::Choice,
         {QStringLiteral("torchrun"), QStringLiteral("accelerate"), QStringLiteral("deepspeed"), QStringLiteral("megatron")},
         text(QT_TRANSLATE_NOOP("ConfigField", "megatron: a Megatron-LM/MindSpeed script started with MASTER_ADDR/NNODES/NODE_RANK"))},
        {ln, QStringLiteral("launch.slurm"), text(QT_TRANSLATE_NOOP("ConfigField", "SLURM sbatch wrapper")), K::Bool, {}, {}},
        {ln, QStringLiteral("launch.nodes"), text(QT_TRANSLATE_NOOP("ConfigField", "Nodes")), K::Integer, {}, {}},
        {ln, QStringLiteral("launch.devicesPerNode"), text(QT_TRANSLATE_NOOP("ConfigField", "Devices per node")), K::Integer, {}, {}},
        {ln, QStringLiteral("launch.masterAddr"), text(QT_TRANSLATE_NOOP("ConfigField", "Master address")), K::Text, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "A host, or a shell reference such as $MASTER_ADDR"))},
        {ln, QStringLiteral("launch.masterPort"), text(QT_TRANSLATE_NOOP("ConfigField", "Master port")), K::Text, {}, {}},
        {ln, QStringLiteral("launch.nodeRank"), text(QT_TRANSLATE_NOOP("ConfigField", "Node rank")), K::Text, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "A number or a reference ($NODE_RANK, $MACHINE_RANK)"))},
        {ln, QStringLiteral("launch.script"), text(QT_TRANSLATE_NOOP("ConfigField", "Script")), K::Text, {}, {}},
        {ln, QStringLiteral("launch.accelerateConfigFile"), text(QT_TRANSLATE_NOOP("ConfigField", "Accelerate config file")), K::Text, {}, {}},
        {ln, QStringLiteral("launch.deepspeedConfigFile"), text(QT_TRANSLATE_NOOP("ConfigField", "DeepSpeed config file")), K::Text, {}, {}},
        {mo, QStringLiteral("model.path"), text(QT_TRANSLATE_NOOP("ConfigField", "Model path or name")), K::Text, {}, {}},
        {mo, QStringLiteral("model.parameters"), text(QT_TRANSLATE_NOOP("ConfigField", "Parameters")), K::Number, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "Total parameter count, e.g. 7.72e9"))},
        {mo, QStringLiteral("model.layers"), text(QT_TRANSLATE_NOOP("ConfigField", "Layers")), K::Integer, {}, {}},
        {mo, QStringLiteral("model.hiddenSize"), text(QT_TRANSLATE_NOOP("ConfigField", "Hidden size")), K::Integer, {}, {}},
        {mo, QStringLiteral("model.heads"), text(QT_TRANSLATE_NOOP("ConfigField", "Attention heads")), K::Integer, {}, {}},
        {mo, QStringLiteral("model.vocabSize"), text(QT_TRANSLATE_NOOP("ConfigField", "Vocabulary")), K::Integer, {}, {}},
        {mo, QStringLiteral("model.seqLength"), text(QT_TRANSLATE_NOOP("ConfigField", "Sequence length")), K::Integer, {}, {}},
        {mo, QStringLiteral("model.flashAttention"), text(QT_TRANSLATE_NOOP("ConfigField", "Flash attention")), K::Bool, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "Attention scores are recomputed, not stored (changes the activation estimate)"))},
        {pr, QStringLiteral("precision.fp16"), text(QT_TRANSLATE_NOOP("ConfigField", "fp16 (loss scaling)")), K::Bool, {}, {}},
        {pr, QStringLiteral("precision.bf16"), QStringLiteral("bf16"), K::Bool, {}, {}},
        {pr, QStringLiteral("precision.lossScale"), text(QT_TRANSLATE_NOOP("ConfigField", "Loss scale (0 = dynamic)")), K::Number, {}, {}},
        {pr, QStringLiteral("precision.initialScalePower"), text(QT_TRANSLATE_NOOP("ConfigField", "Initial scale power")), K::Integer, {}, {}},
        {pr, QStringLiteral("strategy.gradientCheckpointing"), text(QT_TRANSLATE_NOOP("ConfigField", "Gradient checkpointing")), K::Bool, {}, {}},
        {fs, QStringLiteral("strategy.fsdp.enabled"), text(QT_TRANSLATE_NOOP("ConfigField", "Use FSDP")), K::Bool, {}, {}},
        {fs, QStringLiteral("strategy.fsdp.version"), text(QT_TRANSLATE_NOOP("ConfigField", "FSDP version")), K::Integer, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "1: FullyShardedDataParallel; 2: fully_shard (accelerate fsdp_version: 2)"))},
        {fs, QStringLiteral("strategy.fsdp.sharding"), text(QT_TRANSLATE_NOOP("ConfigField", "Sharding")), K::Choice,
         {QStringLiteral("full_shard"), QStringLiteral("shard_grad_op"), QStringLiteral("hybrid_shard"), QStringLiteral("no_shard")},
         {}},
        {fs, QStringLiteral("strategy.fsdp.cpuOffload"), text(QT_TRANSLATE_NOOP("ConfigField", "CPU offload")), K::Bool, {}, {}},
        {fs, QStringLiteral("strategy.fsdp.autoWrap"), text(QT_TRANSLATE_NOOP("ConfigField", "Auto-wrap policy")), K::Choice,
         {QStringLiteral("transformer"), QStringLiteral("size"), QStringLiteral("none")}, {}},
        {fs, QStringLiteral("strategy.fsdp.layerClass"), text(QT_TRANSLATE_NOOP("ConfigField", "Transformer layer class")), K::Text, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "e.g. LlamaDecoderLayer, Qwen2DecoderLayer"))},
        {fs, QStringLiteral("strategy.fsdp.stateDictType"), text(QT_TRANSLATE_NOOP("ConfigField", "State dict")), K::Choice,
         {QStringLiteral("FULL_STATE_DICT"), QStringLiteral("SHARDED_STATE_DICT"), QStringLiteral("LOCAL_STATE_DICT")}, {}},
        {fs, QStringLiteral("strategy.fsdp.syncModuleStates"), QStringLiteral("sync_module_states"), K::Bool, {}, {}},
        {fs, QStringLiteral("strategy.fsdp.useOrigParams"), QStringLiteral("use_orig_params"), K::Bool, {}, {}},
        {fs, QStringLiteral("strategy.fsdp.backwardPrefetch"), text(QT_TRANSLATE_NOOP("ConfigField", "Backward prefetch")), K::Choice,
         {QStringLiteral("BACKWARD_PRE"), QStringLiteral("BACKWARD_POST"), QStringLiteral("NO_PREFETCH")}, {}},
        {fs, QStringLiteral("strategy.fsdp.cpuRamEfficientLoading"), text(QT_TRANSLATE_NOOP("ConfigField", "CPU-RAM-efficient loading")), K::Bool, {}, {}},
        {fs, QStringLiteral("strategy.fsdp.activationCheckpointing"), text(QT_TRANSLATE_NOOP("ConfigField", "FSDP activation checkpointing")), K::Bool, {}, {}},
        {ze, QStringLiteral("strategy.zero.enabled"), text(QT_TRANSLATE_NOOP("ConfigField", "Use DeepSpeed")), K::Bool, {}, {}},
        {ze, QStringLiteral("strategy.zero.stage"), text(QT_TRANSLATE_NOOP("ConfigField", "ZeRO stage")), K::Choice,
         {QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}, {}},
        {ze, QStringLiteral("strategy.zero.offloadOptimizer"), text(QT_TRANSLATE_NOOP("ConfigField", "Offload optimizer")), K::Choice,
         {QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme")}, {}},
        {ze, QStringLiteral("strategy.zero.offloadParam"), text(QT_TRANSLATE_NOOP("ConfigField", "Offload parameters")), K::Choice,
         {QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme")}, text(QT_TRANSLATE_NOOP("ConfigField", "ZeRO-3 only"))},
        {ze, QStringLiteral("strategy.zero.nvmePath"), text(QT_TRANSLATE_NOOP("ConfigField", "NVMe path")), K::Text, {}, {}},
        {ze, QStringLiteral("strategy.zero.overlapComm"), QStringLiteral("overlap_comm"), K::Bool, {}, {}},
        {ze, QStringLiteral("strategy.zero.contiguousGradients"), QStringLiteral("contiguous_gradients"), K::Bool, {}, {}},
        {ze, QStringLiteral("strategy.zero.reduceBucketSize"), QStringLiteral("reduce_bucket_size"), K::AutoNumber, {}, {}},
        {ze, QStringLiteral("strategy.zero.allgatherBucketSize"), QStringLiteral("allgather_bucket_size"), K::AutoNumber, {}, {}},
        {ze, QStringLiteral("strategy.zero.prefetchBucketSize"), QStringLiteral("stage3_prefetch_bucket_size"), K::AutoNumber, {}, {}},
        {ze, QStringLiteral("strategy.zero.paramPersistenceThreshold"), QStringLiteral("stage3_param_persistence_threshold"),
         K::AutoNumber, {}, {}},
        {ze, QStringLiteral("strategy.zero.maxLiveParameters"), QStringLiteral("stage3_max_live_parameters"), K::AutoNumber, {}, {}},
        {ze, QStringLiteral("strategy.zero.hfAuto"), text(QT_TRANSLATE_NOOP("ConfigField", "HF Trainer \"auto\" values")), K::Bool, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "Write \"auto\" where the Hugging Face Trainer fills the value in"))},
        {me, QStringLiteral("strategy.megatron.tp"), text(QT_TRANSLATE_NOOP("ConfigField", "Tensor parallel (TP)")), K::Integer, {}, {}},
        {me, QStringLiteral("strategy.megatron.pp"), text(QT_TRANSLATE_NOOP("ConfigField", "Pipeline parallel (PP)")), K::Integer, {}, {}},
        {me, QStringLiteral("strategy.megatron.cp"), text(QT_TRANSLATE_NOOP("ConfigField", "Context parallel (CP)")), K::Integer, {}, {}},
        {me, QStringLiteral("strategy.megatron.sp"), text(QT_TRANSLATE_NOOP("ConfigField", "Sequence parallel")), K::Bool, {}, {}},
        {me, QStringLiteral("strategy.megatron.distributedOptimizer"), text(QT_TRANSLATE_NOOP("ConfigField", "Distributed optimizer")), K::Bool, {}, {}},
        {sc, QStringLiteral("schedule.microBatch"), text(QT_TRANSLATE_NOOP("ConfigField", "Micro batch")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.gradAccum"), text(QT_TRANSLATE_NOOP("ConfigField", "Gradient accumulation")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.globalBatch"), text(QT_TRANSLATE_NOOP("ConfigField", "Global batch (0 = derived)")), K::Integer, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "Must equal micro × accumulation × data-parallel size"))},
        {sc, QStringLiteral("schedule.optimizer"), text(QT_TRANSLATE_NOOP("ConfigField", "Optimizer")), K::Choice,
         {QStringLiteral("adamw"), QStringLiteral("adam"), QStringLiteral("sgd"), QStringLiteral("adafactor")}, {}},
        {sc, QStringLiteral("schedule.learningRate"), text(QT_TRANSLATE_NOOP("ConfigField", "Learning rate")), K::Number, {}, {}},
        {sc, QStringLiteral("schedule.weightDecay"), text(QT_TRANSLATE_NOOP("ConfigField", "Weight decay")), K::Number, {}, {}},
        {sc, QStringLiteral("schedule.scheduler"), text(QT_TRANSLATE_NOOP("ConfigField", "LR schedule")), K::Text, {}, text(QT_TRANSLATE_NOOP("ConfigField", "linear, cosine, constant, …"))},
        {sc, QStringLiteral("schedule.warmupRatio"), text(QT_TRANSLATE_NOOP("ConfigField", "Warmup ratio")), K::Number, {}, {}},
        {sc, QStringLiteral("schedule.warmupSteps"), text(QT_TRANSLATE_NOOP("ConfigField", "Warmup steps")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.maxSteps"), text(QT_TRANSLATE_NOOP("ConfigField", "Max steps (0 = by epochs)")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.epochs"), text(QT_TRANSLATE_NOOP("ConfigField", "Epochs")), K::Number, {}, {}},
        {sc, QStringLiteral("schedule.loggingSteps"), text(QT_TRANSLATE_NOOP("ConfigField", "Logging interval")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.saveSteps"), text(QT_TRANSLATE_NOOP("ConfigField", "Save interval")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.gradientClipping"), text(QT_TRANSLATE_NOOP("ConfigField", "Gradient clipping")), K::Number, {}, {}},
        {sc, QStringLiteral("schedule.seed"), text(QT_TRANSLATE_NOOP("ConfigField", "Seed (0 = default)")), K::Integer, {}, {}},
        {sc, QStringLiteral("schedule.outputDir"), text(QT_TRANSLATE_NOOP("ConfigField", "Output dir")), K::Text, {}, {}},
        {en, QStringLiteral("environment.deterministic"), text(QT_TRANSLATE_NOOP("ConfigField", "Deterministic (parity run)")), K::Bool, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "HCCL_DETERMINISTIC / CUBLAS_WORKSPACE_CONFIG, fixed PYTHONHASHSEED"))},
        {en, QStringLiteral("memory.marginFraction"), text(QT_TRANSLATE_NOOP("ConfigField", "Memory margin")), K::Number, {},
         text(QT_TRANSLATE_NOOP("ConfigField", "Fraction added for the allocator, communication buffers and the runtime"))},
    };
}

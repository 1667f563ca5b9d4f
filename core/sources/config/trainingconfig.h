// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

/// One script argument exactly as the user wrote it, so a pasted launch line is emitted back
/// byte for byte: flag name (an alias such as `model_name` is kept), the raw value token with its
/// quotes, and whether it was written `--flag=value`.
struct TrainerArg
{
    QString flag;
    QString raw;
    bool equals = false;
    bool hasValue = true;

    bool operator==(const TrainerArg &o) const
    {
        return flag == o.flag && raw == o.raw && equals == o.equals && hasValue == o.hasValue;
    }
};

/// PyTorch FSDP settings (FSDP1 `FullyShardedDataParallel` or FSDP2 `fully_shard`).
struct FsdpSettings
{
    bool enabled = false;
    int version = 1;
    QString sharding = QStringLiteral("full_shard"); ///< full_shard, shard_grad_op, hybrid_shard, no_shard
    bool cpuOffload = false;
    QString autoWrap = QStringLiteral("transformer"); ///< none, transformer, size
    QString layerClass; ///< transformer layer class to wrap, e.g. Qwen2DecoderLayer
    qint64 minNumParams = 100000000; ///< for the size-based policy
    QString stateDictType = QStringLiteral("FULL_STATE_DICT"); ///< FULL_/SHARDED_/LOCAL_STATE_DICT
    bool syncModuleStates = false;
    bool useOrigParams = true;
    QString backwardPrefetch = QStringLiteral("BACKWARD_PRE"); ///< BACKWARD_PRE, BACKWARD_POST, NO_PREFETCH
    bool forwardPrefetch = false;
    bool cpuRamEfficientLoading = false;
    bool reshardAfterForward = true; ///< FSDP2
    bool activationCheckpointing = false;
};

/// DeepSpeed ZeRO settings. Bucket sizes and stage-3 thresholds are numbers or "auto".
struct ZeroSettings
{
    bool enabled = false;
    int stage = 2;
    QString offloadOptimizer = QStringLiteral("none"); ///< none, cpu, nvme
    QString offloadParam = QStringLiteral("none"); ///< none, cpu, nvme (stage 3 only)
    QString nvmePath;
    bool pinMemory = true;
    bool overlapComm = true;
    bool contiguousGradients = true;
    QJsonValue reduceBucketSize = QStringLiteral("auto");
    QJsonValue allgatherBucketSize = 5e8;
    QJsonValue subGroupSize = 1e9;
    QJsonValue prefetchBucketSize = QStringLiteral("auto");
    QJsonValue paramPersistenceThreshold = QStringLiteral("auto");
    QJsonValue maxLiveParameters = 1e9;
    QJsonValue maxReuseDistance = 1e9;
    QJsonValue gather16bitWeightsOnModelSave = QStringLiteral("auto");
    /// Fill the values the HF Trainer owns with "auto" (DeepSpeed driven through `--deepspeed`).
    bool hfAuto = true;
};

/// Megatron-LM / MindSpeed model parallelism.
struct MegatronSettings
{
    int tp = 1;
    int pp = 1;
    int cp = 1;
    bool sp = false;
    bool distributedOptimizer = false;
    QString entryScript = QStringLiteral("pretrain_gpt.py"); ///< what the generated script runs
};

/// A PyTorch LLM training run as PortBench models it: where it runs, how it is launched, the
/// model, precision, parallel strategy and schedule. Saved as versioned JSON (TrainingConfigJson);
/// everything the real tools accept is emitted from it (ConfigEmitter).
///
/// Enumerated settings are stored as the strings the JSON uses; TrainingConfigJson rejects a
/// value outside the documented set, naming the field.
struct TrainingConfig
{
    static constexpr int currentVersion = 1;

    QString name;
    QString backend = QStringLiteral("cuda"); ///< a backend plugin's id (BackendInfo::id)

    // Hardware
    QString devicePreset = QStringLiteral("A100-80G"); ///< DevicePreset id or "custom"
    double customDeviceMemoryGiB = 0;
    double hostMemoryGiB = 0; ///< CPU RAM per node; 0 = unknown

    // Launch
    QString launcher = QStringLiteral("torchrun"); ///< torchrun, accelerate, deepspeed, megatron
    bool slurm = false; ///< wrap the launch in an sbatch script
    int nodes = 1;
    int devicesPerNode = 8;
    QString masterAddr; ///< host or a shell reference such as $MASTER_ADDR
    QString masterPort; ///< port number or a shell reference
    QString nodeRank; ///< number or a shell reference ($NODE_RANK, $MACHINE_RANK)
    QString script = QStringLiteral("train.py");
    QString accelerateConfigFile = QStringLiteral("accelerate_config.yaml");
    QString deepspeedConfigFile = QStringLiteral("ds_config.json");
    QStringList launcherExtraArgs; ///< launcher options PortBench does not model, verbatim

    // Model
    QString modelPath;
    qint64 parameters = 0;
    int layers = 0;
    int hiddenSize = 0;
    int heads = 0;
    int vocabSize = 0;
    int seqLength = 0;
    bool flashAttention = false;

    // Precision
    bool fp16 = false;
    bool bf16 = false;
    double lossScale = 0; ///< 0 = dynamic loss scaling
    int initialScalePower = 16;
    int lossScaleWindow = 1000;
    int hysteresis = 2;
    double minLossScale = 1;

    // Strategy
    FsdpSettings fsdp;
    ZeroSettings zero;
    MegatronSettings megatron;
    bool gradientCheckpointing = false;

    // Schedule
    int microBatch = 1;
    int gradAccum = 1;
    int globalBatch = 0; ///< 0 = derived from micro × accumulation × data-parallel size
    QString optimizer = QStringLiteral("adamw"); ///< adamw, adam, sgd, adafactor
    double learningRate = 0; ///< 0 = the framework default
    double weightDecay = 0;
    QString scheduler; ///< linear, cosine, constant, …; empty = the framework default
    double warmupRatio = 0;
    int warmupSteps = 0;
    int maxSteps = 0; ///< 0 = run by epochs
    double epochs = 0;
    int loggingSteps = 0;
    int saveSteps = 0;
    int evalSteps = 0;
    double gradientClipping = 1.0;
    int seed = 0; ///< 0 = the framework default
    QString outputDir;

    // Environment
    bool deterministic = false; ///< parity runs: deterministic kernels and collectives
    QList<QPair<QString, QString>> env;

    // Memory estimate
    double marginFraction = 0.1;

    // What PortBench does not model, kept so that imports round-trip
    QList<TrainerArg> trainerArgs; ///< the script arguments as imported, in order
    QJsonObject deepspeedExtra; ///< ds_config keys not modelled
    QJsonObject accelerateExtra; ///< accelerate YAML keys not modelled (as JSON)

    int worldSize() const { return nodes * devicesPerNode; }
    /// Model-parallel degree (TP × PP × CP); 1 unless launched through Megatron/MindSpeed.
    int modelParallelSize() const;
    int dataParallelSize() const;
    int derivedGlobalBatch() const { return microBatch * gradAccum * dataParallelSize(); }
    int effectiveGlobalBatch() const { return globalBatch > 0 ? globalBatch : derivedGlobalBatch(); }
    bool isMegatron() const { return launcher == QLatin1String("megatron"); }
};

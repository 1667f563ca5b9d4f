#include "trainingconfigjson.h"

#include "io/jsoninput.h"

#include "jsonfieldreader.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace {

const QStringList backends{QStringLiteral("cuda"), QStringLiteral("npu"), QStringLiteral("musa")};
const QStringList launchers{QStringLiteral("torchrun"), QStringLiteral("accelerate"), QStringLiteral("deepspeed"),
                            QStringLiteral("megatron")};
const QStringList shardings{QStringLiteral("full_shard"), QStringLiteral("shard_grad_op"),
                            QStringLiteral("hybrid_shard"), QStringLiteral("no_shard")};
const QStringList autoWraps{QStringLiteral("none"), QStringLiteral("transformer"), QStringLiteral("size")};
const QStringList stateDicts{QStringLiteral("FULL_STATE_DICT"), QStringLiteral("SHARDED_STATE_DICT"),
                             QStringLiteral("LOCAL_STATE_DICT")};
const QStringList prefetches{QStringLiteral("BACKWARD_PRE"), QStringLiteral("BACKWARD_POST"),
                             QStringLiteral("NO_PREFETCH")};
const QStringList offloads{QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme")};
const QStringList optimizers{QStringLiteral("adamw"), QStringLiteral("adam"), QStringLiteral("sgd"),
                             QStringLiteral("adafactor")};

} // namespace

QJsonObject TrainingConfigJson::toJson(const TrainingConfig &c)
{
    QJsonObject root;
    root[QStringLiteral("version")] = TrainingConfig::currentVersion;
    root[QStringLiteral("name")] = c.name;
    root[QStringLiteral("backend")] = c.backend;
    root[QStringLiteral("hardware")] = QJsonObject{{QStringLiteral("devicePreset"), c.devicePreset},
                                                   {QStringLiteral("customDeviceMemoryGiB"), c.customDeviceMemoryGiB},
                                                   {QStringLiteral("hostMemoryGiB"), c.hostMemoryGiB}};
    root[QStringLiteral("launch")] = QJsonObject{
        {QStringLiteral("launcher"), c.launcher},
        {QStringLiteral("slurm"), c.slurm},
        {QStringLiteral("nodes"), c.nodes},
        {QStringLiteral("devicesPerNode"), c.devicesPerNode},
        {QStringLiteral("masterAddr"), c.masterAddr},
        {QStringLiteral("masterPort"), c.masterPort},
        {QStringLiteral("nodeRank"), c.nodeRank},
        {QStringLiteral("script"), c.script},
        {QStringLiteral("accelerateConfigFile"), c.accelerateConfigFile},
        {QStringLiteral("deepspeedConfigFile"), c.deepspeedConfigFile},
        {QStringLiteral("extraArgs"), QJsonArray::fromStringList(c.launcherExtraArgs)}};
    root[QStringLiteral("model")] = QJsonObject{{QStringLiteral("path"), c.modelPath},
                                                {QStringLiteral("parameters"), double(c.parameters)},
                                                {QStringLiteral("layers"), c.layers},
                                                {QStringLiteral("hiddenSize"), c.hiddenSize},
                                                {QStringLiteral("heads"), c.heads},
                                                {QStringLiteral("vocabSize"), c.vocabSize},
                                                {QStringLiteral("seqLength"), c.seqLength},
                                                {QStringLiteral("flashAttention"), c.flashAttention}};
    root[QStringLiteral("precision")] = QJsonObject{{QStringLiteral("fp16"), c.fp16},
                                                    {QStringLiteral("bf16"), c.bf16},
                                                    {QStringLiteral("lossScale"), c.lossScale},
                                                    {QStringLiteral("initialScalePower"), c.initialScalePower},
                                                    {QStringLiteral("lossScaleWindow"), c.lossScaleWindow},
                                                    {QStringLiteral("hysteresis"), c.hysteresis},
                                                    {QStringLiteral("minLossScale"), c.minLossScale}};
    const FsdpSettings &f = c.fsdp;
    const QJsonObject fsdp{{QStringLiteral("enabled"), f.enabled},
                           {QStringLiteral("version"), f.version},
                           {QStringLiteral("sharding"), f.sharding},
                           {QStringLiteral("cpuOffload"), f.cpuOffload},
                           {QStringLiteral("autoWrap"), f.autoWrap},
                           {QStringLiteral("layerClass"), f.layerClass},
                           {QStringLiteral("minNumParams"), double(f.minNumParams)},
                           {QStringLiteral("stateDictType"), f.stateDictType},
                           {QStringLiteral("syncModuleStates"), f.syncModuleStates},
                           {QStringLiteral("useOrigParams"), f.useOrigParams},
                           {QStringLiteral("backwardPrefetch"), f.backwardPrefetch},
                           {QStringLiteral("forwardPrefetch"), f.forwardPrefetch},
                           {QStringLiteral("cpuRamEfficientLoading"), f.cpuRamEfficientLoading},
                           {QStringLiteral("reshardAfterForward"), f.reshardAfterForward},
                           {QStringLiteral("activationCheckpointing"), f.activationCheckpointing}};
    const ZeroSettings &z = c.zero;
    const QJsonObject zero{{QStringLiteral("enabled"), z.enabled},
                           {QStringLiteral("stage"), z.stage},
                           {QStringLiteral("offloadOptimizer"), z.offloadOptimizer},
                           {QStringLiteral("offloadParam"), z.offloadParam},
                           {QStringLiteral("nvmePath"), z.nvmePath},
                           {QStringLiteral("pinMemory"), z.pinMemory},
                           {QStringLiteral("overlapComm"), z.overlapComm},
                           {QStringLiteral("contiguousGradients"), z.contiguousGradients},
                           {QStringLiteral("reduceBucketSize"), z.reduceBucketSize},
                           {QStringLiteral("allgatherBucketSize"), z.allgatherBucketSize},
                           {QStringLiteral("subGroupSize"), z.subGroupSize},
                           {QStringLiteral("prefetchBucketSize"), z.prefetchBucketSize},
                           {QStringLiteral("paramPersistenceThreshold"), z.paramPersistenceThreshold},
                           {QStringLiteral("maxLiveParameters"), z.maxLiveParameters},
                           {QStringLiteral("maxReuseDistance"), z.maxReuseDistance},
                           {QStringLiteral("gather16bitWeightsOnModelSave"), z.gather16bitWeightsOnModelSave},
                           {QStringLiteral("hfAuto"), z.hfAuto}};
    const MegatronSettings &m = c.megatron;
    const QJsonObject megatron{{QStringLiteral("tp"), m.tp},
                               {QStringLiteral("pp"), m.pp},
                               {QStringLiteral("cp"), m.cp},
                               {QStringLiteral("sp"), m.sp},
                               {QStringLiteral("distributedOptimizer"), m.distributedOptimizer},
                               {QStringLiteral("entryScript"), m.entryScript}};
    root[QStringLiteral("strategy")] = QJsonObject{{QStringLiteral("gradientCheckpointing"), c.gradientCheckpointing},
                                                   {QStringLiteral("fsdp"), fsdp},
                                                   {QStringLiteral("zero"), zero},
                                                   {QStringLiteral("megatron"), megatron}};
    root[QStringLiteral("schedule")] = QJsonObject{{QStringLiteral("microBatch"), c.microBatch},
                                                   {QStringLiteral("gradAccum"), c.gradAccum},
                                                   {QStringLiteral("globalBatch"), c.globalBatch},
                                                   {QStringLiteral("optimizer"), c.optimizer},
                                                   {QStringLiteral("learningRate"), c.learningRate},
                                                   {QStringLiteral("weightDecay"), c.weightDecay},
                                                   {QStringLiteral("scheduler"), c.scheduler},
                                                   {QStringLiteral("warmupRatio"), c.warmupRatio},
                                                   {QStringLiteral("warmupSteps"), c.warmupSteps},
                                                   {QStringLiteral("maxSteps"), c.maxSteps},
                                                   {QStringLiteral("epochs"), c.epochs},
                                                   {QStringLiteral("loggingSteps"), c.loggingSteps},
                                                   {QStringLiteral("saveSteps"), c.saveSteps},
                                                   {QStringLiteral("evalSteps"), c.evalSteps},
                                                   {QStringLiteral("gradientClipping"), c.gradientClipping},
                                                   {QStringLiteral("seed"), c.seed},
                                                   {QStringLiteral("outputDir"), c.outputDir}};
    QJsonArray vars;
    for (const auto &kv : c.env)
        vars.append(QJsonObject{{QStringLiteral("name"), kv.first}, {QStringLiteral("value"), kv.second}});
    root[QStringLiteral("environment")] =
        QJsonObject{{QStringLiteral("deterministic"), c.deterministic}, {QStringLiteral("variables"), vars}};
    root[QStringLiteral("memory")] = QJsonObject{{QStringLiteral("marginFraction"), c.marginFraction}};
    QJsonArray args;
    for (const TrainerArg &a : c.trainerArgs)
        args.append(QJsonObject{{QStringLiteral("flag"), a.flag},
                                {QStringLiteral("raw"), a.raw},
                                {QStringLiteral("equals"), a.equals},
                                {QStringLiteral("hasValue"), a.hasValue}});
    root[QStringLiteral("passthrough")] = QJsonObject{{QStringLiteral("trainerArgs"), args},
                                                      {QStringLiteral("deepspeed"), c.deepspeedExtra},
                                                      {QStringLiteral("accelerate"), c.accelerateExtra}};
    return root;
}

QByteArray TrainingConfigJson::write(const TrainingConfig &config)
{
    return QJsonDocument(toJson(config)).toJson(QJsonDocument::Indented);
}

ConfigParseResult TrainingConfigJson::fromJson(const QJsonObject &root)
{
    ConfigParseResult result;
    TrainingConfig &c = result.config;
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) || version.toDouble() < 1) {
        result.error = QStringLiteral("version: expected a whole number ≥ 1 (is this a PortBench training config?)");
        return result;
    }
    if (version.toInt() > TrainingConfig::currentVersion) {
        result.error = QStringLiteral("version: this file is version %1, written by a newer PortBench; this one reads "
                                      "up to version %2")
                           .arg(version.toInt())
                           .arg(TrainingConfig::currentVersion);
        return result;
    }
    JsonFieldReader r;
    r.get(root, {}, "name", c.name);
    r.get(root, {}, "backend", c.backend, backends);
    const QJsonObject hw = r.object(root, {}, "hardware");
    r.get(hw, QStringLiteral("hardware"), "devicePreset", c.devicePreset);
    r.get(hw, QStringLiteral("hardware"), "customDeviceMemoryGiB", c.customDeviceMemoryGiB);
    r.get(hw, QStringLiteral("hardware"), "hostMemoryGiB", c.hostMemoryGiB);

    const QString l = QStringLiteral("launch");
    const QJsonObject launch = r.object(root, {}, "launch");
    r.get(launch, l, "launcher", c.launcher, launchers);
    r.get(launch, l, "slurm", c.slurm);
    r.get(launch, l, "nodes", c.nodes);
    r.get(launch, l, "devicesPerNode", c.devicesPerNode);
    r.get(launch, l, "masterAddr", c.masterAddr);
    r.get(launch, l, "masterPort", c.masterPort);
    r.get(launch, l, "nodeRank", c.nodeRank);
    r.get(launch, l, "script", c.script);
    r.get(launch, l, "accelerateConfigFile", c.accelerateConfigFile);
    r.get(launch, l, "deepspeedConfigFile", c.deepspeedConfigFile);
    const QJsonValue extra = launch.value(QStringLiteral("extraArgs"));
    if (extra.isArray()) {
        for (const QJsonValue &v : extra.toArray()) {
            if (!v.isString())
                r.fail(QStringLiteral("launch.extraArgs"), QStringLiteral("an array of strings"));
            c.launcherExtraArgs << v.toString();
        }
    } else if (!extra.isUndefined()) {
        r.fail(QStringLiteral("launch.extraArgs"), QStringLiteral("an array of strings"));
    }

    const QString mo = QStringLiteral("model");
    const QJsonObject model = r.object(root, {}, "model");
    r.get(model, mo, "path", c.modelPath);
    r.get(model, mo, "parameters", c.parameters);
    r.get(model, mo, "layers", c.layers);
    r.get(model, mo, "hiddenSize", c.hiddenSize);
    r.get(model, mo, "heads", c.heads);
    r.get(model, mo, "vocabSize", c.vocabSize);
    r.get(model, mo, "seqLength", c.seqLength);
    r.get(model, mo, "flashAttention", c.flashAttention);

    const QString pr = QStringLiteral("precision");
    const QJsonObject precision = r.object(root, {}, "precision");
    r.get(precision, pr, "fp16", c.fp16);
    r.get(precision, pr, "bf16", c.bf16);
    r.get(precision, pr, "lossScale", c.lossScale);
    r.get(precision, pr, "initialScalePower", c.initialScalePower);
    r.get(precision, pr, "lossScaleWindow", c.lossScaleWindow);
    r.get(precision, pr, "hysteresis", c.hysteresis);
    r.get(precision, pr, "minLossScale", c.minLossScale);

    const QString st = QStringLiteral("strategy");
    const QJsonObject strategy = r.object(root, {}, "strategy");
    r.get(strategy, st, "gradientCheckpointing", c.gradientCheckpointing);
    const QString fp = QStringLiteral("strategy.fsdp");
    const QJsonObject fsdp = r.object(strategy, st, "fsdp");
    FsdpSettings &f = c.fsdp;
    r.get(fsdp, fp, "enabled", f.enabled);
    r.get(fsdp, fp, "version", f.version);
    if (f.version != 1 && f.version != 2)
        r.fail(QStringLiteral("strategy.fsdp.version"), QStringLiteral("1 or 2"));
    r.get(fsdp, fp, "sharding", f.sharding, shardings);
    r.get(fsdp, fp, "cpuOffload", f.cpuOffload);
    r.get(fsdp, fp, "autoWrap", f.autoWrap, autoWraps);
    r.get(fsdp, fp, "layerClass", f.layerClass);
    r.get(fsdp, fp, "minNumParams", f.minNumParams);
    r.get(fsdp, fp, "stateDictType", f.stateDictType, stateDicts);
    r.get(fsdp, fp, "syncModuleStates", f.syncModuleStates);
    r.get(fsdp, fp, "useOrigParams", f.useOrigParams);
    r.get(fsdp, fp, "backwardPrefetch", f.backwardPrefetch, prefetches);
    r.get(fsdp, fp, "forwardPrefetch", f.forwardPrefetch);
    r.get(fsdp, fp, "cpuRamEfficientLoading", f.cpuRamEfficientLoading);
    r.get(fsdp, fp, "reshardAfterForward", f.reshardAfterForward);
    r.get(fsdp, fp, "activationCheckpointing", f.activationCheckpointing);

    const QString zp = QStringLiteral("strategy.zero");
    const QJsonObject zero = r.object(strategy, st, "zero");
    ZeroSettings &z = c.zero;
    r.get(zero, zp, "enabled", z.enabled);
    r.get(zero, zp, "stage", z.stage);
    if (z.stage < 0 || z.stage > 3)
        r.fail(QStringLiteral("strategy.zero.stage"), QStringLiteral("0, 1, 2 or 3"));
    r.get(zero, zp, "offloadOptimizer", z.offloadOptimizer, offloads);
    r.get(zero, zp, "offloadParam", z.offloadParam, offloads);
    r.get(zero, zp, "nvmePath", z.nvmePath);
    r.get(zero, zp, "pinMemory", z.pinMemory);
    r.get(zero, zp, "overlapComm", z.overlapComm);
    r.get(zero, zp, "contiguousGradients", z.contiguousGradients);
    r.getAuto(zero, zp, "reduceBucketSize", z.reduceBucketSize);
    r.getAuto(zero, zp, "allgatherBucketSize", z.allgatherBucketSize);
    r.getAuto(zero, zp, "subGroupSize", z.subGroupSize);
    r.getAuto(zero, zp, "prefetchBucketSize", z.prefetchBucketSize);
    r.getAuto(zero, zp, "paramPersistenceThreshold", z.paramPersistenceThreshold);
    r.getAuto(zero, zp, "maxLiveParameters", z.maxLiveParameters);
    r.getAuto(zero, zp, "maxReuseDistance", z.maxReuseDistance);
    r.getAuto(zero, zp, "gather16bitWeightsOnModelSave", z.gather16bitWeightsOnModelSave);
    r.get(zero, zp, "hfAuto", z.hfAuto);

    const QString mp = QStringLiteral("strategy.megatron");
    const QJsonObject megatron = r.object(strategy, st, "megatron");
    r.get(megatron, mp, "tp", c.megatron.tp);
    r.get(megatron, mp, "pp", c.megatron.pp);
    r.get(megatron, mp, "cp", c.megatron.cp);
    r.get(megatron, mp, "sp", c.megatron.sp);
    r.get(megatron, mp, "distributedOptimizer", c.megatron.distributedOptimizer);
    r.get(megatron, mp, "entryScript", c.megatron.entryScript);

    const QString sc = QStringLiteral("schedule");
    const QJsonObject schedule = r.object(root, {}, "schedule");
    r.get(schedule, sc, "microBatch", c.microBatch);
    r.get(schedule, sc, "gradAccum", c.gradAccum);
    r.get(schedule, sc, "globalBatch", c.globalBatch);
    r.get(schedule, sc, "optimizer", c.optimizer, optimizers);
    r.get(schedule, sc, "learningRate", c.learningRate);
    r.get(schedule, sc, "weightDecay", c.weightDecay);
    r.get(schedule, sc, "scheduler", c.scheduler);
    r.get(schedule, sc, "warmupRatio", c.warmupRatio);
    r.get(schedule, sc, "warmupSteps", c.warmupSteps);
    r.get(schedule, sc, "maxSteps", c.maxSteps);
    r.get(schedule, sc, "epochs", c.epochs);
    r.get(schedule, sc, "loggingSteps", c.loggingSteps);
    r.get(schedule, sc, "saveSteps", c.saveSteps);
    r.get(schedule, sc, "evalSteps", c.evalSteps);
    r.get(schedule, sc, "gradientClipping", c.gradientClipping);
    r.get(schedule, sc, "seed", c.seed);
    r.get(schedule, sc, "outputDir", c.outputDir);

    const QString en = QStringLiteral("environment");
    const QJsonObject environment = r.object(root, {}, "environment");
    r.get(environment, en, "deterministic", c.deterministic);
    const QJsonArray vars = environment.value(QStringLiteral("variables")).toArray();
    for (int i = 0; i < vars.size(); ++i) {
        const QJsonObject v = vars.at(i).toObject();
        const QString name = v.value(QStringLiteral("name")).toString();
        if (name.isEmpty() || !v.value(QStringLiteral("value")).isString())
            r.fail(QStringLiteral("environment.variables[%1]").arg(i), QStringLiteral("{\"name\": …, \"value\": …}"));
        c.env.append({name, v.value(QStringLiteral("value")).toString()});
    }
    const QJsonObject memory = r.object(root, {}, "memory");
    r.get(memory, QStringLiteral("memory"), "marginFraction", c.marginFraction);

    const QJsonObject pass = r.object(root, {}, "passthrough");
    const QJsonArray args = pass.value(QStringLiteral("trainerArgs")).toArray();
    for (int i = 0; i < args.size(); ++i) {
        const QJsonObject a = args.at(i).toObject();
        TrainerArg arg;
        arg.flag = a.value(QStringLiteral("flag")).toString();
        arg.raw = a.value(QStringLiteral("raw")).toString();
        arg.equals = a.value(QStringLiteral("equals")).toBool();
        arg.hasValue = a.value(QStringLiteral("hasValue")).toBool(true);
        if (arg.flag.isEmpty() && arg.raw.isEmpty())
            r.fail(QStringLiteral("passthrough.trainerArgs[%1].flag").arg(i), QStringLiteral("a flag name"));
        c.trainerArgs.append(arg);
    }
    c.deepspeedExtra = r.object(pass, QStringLiteral("passthrough"), "deepspeed");
    c.accelerateExtra = r.object(pass, QStringLiteral("passthrough"), "accelerate");
    result.error = r.error;
    return result;
}

ConfigParseResult TrainingConfigJson::read(const QByteArray &bytes)
{
    QString error;
    const QJsonDocument doc = JsonInput::parse(bytes, &error);
    if (!error.isEmpty()) {
        ConfigParseResult r;
        r.error = error;
        return r;
    }
    if (!doc.isObject()) {
        ConfigParseResult r;
        r.error = QStringLiteral("expected a JSON object");
        return r;
    }
    return fromJson(doc.object());
}

bool TrainingConfigJson::sniff(const QByteArray &bytes)
{
    const QJsonDocument doc = JsonInput::parse(bytes);
    return doc.isObject() && doc.object().contains(QStringLiteral("version"))
        && doc.object().contains(QStringLiteral("launch"));
}

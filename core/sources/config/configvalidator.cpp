// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configvalidator.h"

#include "backendprofiles.h"
#include "devicepreset.h"

#include <QRegularExpression>

namespace {

class Collector
{
public:
    ConfigIssues issues;
    void error(const char *field, const QString &message)
    {
        issues.append({ConfigIssue::Severity::Error, QLatin1String(field), message});
    }
    void warning(const char *field, const QString &message)
    {
        issues.append({ConfigIssue::Severity::Warning, QLatin1String(field), message});
    }
};

bool isShellReference(const QString &s)
{
    return s.startsWith(QLatin1Char('$'));
}

void checkPort(Collector &c, const QString &port)
{
    if (port.isEmpty() || isShellReference(port))
        return;
    bool ok = false;
    const int p = port.toInt(&ok);
    if (!ok || p < 1 || p > 65535)
        c.error("launch.masterPort",
                ConfigValidator::tr("\"%1\" is not a port number (1–65535) or a $VARIABLE").arg(port));
}

/// The backend's own rules (its plugin's backendprofile.json), or why there are none.
void checkBackend(Collector &c, const TrainingConfig &cfg)
{
    if (!BackendProfiles::loaded()) {
        // A process that uses the config code before constructing a PluginManager: say so, instead
        // of blaming a missing plugin for a backend that may well be installed.
        c.error("backend",
                ConfigValidator::tr("no backend profiles loaded (no plugin manager has run in this "
                                    "process): backend \"%1\" and its rules cannot be checked")
                    .arg(cfg.backend));
        return;
    }
    const BackendProfile *backend = BackendProfiles::find(cfg.backend);
    if (!backend) {
        c.warning("backend",
                  ConfigValidator::tr("no plugin for backend \"%1\" is loaded (see 'portbench-cli plugins'): "
                                      "its environment, devices and rules are unknown")
                      .arg(cfg.backend));
        return;
    }
    for (const BackendConfigRule &rule : backend->rules) {
        if (!rule.appliesTo(cfg))
            continue;
        c.issues.append(
            {rule.error ? ConfigIssue::Severity::Error : ConfigIssue::Severity::Warning, rule.field, rule.message});
    }
}

} // namespace

ConfigIssues ConfigValidator::validate(const TrainingConfig &cfg, std::optional<int> devicesFound)
{
    Collector c;
    const DevicePreset device = DevicePreset::find(cfg.devicePreset, cfg.customDeviceMemoryGiB);

    // Topology
    if (cfg.nodes < 1)
        c.error("launch.nodes", tr("must be at least 1 (is %1)").arg(cfg.nodes));
    if (cfg.devicesPerNode < 1)
        c.error("launch.devicesPerNode", tr("must be at least 1 (is %1)").arg(cfg.devicesPerNode));
    if (devicesFound && cfg.devicesPerNode > *devicesFound)
        c.error("launch.devicesPerNode",
                tr("%1 processes per node, but the environment check found %2 "
                   "device(s) on this node")
                    .arg(cfg.devicesPerNode)
                    .arg(*devicesFound));
    if (cfg.nodes > 1 && cfg.masterAddr.isEmpty() && !cfg.slurm)
        c.error("launch.masterAddr", tr("%1 nodes need a master address (a host, or $MASTER_ADDR)").arg(cfg.nodes));
    checkPort(c, cfg.masterPort);
    if (cfg.script.trimmed().isEmpty())
        c.error("launch.script", tr("no training script to launch"));
    if (cfg.devicePreset == QLatin1String("custom") && cfg.customDeviceMemoryGiB <= 0)
        c.error("hardware.customDeviceMemoryGiB", tr("a custom device needs its memory size in GiB"));
    if (!device.backend.isEmpty() && device.backend != cfg.backend)
        c.warning("hardware.devicePreset",
                  tr("%1 is a %2 device but the backend is %3").arg(device.displayName, device.backend, cfg.backend));

    // Precision
    if (cfg.fp16 && cfg.bf16)
        c.error("precision.bf16", tr("fp16 and bf16 are both on; choose one mixed-precision mode"));
    if (cfg.bf16 && !device.bf16)
        c.error("precision.bf16", tr("%1 has no bf16 support; use fp16 with loss scaling").arg(device.displayName));

    // Strategy
    const FsdpSettings &f = cfg.fsdp;
    const ZeroSettings &z = cfg.zero;
    if (f.enabled && z.enabled)
        c.error("strategy.zero.enabled",
                tr("FSDP and DeepSpeed ZeRO are both on; they shard the same "
                   "model states, use one"));
    if (f.enabled && f.autoWrap == QLatin1String("transformer") && f.layerClass.trimmed().isEmpty()) {
        // accelerate falls back to the model's _no_split_modules; a plain --fsdp auto_wrap run needs the class.
        if (cfg.launcher == QLatin1String("accelerate"))
            c.warning("strategy.fsdp.layerClass",
                      tr("no transformer layer class: accelerate will wrap the "
                         "model's _no_split_modules"));
        else
            c.error("strategy.fsdp.layerClass",
                    tr("the transformer auto-wrap policy needs the decoder "
                       "layer class (e.g. LlamaDecoderLayer, Qwen2DecoderLayer)"));
    }
    if (f.enabled && f.sharding == QLatin1String("hybrid_shard") && cfg.nodes < 2)
        c.warning("strategy.fsdp.sharding",
                  tr("hybrid_shard replicates across nodes; with one node it is "
                     "full_shard with extra communication groups"));
    if (f.enabled && cfg.isMegatron())
        c.error("strategy.fsdp.enabled", tr("the Megatron/MindSpeed launcher does not use PyTorch FSDP"));
    if (z.enabled && cfg.isMegatron())
        c.error("strategy.zero.enabled",
                tr("the Megatron/MindSpeed launcher does not use DeepSpeed ZeRO; "
                   "use its distributed optimizer"));
    if (z.enabled) {
        if (z.offloadParam != QLatin1String("none") && z.stage != 3)
            c.error("strategy.zero.offloadParam",
                    tr("parameter offload needs ZeRO stage 3 (stage is %1)").arg(z.stage));
        if (z.offloadOptimizer != QLatin1String("none") && z.stage == 0)
            c.error("strategy.zero.offloadOptimizer", tr("optimizer offload needs ZeRO stage 1, 2 or 3"));
        const bool nvme = z.offloadOptimizer == QLatin1String("nvme") || z.offloadParam == QLatin1String("nvme");
        if (nvme && z.nvmePath.trimmed().isEmpty())
            c.error("strategy.zero.nvmePath", tr("NVMe offload needs the path of a local NVMe directory"));
    }
    checkBackend(c, cfg);

    // Megatron parallelism
    if (cfg.isMegatron()) {
        const MegatronSettings &m = cfg.megatron;
        if (m.tp < 1 || m.pp < 1 || m.cp < 1) {
            c.error("strategy.megatron.tp", tr("TP, PP and CP must each be at least 1"));
        } else if (cfg.worldSize() % cfg.modelParallelSize() != 0) {
            c.error("strategy.megatron.tp",
                    tr("TP × PP × CP = %1 × %2 × %3 = %4 does not divide the world size %5 (%6 nodes × %7); "
                       "TP × PP × CP × DP must equal the world size")
                        .arg(m.tp)
                        .arg(m.pp)
                        .arg(m.cp)
                        .arg(cfg.modelParallelSize())
                        .arg(cfg.worldSize())
                        .arg(cfg.nodes)
                        .arg(cfg.devicesPerNode));
        }
        if (m.tp > 0 && cfg.heads > 0 && cfg.heads % m.tp != 0)
            c.error("strategy.megatron.tp",
                    tr("%1 attention heads are not divisible by TP %2").arg(cfg.heads).arg(m.tp));
        if (m.pp > 0 && cfg.layers > 0 && cfg.layers % m.pp != 0)
            c.error("strategy.megatron.pp", tr("%1 layers are not divisible by PP %2").arg(cfg.layers).arg(m.pp));
        if (m.sp && m.tp == 1)
            c.warning("strategy.megatron.sp", tr("sequence parallelism has no effect with TP 1"));
        if (m.tp > cfg.devicesPerNode)
            c.warning("strategy.megatron.tp",
                      tr("TP %1 spans nodes (%2 devices per node); tensor parallelism "
                         "wants the fast intra-node links")
                          .arg(m.tp)
                          .arg(cfg.devicesPerNode));
    }

    // Batch arithmetic
    if (cfg.microBatch < 1)
        c.error("schedule.microBatch", tr("must be at least 1 (is %1)").arg(cfg.microBatch));
    if (cfg.gradAccum < 1)
        c.error("schedule.gradAccum", tr("must be at least 1 (is %1)").arg(cfg.gradAccum));
    if (cfg.globalBatch > 0 && cfg.microBatch > 0 && cfg.gradAccum > 0 && cfg.globalBatch != cfg.derivedGlobalBatch()) {
        c.error("schedule.globalBatch",
                tr("global batch %1 ≠ micro batch %2 × accumulation %3 × data-parallel size %4 = %5")
                    .arg(cfg.globalBatch)
                    .arg(cfg.microBatch)
                    .arg(cfg.gradAccum)
                    .arg(cfg.dataParallelSize())
                    .arg(cfg.derivedGlobalBatch()));
    }
    if (cfg.warmupRatio < 0 || cfg.warmupRatio > 1)
        c.error("schedule.warmupRatio", tr("must be between 0 and 1 (is %1)").arg(cfg.warmupRatio));
    if (cfg.marginFraction < 0 || cfg.marginFraction >= 1)
        c.error("memory.marginFraction", tr("must be in [0, 1) (is %1)").arg(cfg.marginFraction));

    static const QRegularExpression envName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    for (const auto &kv : cfg.env) {
        if (!envName.match(kv.first).hasMatch())
            c.issues.append({ConfigIssue::Severity::Error, QStringLiteral("environment.variables"),
                             tr("\"%1\" is not a valid environment variable name").arg(kv.first)});
    }
    return c.issues;
}

bool ConfigValidator::hasErrors(const ConfigIssues &issues)
{
    for (const ConfigIssue &i : issues) {
        if (i.isError())
            return true;
    }
    return false;
}

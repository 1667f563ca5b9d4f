// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "accelerateyaml.h"

#include "backendprofiles.h"
#include "jsonfieldreader.h"
#include "jsontree.h"
#include "trainerargs.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace {

/// YAML 1.1 / PyYAML resolution of a plain scalar: what accelerate will read back.
QJsonValue plainScalar(const QString &s)
{
    static const QRegularExpression boolTrue(QStringLiteral("^(true|True|TRUE|yes|Yes|YES|on|On|ON)$"));
    static const QRegularExpression boolFalse(QStringLiteral("^(false|False|FALSE|no|No|NO|off|Off|OFF)$"));
    static const QRegularExpression null(QStringLiteral("^(~|null|Null|NULL|)$"));
    static const QRegularExpression integer(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression real(QStringLiteral("^[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?$"));
    if (boolTrue.match(s).hasMatch())
        return true;
    if (boolFalse.match(s).hasMatch())
        return false;
    if (null.match(s).hasMatch())
        return QJsonValue::Null;
    if (integer.match(s).hasMatch() || real.match(s).hasMatch())
        return s.toDouble();
    return s;
}

QJsonValue toJson(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Map: {
        QJsonObject o;
        for (const auto &kv : node)
            o[QString::fromStdString(kv.first.Scalar())] = toJson(kv.second);
        return o;
    }
    case YAML::NodeType::Sequence: {
        QJsonArray a;
        for (const auto &item : node)
            a.append(toJson(item));
        return a;
    }
    case YAML::NodeType::Scalar:
        // A quoted scalar carries the non-specific tag "!" and is always a string.
        if (node.Tag() == "!")
            return QString::fromStdString(node.Scalar());
        return plainScalar(QString::fromStdString(node.Scalar()));
    default: return QJsonValue::Null;
    }
}

void emitValue(YAML::Emitter &out, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            out << YAML::Flow << YAML::BeginMap << YAML::EndMap;
            return;
        }
        out << YAML::BeginMap;
        for (auto it = o.begin(); it != o.end(); ++it) {
            out << YAML::Key << it.key().toStdString() << YAML::Value;
            emitValue(out, it.value());
        }
        out << YAML::EndMap;
        return;
    }
    case QJsonValue::Array: {
        const QJsonArray a = v.toArray();
        if (a.isEmpty()) {
            out << YAML::Flow << YAML::BeginSeq << YAML::EndSeq;
            return;
        }
        out << YAML::BeginSeq;
        for (const QJsonValue &item : a)
            emitValue(out, item);
        out << YAML::EndSeq;
        return;
    }
    case QJsonValue::Bool: out << (v.toBool() ? "true" : "false"); return;
    case QJsonValue::Double: out << TrainerArgs::formatNumber(v.toDouble()).toStdString(); return;
    case QJsonValue::String: {
        const QString s = v.toString();
        if (!plainScalar(s).isString() || s.trimmed() != s)
            out << YAML::SingleQuoted;
        out << s.toStdString();
        return;
    }
    default: out << YAML::Null; return;
    }
}

QString distributedType(const TrainingConfig &c)
{
    if (c.fsdp.enabled)
        return QStringLiteral("FSDP");
    if (c.zero.enabled)
        return QStringLiteral("DEEPSPEED");
    if (c.worldSize() <= 1)
        return QStringLiteral("NO");
    const BackendProfile *backend = BackendProfiles::find(c.backend);
    return backend ? backend->accelerateDistributedType : QStringLiteral("MULTI_GPU");
}

} // namespace

QJsonObject AccelerateYaml::modelled(const TrainingConfig &c)
{
    QJsonObject o;
    o[QStringLiteral("distributed_type")] = distributedType(c);
    o[QStringLiteral("mixed_precision")] = c.bf16 ? QStringLiteral("bf16")
        : c.fp16                                  ? QStringLiteral("fp16")
                                                  : QStringLiteral("no");
    o[QStringLiteral("num_machines")] = c.nodes;
    o[QStringLiteral("num_processes")] = c.worldSize();
    bool rankIsNumber = false;
    const int rank = c.nodeRank.toInt(&rankIsNumber);
    o[QStringLiteral("machine_rank")] = rankIsNumber ? rank : 0;
    // Shell references ($MASTER_ADDR) are passed on the accelerate command line instead.
    if (c.nodes > 1 && !c.masterAddr.isEmpty() && !c.masterAddr.startsWith(QLatin1Char('$')))
        o[QStringLiteral("main_process_ip")] = c.masterAddr;
    if (c.nodes > 1 && !c.masterPort.isEmpty() && !c.masterPort.startsWith(QLatin1Char('$')))
        o[QStringLiteral("main_process_port")] = c.masterPort.toInt();
    if (c.fsdp.enabled) {
        const FsdpSettings &f = c.fsdp;
        QJsonObject fsdp;
        fsdp[QStringLiteral("fsdp_activation_checkpointing")] = f.activationCheckpointing;
        fsdp[QStringLiteral("fsdp_auto_wrap_policy")] = f.autoWrap == QLatin1String("transformer")
            ? QStringLiteral("TRANSFORMER_BASED_WRAP")
            : f.autoWrap == QLatin1String("size") ? QStringLiteral("SIZE_BASED_WRAP")
                                                  : QStringLiteral("NO_WRAP");
        fsdp[QStringLiteral("fsdp_cpu_ram_efficient_loading")] = f.cpuRamEfficientLoading;
        fsdp[QStringLiteral("fsdp_offload_params")] = f.cpuOffload;
        fsdp[QStringLiteral("fsdp_state_dict_type")] = f.stateDictType;
        if (f.autoWrap == QLatin1String("transformer") && !f.layerClass.isEmpty())
            fsdp[QStringLiteral("fsdp_transformer_layer_cls_to_wrap")] = f.layerClass;
        if (f.autoWrap == QLatin1String("size"))
            fsdp[QStringLiteral("fsdp_min_num_params")] = double(f.minNumParams);
        if (f.version == 2) {
            fsdp[QStringLiteral("fsdp_version")] = 2;
            fsdp[QStringLiteral("fsdp_reshard_after_forward")] = f.reshardAfterForward;
        } else {
            fsdp[QStringLiteral("fsdp_backward_prefetch")] = f.backwardPrefetch;
            fsdp[QStringLiteral("fsdp_forward_prefetch")] = f.forwardPrefetch;
            fsdp[QStringLiteral("fsdp_sharding_strategy")] = f.sharding.toUpper();
            fsdp[QStringLiteral("fsdp_sync_module_states")] = f.syncModuleStates;
            fsdp[QStringLiteral("fsdp_use_orig_params")] = f.useOrigParams;
        }
        o[QStringLiteral("fsdp_config")] = fsdp;
    }
    if (c.zero.enabled) {
        o[QStringLiteral("deepspeed_config")]
            = QJsonObject{{QStringLiteral("deepspeed_config_file"), c.deepspeedConfigFile},
                          {QStringLiteral("zero3_init_flag"), c.zero.stage == 3}};
    }
    return o;
}

QJsonObject AccelerateYaml::emit(const TrainingConfig &config)
{
    // What `accelerate config` writes for a local multi-device machine.
    const QJsonObject defaults{{QStringLiteral("compute_environment"), QStringLiteral("LOCAL_MACHINE")},
                               {QStringLiteral("debug"), false},
                               {QStringLiteral("downcast_bf16"), QStringLiteral("no")},
                               {QStringLiteral("enable_cpu_affinity"), false},
                               {QStringLiteral("main_training_function"), QStringLiteral("main")},
                               {QStringLiteral("rdzv_backend"), QStringLiteral("static")},
                               {QStringLiteral("same_network"), true},
                               {QStringLiteral("tpu_env"), QJsonArray()},
                               {QStringLiteral("tpu_use_cluster"), false},
                               {QStringLiteral("tpu_use_sudo"), false},
                               {QStringLiteral("use_cpu"), false}};
    return JsonTree::merge(JsonTree::merge(defaults, config.accelerateExtra), modelled(config));
}

QByteArray AccelerateYaml::toYaml(const QJsonObject &object)
{
    YAML::Emitter out;
    out.SetNullFormat(YAML::LowerNull);
    out.SetIndent(2);
    emitValue(out, object);
    QByteArray bytes(out.c_str(), qsizetype(out.size()));
    bytes.append('\n');
    return bytes;
}

QByteArray AccelerateYaml::write(const TrainingConfig &config)
{
    return toYaml(emit(config));
}

ConfigParseResult AccelerateYaml::import(const QByteArray &bytes, const TrainingConfig &base)
{
    ConfigParseResult result;
    result.config = base;
    YAML::Node root;
    try {
        root = YAML::Load(bytes.toStdString());
    } catch (const YAML::Exception &e) {
        result.error = QStringLiteral("line %1: %2").arg(e.mark.line + 1).arg(QString::fromStdString(e.msg));
        return result;
    }
    if (!root.IsMap()) {
        result.error = QStringLiteral("expected a YAML mapping of accelerate settings");
        return result;
    }
    const QJsonObject json = toJson(root).toObject();
    TrainingConfig &c = result.config;
    JsonFieldReader r;
    QString type;
    r.get(json, {}, "distributed_type", type);
    c.fsdp.enabled = type == QLatin1String("FSDP");
    c.zero.enabled = type == QLatin1String("DEEPSPEED");
    // MULTI_GPU is accelerate's default and says nothing about the vendor.
    for (const BackendProfile &backend : BackendProfiles::installed()) {
        if (type == backend.accelerateDistributedType && type != QLatin1String("MULTI_GPU"))
            c.backend = backend.info.id;
    }
    QString precision = QStringLiteral("no");
    r.get(json, {}, "mixed_precision", precision,
          {QStringLiteral("no"), QStringLiteral("fp16"), QStringLiteral("bf16"), QStringLiteral("fp8")});
    c.fp16 = precision == QLatin1String("fp16");
    c.bf16 = precision == QLatin1String("bf16");
    int processes = c.worldSize();
    r.get(json, {}, "num_machines", c.nodes);
    r.get(json, {}, "num_processes", processes);
    if (c.nodes < 1)
        r.fail(QStringLiteral("num_machines"), QStringLiteral("at least 1"));
    else
        c.devicesPerNode = std::max(1, processes / c.nodes);
    QString rank, ip, port;
    r.get(json, {}, "machine_rank", rank);
    r.get(json, {}, "main_process_ip", ip);
    r.get(json, {}, "main_process_port", port);
    if (c.nodes > 1 && c.nodeRank.isEmpty())
        c.nodeRank = rank;
    if (c.masterAddr.isEmpty())
        c.masterAddr = ip;
    if (c.masterPort.isEmpty())
        c.masterPort = port;

    const QJsonObject fsdp = json.value(QStringLiteral("fsdp_config")).toObject();
    if (c.fsdp.enabled) {
        FsdpSettings &f = c.fsdp;
        const QString fp = QStringLiteral("fsdp_config");
        r.get(fsdp, fp, "fsdp_activation_checkpointing", f.activationCheckpointing);
        QString wrap;
        r.get(fsdp, fp, "fsdp_auto_wrap_policy", wrap,
              {QStringLiteral("TRANSFORMER_BASED_WRAP"), QStringLiteral("SIZE_BASED_WRAP"), QStringLiteral("NO_WRAP")});
        f.autoWrap = wrap == QLatin1String("SIZE_BASED_WRAP") ? QStringLiteral("size")
            : wrap == QLatin1String("NO_WRAP")                ? QStringLiteral("none")
                                                              : QStringLiteral("transformer");
        r.get(fsdp, fp, "fsdp_cpu_ram_efficient_loading", f.cpuRamEfficientLoading);
        r.get(fsdp, fp, "fsdp_offload_params", f.cpuOffload);
        r.get(fsdp, fp, "fsdp_state_dict_type", f.stateDictType,
              {QStringLiteral("FULL_STATE_DICT"), QStringLiteral("SHARDED_STATE_DICT"),
               QStringLiteral("LOCAL_STATE_DICT")});
        r.get(fsdp, fp, "fsdp_transformer_layer_cls_to_wrap", f.layerClass);
        r.get(fsdp, fp, "fsdp_min_num_params", f.minNumParams);
        r.get(fsdp, fp, "fsdp_version", f.version);
        r.get(fsdp, fp, "fsdp_reshard_after_forward", f.reshardAfterForward);
        r.get(fsdp, fp, "fsdp_backward_prefetch", f.backwardPrefetch,
              {QStringLiteral("BACKWARD_PRE"), QStringLiteral("BACKWARD_POST"), QStringLiteral("NO_PREFETCH")});
        r.get(fsdp, fp, "fsdp_forward_prefetch", f.forwardPrefetch);
        // Older accelerate wrote the strategy as FSDP's enum number (1 = FULL_SHARD, …).
        QString sharding = f.sharding.toUpper();
        r.get(fsdp, fp, "fsdp_sharding_strategy", sharding,
              {QStringLiteral("FULL_SHARD"), QStringLiteral("SHARD_GRAD_OP"), QStringLiteral("NO_SHARD"),
               QStringLiteral("HYBRID_SHARD"), QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3"),
               QStringLiteral("4")});
        static const QStringList byNumber{QStringLiteral("full_shard"), QStringLiteral("shard_grad_op"),
                                          QStringLiteral("no_shard"), QStringLiteral("hybrid_shard")};
        bool numeric = false;
        const int n = sharding.toInt(&numeric);
        f.sharding = numeric ? byNumber.value(n - 1) : sharding.toLower();
        r.get(fsdp, fp, "fsdp_sync_module_states", f.syncModuleStates);
        r.get(fsdp, fp, "fsdp_use_orig_params", f.useOrigParams);
    }
    const QJsonObject ds = json.value(QStringLiteral("deepspeed_config")).toObject();
    if (c.zero.enabled) {
        r.get(ds, QStringLiteral("deepspeed_config"), "deepspeed_config_file", c.deepspeedConfigFile);
        r.get(ds, QStringLiteral("deepspeed_config"), "zero_stage", c.zero.stage);
        r.get(ds, QStringLiteral("deepspeed_config"), "offload_optimizer_device", c.zero.offloadOptimizer,
              {QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme")});
        r.get(ds, QStringLiteral("deepspeed_config"), "offload_param_device", c.zero.offloadParam,
              {QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme")});
        if (!ds.contains(QStringLiteral("deepspeed_config_file")))
            result.notes << QStringLiteral("inline DeepSpeed settings read; PortBench writes them to %1 instead")
                                .arg(c.deepspeedConfigFile);
    }
    if (!r.error.isEmpty()) {
        result.error = r.error;
        return result;
    }
    c.launcher = QStringLiteral("accelerate");
    c.accelerateExtra = JsonTree::subtract(json, modelled(c));
    return result;
}

bool AccelerateYaml::sniff(const QByteArray &bytes)
{
    try {
        const YAML::Node root = YAML::Load(bytes.toStdString());
        return root.IsMap() && root["distributed_type"] && root["compute_environment"];
    } catch (const YAML::Exception &) {
        return false;
    }
}

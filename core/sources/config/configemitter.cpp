// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "configemitter.h"

#include "accelerateyaml.h"
#include "backendprofiles.h"
#include "deepspeedjson.h"
#include "launchcommand.h"
#include "core/base/exec/shellquote.h"
#include "trainerargs.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace {

QString visibleDevices(int n)
{
    QStringList ids;
    for (int i = 0; i < n; ++i)
        ids << QString::number(i);
    return ids.join(QLatin1Char(','));
}

QString line(const QString &text)
{
    return text + QLatin1Char('\n');
}

} // namespace

QString ConfigEmitter::environmentScriptName(const TrainingConfig &c)
{
    return QStringLiteral("env_%1.sh").arg(c.backend);
}

QByteArray ConfigEmitter::environmentScript(const TrainingConfig &c)
{
    QSet<QString> userSet;
    for (const auto &kv : c.env)
        userSet.insert(kv.first);
    // A variable the user set explicitly replaces the generated line.
    auto line = [&userSet](const QString &text) -> QString {
        static const QRegularExpression exported(QStringLiteral("^export ([A-Z_][A-Z0-9_]*)="));
        const auto m = exported.match(text);
        return m.hasMatch() && userSet.contains(m.captured(1)) ? QString() : text + QLatin1Char('\n');
    };
    QString s;
    s += line(QStringLiteral("#!/bin/bash"));
    s += line(QStringLiteral("# Backend environment for %1; source it on every node before launching.").arg(c.backend));
    const QString devices = visibleDevices(c.devicesPerNode);
    // What each backend needs comes from its plugin (backendprofile.json).
    if (const BackendProfile *backend = BackendProfiles::find(c.backend)) {
        for (const QString &setup : backend->environmentSetup)
            s += line(setup);
        s += line(QStringLiteral("export %1=%2").arg(backend->info.visibleDevicesVariable, devices));
        for (const BackendEnvironmentLine &l : backend->environment) {
            if (!l.deterministicOnly || c.deterministic)
                s += line(l.text);
        }
    } else if (!BackendProfiles::loaded()) {
        s += line(QStringLiteral("# No backend profiles loaded: the environment of \"%1\" is unknown; set its "
                                 "visible-devices variable here.")
                      .arg(c.backend));
    } else {
        s += line(QStringLiteral("# No backend plugin for \"%1\" is loaded: set its visible-devices variable here.")
                      .arg(c.backend));
    }
    if (c.isMegatron())
        s += line(QStringLiteral("export CUDA_DEVICE_MAX_CONNECTIONS=1"));
    if (c.deterministic) {
        s += line(QStringLiteral("# Parity run: the script should also call torch.use_deterministic_algorithms(True)"));
        s += line(QStringLiteral("export PYTHONHASHSEED=%1").arg(c.seed > 0 ? c.seed : 42));
    }
    for (const auto &kv : c.env)
        s += QStringLiteral("export %1=%2\n").arg(kv.first, ShellQuote::quoteKeepingReferences(kv.second));
    return s.toUtf8();
}

QByteArray ConfigEmitter::megatronScript(const TrainingConfig &c)
{
    const MegatronSettings &m = c.megatron;
    QStringList args;
    auto arg = [&args](const QString &name, const QString &value = {}) {
        args << (value.isEmpty() ? QStringLiteral("--") + name : QStringLiteral("--%1 %2").arg(name, value));
    };
    arg(QStringLiteral("tensor-model-parallel-size"), QString::number(m.tp));
    arg(QStringLiteral("pipeline-model-parallel-size"), QString::number(m.pp));
    if (m.cp > 1)
        arg(QStringLiteral("context-parallel-size"), QString::number(m.cp));
    if (m.sp)
        arg(QStringLiteral("sequence-parallel"));
    if (m.distributedOptimizer)
        arg(QStringLiteral("use-distributed-optimizer"));
    arg(QStringLiteral("num-layers"), QString::number(c.layers));
    arg(QStringLiteral("hidden-size"), QString::number(c.hiddenSize));
    arg(QStringLiteral("num-attention-heads"), QString::number(c.heads));
    arg(QStringLiteral("seq-length"), QString::number(c.seqLength));
    arg(QStringLiteral("max-position-embeddings"), QString::number(c.seqLength));
    arg(QStringLiteral("micro-batch-size"), QString::number(c.microBatch));
    arg(QStringLiteral("global-batch-size"), QString::number(c.effectiveGlobalBatch()));
    if (c.learningRate > 0)
        arg(QStringLiteral("lr"), TrainerArgs::formatNumber(c.learningRate));
    if (!c.scheduler.isEmpty())
        arg(QStringLiteral("lr-decay-style"), c.scheduler);
    if (c.warmupRatio > 0)
        arg(QStringLiteral("lr-warmup-fraction"), TrainerArgs::formatNumber(c.warmupRatio));
    arg(QStringLiteral("weight-decay"), TrainerArgs::formatNumber(c.weightDecay));
    arg(QStringLiteral("clip-grad"), TrainerArgs::formatNumber(c.gradientClipping));
    if (c.maxSteps > 0)
        arg(QStringLiteral("train-iters"), QString::number(c.maxSteps));
    if (c.bf16)
        arg(QStringLiteral("bf16"));
    else if (c.fp16)
        arg(QStringLiteral("fp16"));
    if (c.gradientCheckpointing) {
        arg(QStringLiteral("recompute-granularity"), QStringLiteral("full"));
        arg(QStringLiteral("recompute-method"), QStringLiteral("uniform"));
        arg(QStringLiteral("recompute-num-layers"), QStringLiteral("1"));
    }
    if (c.flashAttention)
        arg(QStringLiteral("use-flash-attn"));
    if (c.seed > 0)
        arg(QStringLiteral("seed"), QString::number(c.seed));
    if (c.loggingSteps > 0)
        arg(QStringLiteral("log-interval"), QString::number(c.loggingSteps));
    if (c.saveSteps > 0)
        arg(QStringLiteral("save-interval"), QString::number(c.saveSteps));
    if (!c.outputDir.isEmpty())
        arg(QStringLiteral("save"), ShellQuote::quoteKeepingReferences(c.outputDir));

    QString s;
    s += line(QStringLiteral("#!/bin/bash"));
    s += line(QStringLiteral("# Megatron-LM / MindSpeed launch. Run as:"));
    s += line(
        QStringLiteral("#   MASTER_ADDR=<node 0> NNODES=%1 NODE_RANK=<this node> sh %2").arg(c.nodes).arg(c.script));
    s += line(QStringLiteral("# Run from the folder holding %1.").arg(environmentScriptName(c)));
    s += line(QStringLiteral("# Data and tokenizer arguments (--data-path, --tokenizer-model, …) go in DATA_ARGS."));
    s += line(QStringLiteral("set -e"));
    s += line(QStringLiteral(". ./%1").arg(environmentScriptName(c)));
    s += line(QStringLiteral("DEVICES_PER_NODE=%1").arg(c.devicesPerNode));
    s += line(QStringLiteral("MASTER_ADDR=${MASTER_ADDR:-localhost}"));
    s += line(QStringLiteral("MASTER_PORT=${MASTER_PORT:-%1}")
                  .arg(c.masterPort.isEmpty() ? QStringLiteral("6000") : c.masterPort));
    s += line(QStringLiteral("NNODES=${NNODES:-%1}").arg(c.nodes));
    s += line(QStringLiteral("NODE_RANK=${NODE_RANK:-0}"));
    s += line(QStringLiteral("DISTRIBUTED_ARGS=\"--nproc_per_node $DEVICES_PER_NODE --nnodes $NNODES "
                             "--node_rank $NODE_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT\""));
    s += line(QString());
    s += line(QStringLiteral("torchrun $DISTRIBUTED_ARGS %1 \\").arg(c.megatron.entryScript));
    for (const QString &a : args)
        s += line(QStringLiteral("    %1 \\").arg(a));
    s += line(QStringLiteral("    $DATA_ARGS"));
    return s.toUtf8();
}

QByteArray ConfigEmitter::slurmScript(const TrainingConfig &c)
{
    QString s;
    const BackendProfile *backend = BackendProfiles::find(c.backend);
    const QString gres = backend ? backend->slurmGres : QStringLiteral("gpu");
    s += line(QStringLiteral("#!/bin/bash"));
    s += line(QStringLiteral("#SBATCH --job-name=%1").arg(c.name.isEmpty() ? QStringLiteral("portbench") : c.name));
    s += line(QStringLiteral("#SBATCH --nodes=%1").arg(c.nodes));
    s += line(QStringLiteral("#SBATCH --ntasks-per-node=1"));
    s += line(QStringLiteral("#SBATCH --gres=%1:%2").arg(gres).arg(c.devicesPerNode));
    s += line(QStringLiteral("#SBATCH --exclusive"));
    s += line(QStringLiteral("#SBATCH --output=%x-%j.out"));
    s += line(QStringLiteral("# The GRES name (%1) depends on the cluster's gres.conf.").arg(gres));
    s += line(QStringLiteral("set -euo pipefail"));
    s += line(QStringLiteral(". ./%1").arg(environmentScriptName(c)));
    s += line(QStringLiteral("export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)"));
    s += line(QStringLiteral("export MASTER_PORT=%1")
                  .arg(c.masterPort.isEmpty() || c.masterPort.startsWith(QLatin1Char('$')) ? QStringLiteral("29500")
                                                                                           : c.masterPort));
    TrainingConfig launch = c;
    launch.masterPort = QStringLiteral("$MASTER_PORT");
    // DeepSpeed's own launcher wants ssh and a hostfile; under SLURM the Trainer runs through torchrun.
    if (launch.launcher == QLatin1String("deepspeed"))
        launch.launcher = QStringLiteral("torchrun");
    QStringList words = LaunchCommand::launcherWords(launch, true);
    words << LaunchCommand::scriptArguments(launch);
    const QString command = words.join(QLatin1Char(' '));
    if (launch.launcher == QLatin1String("torchrun")) {
        s += line(QStringLiteral("srun ") + command);
    } else {
        // The node rank must be read on each node, so the command is expanded there.
        s += line(QStringLiteral("srun bash -c ") + ShellQuote::quoteKeepingReferences(command));
    }
    return s.toUtf8();
}

ConfigArtifacts ConfigEmitter::emitAll(const TrainingConfig &c)
{
    ConfigArtifacts out;
    out.append({QStringLiteral("launch.sh"), QString::fromUtf8(QT_TRANSLATE_NOOP("ConfigArtifact", "Launch")),
                ConfigArtifact::Language::Shell, LaunchCommand::emit(c).toUtf8()});
    out.append({environmentScriptName(c), QString::fromUtf8(QT_TRANSLATE_NOOP("ConfigArtifact", "Environment")),
                ConfigArtifact::Language::Shell, environmentScript(c)});
    if (c.isMegatron()) {
        out.append({c.script, QString::fromUtf8(QT_TRANSLATE_NOOP("ConfigArtifact", "Megatron script")),
                    ConfigArtifact::Language::Shell, megatronScript(c)});
    } else {
        out.append({QStringLiteral("trainer_args.json"),
                    QString::fromUtf8(QT_TRANSLATE_NOOP("ConfigArtifact", "Trainer arguments")),
                    ConfigArtifact::Language::Json,
                    QJsonDocument(TrainerArgs::toJson(TrainerArgs::build(c))).toJson(QJsonDocument::Indented)});
    }
    if (c.zero.enabled && !c.isMegatron())
        out.append({c.deepspeedConfigFile, QStringLiteral("DeepSpeed"), ConfigArtifact::Language::Json,
                    DeepSpeedJson::write(c)});
    if (c.launcher == QLatin1String("accelerate"))
        out.append({c.accelerateConfigFile, QStringLiteral("Accelerate"), ConfigArtifact::Language::Yaml,
                    AccelerateYaml::write(c)});
    if (c.slurm || c.nodes > 1)
        out.append({QStringLiteral("submit.sbatch"), QStringLiteral("SLURM"), ConfigArtifact::Language::Shell,
                    slurmScript(c)});
    return out;
}

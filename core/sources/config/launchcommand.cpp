// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "launchcommand.h"

#include "core/base/exec/shellquote.h"
#include "trainerargs.h"

namespace {

QString opt(const QString &name, const QString &value, bool equals)
{
    return QStringLiteral("--") + name + (equals ? QStringLiteral("=") : QStringLiteral(" "))
        + ShellQuote::quoteKeepingReferences(value);
}

} // namespace

QStringList LaunchCommand::launcherWords(const TrainingConfig &c, bool underSlurm)
{
    QStringList w;
    const bool multiNode = c.nodes > 1;
    const QString nodeRank = underSlurm ? QStringLiteral("$SLURM_NODEID") : c.nodeRank;
    if (c.launcher == QLatin1String("torchrun")) {
        w << QStringLiteral("torchrun");
        if (multiNode || underSlurm)
            w << opt(QStringLiteral("nnodes"), QString::number(c.nodes), true);
        w << opt(QStringLiteral("nproc_per_node"), QString::number(c.devicesPerNode), true);
        if (underSlurm) {
            w << opt(QStringLiteral("rdzv_id"), QStringLiteral("$SLURM_JOB_ID"), true)
              << opt(QStringLiteral("rdzv_backend"), QStringLiteral("c10d"), true)
              << opt(QStringLiteral("rdzv_endpoint"),
                     QStringLiteral("$MASTER_ADDR:")
                         + (c.masterPort.isEmpty() ? QStringLiteral("29500") : c.masterPort),
                     true);
        } else {
            if (multiNode && !nodeRank.isEmpty())
                w << opt(QStringLiteral("node_rank"), nodeRank, true);
            if (multiNode && !c.masterAddr.isEmpty())
                w << opt(QStringLiteral("master_addr"), c.masterAddr, true);
            if (!c.masterPort.isEmpty())
                w << opt(QStringLiteral("master_port"), c.masterPort, true);
        }
    } else if (c.launcher == QLatin1String("accelerate")) {
        w << QStringLiteral("accelerate launch");
        w << opt(QStringLiteral("config_file"), c.accelerateConfigFile, false);
        const QString addr = underSlurm ? QStringLiteral("$MASTER_ADDR") : c.masterAddr;
        if (multiNode && !addr.isEmpty())
            w << opt(QStringLiteral("main_process_ip"), addr, false);
        if (multiNode && !c.masterPort.isEmpty())
            w << opt(QStringLiteral("main_process_port"), c.masterPort, false);
        if (multiNode && !nodeRank.isEmpty())
            w << opt(QStringLiteral("machine_rank"), nodeRank, false);
        w << opt(QStringLiteral("num_processes"), QString::number(c.worldSize()), false);
        w << opt(QStringLiteral("num_machines"), QString::number(c.nodes), false);
    } else if (c.launcher == QLatin1String("deepspeed")) {
        w << QStringLiteral("deepspeed");
        if (multiNode)
            w << opt(QStringLiteral("num_nodes"), QString::number(c.nodes), true);
        w << opt(QStringLiteral("num_gpus"), QString::number(c.devicesPerNode), true);
        if (multiNode && !c.masterAddr.isEmpty())
            w << opt(QStringLiteral("master_addr"), c.masterAddr, true);
        if (!c.masterPort.isEmpty())
            w << opt(QStringLiteral("master_port"), c.masterPort, true);
    } else { // megatron: the script reads its topology from the environment
        QStringList env;
        env << QStringLiteral("MASTER_ADDR=")
                + ShellQuote::quoteKeepingReferences(underSlurm                   ? QStringLiteral("$MASTER_ADDR")
                                                         : c.masterAddr.isEmpty() ? QStringLiteral("localhost")
                                                                                  : c.masterAddr);
        if (!c.masterPort.isEmpty())
            env << QStringLiteral("MASTER_PORT=") + ShellQuote::quoteKeepingReferences(c.masterPort);
        env << QStringLiteral("NNODES=") + QString::number(c.nodes);
        env << QStringLiteral("NODE_RANK=")
                + ShellQuote::quoteKeepingReferences(nodeRank.isEmpty() ? QStringLiteral("0") : nodeRank);
        w << env.join(QLatin1Char(' ')) + QStringLiteral(" sh");
    }
    w << c.launcherExtraArgs;
    w << ShellQuote::quoteKeepingReferences(c.script);
    return w;
}

QStringList LaunchCommand::scriptArguments(const TrainingConfig &c)
{
    QStringList out;
    if (c.isMegatron())
        return out; // the Megatron arguments live in the generated script
    const QList<TrainerArg> args = TrainerArgs::build(c);
    for (const TrainerArg &a : args)
        out << TrainerArgs::render(a);
    return out;
}

QString LaunchCommand::emit(const TrainingConfig &c)
{
    const QStringList launcher = launcherWords(c);
    QStringList lines;
    if (c.launcher == QLatin1String("accelerate")) {
        lines << launcher; // one option per line, as `accelerate launch` examples are written
    } else {
        lines << launcher.join(QLatin1Char(' '));
    }
    lines << scriptArguments(c);
    return lines.join(QStringLiteral(" \\\n")) + QLatin1Char('\n');
}

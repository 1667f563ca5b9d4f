#include "commandlineimporter.h"

#include "modelpreset.h"
#include "shellwords.h"
#include "trainerargs.h"

#include <QRegularExpression>

#include <algorithm>

namespace {

using Words = QList<ShellWords::Word>;

const QRegularExpression &assignment()
{
    static const QRegularExpression re(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)=(.*)$"));
    return re;
}

/// Splits `--name=value` / `--name value`; `flagOnly` lists options that take no value.
struct OptionReader
{
    const Words &words;
    int pos = 0;

    bool atOption() const { return pos < words.size() && words.at(pos).value.startsWith(QLatin1Char('-')); }
    void read(const QStringList &flagOnly, QString &name, QString &value, bool &hasValue)
    {
        QString w = words.at(pos++).value;
        const int eq = w.indexOf(QLatin1Char('='));
        hasValue = true;
        if (eq > 0) {
            name = w.left(eq);
            value = w.mid(eq + 1);
        } else if (flagOnly.contains(w) || pos >= words.size()) {
            name = w;
            hasValue = false;
        } else {
            name = w;
            value = words.at(pos++).value;
        }
        name.remove(QRegularExpression(QStringLiteral("^-+")));
        name.replace(QLatin1Char('-'), QLatin1Char('_'));
    }
};

bool toInt(const QString &v, int &out)
{
    bool ok = false;
    const int n = v.toInt(&ok);
    if (ok)
        out = n;
    return ok;
}



/// A launch command: an optional `VAR=value` prefix and `srun`, then a launcher PortBench reads.
bool isLaunch(const Words &w)
{
    int i = 0;
    bool env = false;
    while (i < w.size() && assignment().match(w.at(i).value).hasMatch()) {
        env = true;
        ++i;
    }
    if (i < w.size() && w.at(i).value == QLatin1String("srun"))
        return true;
    if (i >= w.size())
        return false;
    const QString prog = w.at(i).value.section(QLatin1Char('/'), -1);
    if (prog == QLatin1String("torchrun") || prog == QLatin1String("deepspeed"))
        return true;
    if (prog == QLatin1String("accelerate") && i + 1 < w.size() && w.at(i + 1).value == QLatin1String("launch"))
        return true;
    if (prog.startsWith(QLatin1String("python")) && i + 2 < w.size() && w.at(i + 1).value == QLatin1String("-m")
        && w.at(i + 2).value.startsWith(QLatin1String("torch.distributed")))
        return true;
    return env && (prog == QLatin1String("sh") || prog == QLatin1String("bash"));
}

} // namespace

int CommandLineImporter::commandCount(const QString &text)
{
    const ShellWords::Result r = ShellWords::split(text);
    if (!r)
        return 0;
    return int(std::count_if(r.commands.cbegin(), r.commands.cend(),
                             [](const ShellWords::Command &c) { return isLaunch(c.words); }));
}

bool CommandLineImporter::sniff(const QString &text)
{
    const ShellWords::Result r = ShellWords::split(text.left(20000));
    return r && std::any_of(r.commands.cbegin(), r.commands.cend(),
                            [](const ShellWords::Command &c) { return isLaunch(c.words); });
}

ConfigParseResult CommandLineImporter::import(const QString &text, const TrainingConfig &base, int index)
{
    ConfigParseResult result;
    result.config = base;
    TrainingConfig &c = result.config;
    const ShellWords::Result split = ShellWords::split(text);
    if (!split) {
        result.error = split.error;
        return result;
    }
    // Scripts around the launch line: `export VAR=value` before it becomes environment; other
    // commands (cd, source set_env.sh, echo) are the environment script's business.
    QList<QPair<QString, QString>> exported;
    QList<const ShellWords::Command *> launches;
    for (const ShellWords::Command &cmd : split.commands) {
        if (isLaunch(cmd.words)) {
            launches << &cmd;
        } else if (cmd.words.first().value == QLatin1String("export") && launches.size() <= index) {
            for (int k = 1; k < cmd.words.size(); ++k) {
                const auto m = assignment().match(cmd.words.at(k).value);
                if (m.hasMatch())
                    exported.append({m.captured(1), m.captured(2)});
            }
        } else if (launches.size() <= index) {
            result.notes << QStringLiteral("line %1: \"%2\" is not a launch command; skipped")
                                .arg(cmd.line)
                                .arg(cmd.words.first().value);
        }
    }
    if (launches.isEmpty()) {
        result.error = split.commands.isEmpty()
            ? QStringLiteral("no command found (only comments or blank lines)")
            : QStringLiteral("line %1: \"%2\" is not a launcher PortBench knows (torchrun, accelerate launch, "
                             "deepspeed, python -m torch.distributed.run, sh with MASTER_ADDR/NNODES)")
                  .arg(split.commands.first().line)
                  .arg(split.commands.first().words.first().value);
        return result;
    }
    if (index < 0 || index >= launches.size()) {
        result.error = QStringLiteral("launch command %1 requested, but the text holds %2").arg(index + 1).arg(launches.size());
        return result;
    }
    if (launches.size() > 1)
        result.notes << QStringLiteral("the text holds %1 launch commands; imported command %2 (line %3)")
                            .arg(launches.size())
                            .arg(index + 1)
                            .arg(launches.at(index)->line);
    const ShellWords::Command &command = *launches.at(index);
    const Words &w = command.words;
    const QString where = QStringLiteral("line %1").arg(command.line);

    int i = 0;
    QHash<QString, QString> env;
    QStringList envOrder; // the prefix's own order, so the environment script is stable
    while (i < w.size()) {
        const auto m = assignment().match(w.at(i).value);
        if (!m.hasMatch())
            break;
        env.insert(m.captured(1), m.captured(2));
        envOrder << m.captured(1);
        ++i;
    }
    if (i < w.size() && w.at(i).value == QLatin1String("srun")) {
        c.slurm = true;
        ++i;
        while (i < w.size() && w.at(i).value.startsWith(QLatin1Char('-')))
            ++i; // srun's own options are the sbatch script's business
    }
    if (i >= w.size()) {
        result.error = where + QStringLiteral(": no program to launch");
        return result;
    }
    OptionReader r{w, i};
    const QString prog = w.at(r.pos).value.section(QLatin1Char('/'), -1);
    ++r.pos;
    QString error;
    c.launcherExtraArgs.clear();
    c.trainerArgs.clear();
    auto keepExtra = [&](const QString &name, const QString &value, bool hasValue) {
        c.launcherExtraArgs << (QStringLiteral("--") + name + (hasValue ? QLatin1Char('=') + ShellWords::quote(value) : QString()));
    };

    int numProcesses = 0;
    if (prog == QLatin1String("torchrun") || prog.startsWith(QLatin1String("python"))) {
        if (prog.startsWith(QLatin1String("python"))) {
            if (r.pos + 1 < w.size() && w.at(r.pos).value == QLatin1String("-m")
                && w.at(r.pos + 1).value.startsWith(QLatin1String("torch.distributed"))) {
                r.pos += 2;
            } else {
                result.error = where + QStringLiteral(": \"%1\" runs a single process; expected torchrun, accelerate "
                                                      "launch, deepspeed or python -m torch.distributed.run")
                                           .arg(prog);
                return result;
            }
        }
        c.launcher = QStringLiteral("torchrun");
        c.nodes = 1;
        while (r.atOption()) {
            QString name, value;
            bool hasValue = false;
            r.read({QStringLiteral("--standalone"), QStringLiteral("--no_python"), QStringLiteral("--no-python"),
                    QStringLiteral("-m"), QStringLiteral("--module"), QStringLiteral("--run_path"),
                    QStringLiteral("--run-path"), QStringLiteral("--use_env"), QStringLiteral("--use-env")},
                   name, value, hasValue);
            if (name == QLatin1String("nproc_per_node") && toInt(value, c.devicesPerNode))
                continue;
            if (name == QLatin1String("nnodes") && toInt(value, c.nodes))
                continue;
            if (name == QLatin1String("node_rank"))
                c.nodeRank = value;
            else if (name == QLatin1String("master_addr"))
                c.masterAddr = value;
            else if (name == QLatin1String("master_port"))
                c.masterPort = value;
            else if (name == QLatin1String("use_env"))
                result.notes << QStringLiteral("--use_env dropped: torchrun always passes LOCAL_RANK in the environment");
            else
                keepExtra(name, value, hasValue);
        }
    } else if (prog == QLatin1String("accelerate")) {
        if (r.pos >= w.size() || w.at(r.pos).value != QLatin1String("launch")) {
            result.error = where + QStringLiteral(": expected \"accelerate launch\"");
            return result;
        }
        ++r.pos;
        c.launcher = QStringLiteral("accelerate");
        while (r.atOption()) {
            QString name, value;
            bool hasValue = false;
            r.read({QStringLiteral("--multi_gpu"), QStringLiteral("--use_fsdp"), QStringLiteral("--use_deepspeed"),
                    QStringLiteral("--cpu"), QStringLiteral("--debug"), QStringLiteral("-m"), QStringLiteral("--module"),
                    QStringLiteral("--no_python"), QStringLiteral("--same_network")},
                   name, value, hasValue);
            if (name == QLatin1String("config_file"))
                c.accelerateConfigFile = value;
            else if (name == QLatin1String("main_process_ip"))
                c.masterAddr = value;
            else if (name == QLatin1String("main_process_port"))
                c.masterPort = value;
            else if (name == QLatin1String("machine_rank"))
                c.nodeRank = value;
            else if (name == QLatin1String("num_processes") && toInt(value, numProcesses))
                continue;
            else if (name == QLatin1String("num_machines") && toInt(value, c.nodes))
                continue;
            else if (name == QLatin1String("mixed_precision")) {
                c.fp16 = value == QLatin1String("fp16");
                c.bf16 = value == QLatin1String("bf16");
            } else if (name == QLatin1String("use_fsdp"))
                c.fsdp.enabled = true;
            else
                keepExtra(name, value, hasValue);
        }
        if (numProcesses > 0)
            c.devicesPerNode = numProcesses / std::max(1, c.nodes);
    } else if (prog == QLatin1String("deepspeed")) {
        c.launcher = QStringLiteral("deepspeed");
        c.nodes = 1;
        while (r.atOption()) {
            QString name, value;
            bool hasValue = false;
            r.read({QStringLiteral("--no_python"), QStringLiteral("--no_local_rank"), QStringLiteral("--force_multi"),
                    QStringLiteral("--module")},
                   name, value, hasValue);
            if ((name == QLatin1String("num_gpus") && toInt(value, c.devicesPerNode))
                || (name == QLatin1String("num_nodes") && toInt(value, c.nodes)))
                continue;
            if (name == QLatin1String("master_addr"))
                c.masterAddr = value;
            else if (name == QLatin1String("master_port"))
                c.masterPort = value;
            else
                keepExtra(name, value, hasValue);
        }
    } else if (prog == QLatin1String("sh") || prog == QLatin1String("bash")) {
        c.launcher = QStringLiteral("megatron");
        c.masterAddr = env.value(QStringLiteral("MASTER_ADDR"), c.masterAddr);
        c.masterPort = env.value(QStringLiteral("MASTER_PORT"), c.masterPort);
        c.nodeRank = env.value(QStringLiteral("NODE_RANK"), c.nodeRank);
        if (env.contains(QStringLiteral("NNODES")) && !toInt(env.value(QStringLiteral("NNODES")), c.nodes)) {
            result.error = where + QStringLiteral(": NNODES=%1 is not a number").arg(env.value(QStringLiteral("NNODES")));
            return result;
        }
        env.remove(QStringLiteral("MASTER_ADDR"));
        env.remove(QStringLiteral("MASTER_PORT"));
        env.remove(QStringLiteral("NODE_RANK"));
        env.remove(QStringLiteral("NNODES"));
    } else {
        result.error = where + QStringLiteral(": \"%1\" is not a launcher PortBench knows (torchrun, accelerate launch, "
                                              "deepspeed, python -m torch.distributed.run, sh with MASTER_ADDR/NNODES)")
                                   .arg(prog);
        return result;
    }
    c.env << exported;
    for (const QString &name : std::as_const(envOrder)) {
        if (env.contains(name))
            c.env.append({name, env.take(name)});
    }

    if (r.pos >= w.size()) {
        result.error = where + QStringLiteral(": no training script after the launcher options");
        return result;
    }
    c.script = w.at(r.pos++).value;

    // Script arguments: kept verbatim; the modelled ones also set their fields.
    while (r.pos < w.size()) {
        const ShellWords::Word &word = w.at(r.pos++);
        if (!word.value.startsWith(QLatin1String("--"))) {
            result.notes << QStringLiteral("positional script argument \"%1\" kept as is").arg(word.value);
            c.trainerArgs.append({QString(), word.raw, false, true});
            continue;
        }
        TrainerArg arg;
        const int eq = word.raw.indexOf(QLatin1Char('='));
        if (eq > 0) {
            arg.flag = word.raw.mid(2, eq - 2);
            arg.raw = word.raw.mid(eq + 1);
            arg.equals = true;
        } else {
            arg.flag = word.value.mid(2);
            if (r.pos < w.size() && !w.at(r.pos).value.startsWith(QLatin1String("--")))
                arg.raw = w.at(r.pos++).raw;
            else
                arg.hasValue = false;
        }
        QString argError;
        const bool modelled = TrainerArgs::apply(c, arg.flag, ShellWords::unquote(arg.raw), arg.hasValue, &argError);
        if (!argError.isEmpty()) {
            result.error = where + QStringLiteral(": ") + argError;
            return result;
        }
        if (!modelled)
            result.notes << QStringLiteral("--%1 is not modelled; kept verbatim").arg(arg.flag);
        c.trainerArgs.append(arg);
    }
    if (c.parameters == 0) {
        const QString preset = ModelPreset::fill(c);
        if (!preset.isEmpty())
            result.notes << QStringLiteral("model dimensions taken from the %1 preset").arg(preset);
    }
    if (c.launcher == QLatin1String("accelerate") && base.accelerateExtra.isEmpty())
        result.notes << QStringLiteral("the FSDP/DeepSpeed settings of accelerate live in %1; import that file too")
                            .arg(c.accelerateConfigFile);
    if (c.zero.enabled && c.launcher != QLatin1String("megatron") && !base.zero.enabled)
        result.notes << QStringLiteral("the ZeRO settings live in %1; import that file too").arg(c.deepspeedConfigFile);
    return result;
}

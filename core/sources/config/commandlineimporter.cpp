// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "commandlineimporter.h"

#include "backendprofiles.h"
#include "modelpreset.h"
#include "core/base/exec/shellquote.h"
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

/// The commands of a script: its launch commands, and the `export VAR=value` lines before the
/// chosen one (they become environment). Other commands (cd, source set_env.sh, echo) are the
/// environment script's business and are noted as skipped.
struct ScriptCommands
{
    QList<const ShellWords::Command *> launches;
    QList<QPair<QString, QString>> exported;
};

ScriptCommands sortCommands(const ShellWords::Result &split, int index, QStringList &notes)
{
    ScriptCommands out;
    for (const ShellWords::Command &cmd : split.commands) {
        if (isLaunch(cmd.words)) {
            out.launches << &cmd;
        } else if (cmd.words.first().value == QLatin1String("export") && out.launches.size() <= index) {
            for (int k = 1; k < cmd.words.size(); ++k) {
                const auto m = assignment().match(cmd.words.at(k).value);
                if (m.hasMatch())
                    out.exported.append({m.captured(1), m.captured(2)});
            }
        } else if (out.launches.size() <= index) {
            notes << QStringLiteral("line %1: \"%2\" is not a launch command; skipped")
                         .arg(cmd.line)
                         .arg(cmd.words.first().value);
        }
    }
    return out;
}

/// Picks launch command `index`; an empty error means `command` is set.
QString chooseLaunch(const ShellWords::Result &split, const ScriptCommands &commands, int index, QStringList &notes,
                     const ShellWords::Command *&command)
{
    const auto &launches = commands.launches;
    if (launches.isEmpty()) {
        return split.commands.isEmpty()
            ? QStringLiteral("no command found (only comments or blank lines)")
            : QStringLiteral("line %1: \"%2\" is not a launcher PortBench knows (torchrun, accelerate launch, "
                             "deepspeed, python -m torch.distributed.run, sh with MASTER_ADDR/NNODES)")
                  .arg(split.commands.first().line)
                  .arg(split.commands.first().words.first().value);
    }
    if (index < 0 || index >= launches.size())
        return QStringLiteral("launch command %1 requested, but the text holds %2").arg(index + 1).arg(launches.size());
    if (launches.size() > 1)
        notes << QStringLiteral("the text holds %1 launch commands; imported command %2 (line %3)")
                     .arg(launches.size())
                     .arg(index + 1)
                     .arg(launches.at(index)->line);
    command = launches.at(index);
    return {};
}

/// Reads one launch command into a TrainingConfig, one part of the line per step.
class LaunchLineReader
{
public:
    LaunchLineReader(const ShellWords::Command &command, ConfigParseResult &result)
        : m_words(command.words)
        , m_where(QStringLiteral("line %1").arg(command.line))
        , m_result(result)
        , m_c(result.config)
        , m_r{command.words, 0}
    { }

    /// `VAR=value …` and `srun [options]` before the program; false (with the error set) when
    /// nothing is left to launch.
    bool readPrefix()
    {
        int &i = m_r.pos;
        while (i < m_words.size()) {
            const auto m = assignment().match(m_words.at(i).value);
            if (!m.hasMatch())
                break;
            m_env.insert(m.captured(1), m.captured(2));
            m_envOrder << m.captured(1);
            ++i;
        }
        if (i < m_words.size() && m_words.at(i).value == QLatin1String("srun")) {
            m_c.slurm = true;
            ++i;
            while (i < m_words.size() && m_words.at(i).value.startsWith(QLatin1Char('-')))
                ++i; // srun's own options are the sbatch script's business
        }
        if (i >= m_words.size())
            return fail(QStringLiteral("no program to launch"));
        return true;
    }

    /// The launcher and its options.
    bool readLauncher()
    {
        const QString prog = m_words.at(m_r.pos++).value.section(QLatin1Char('/'), -1);
        m_c.launcherExtraArgs.clear();
        m_c.trainerArgs.clear();
        if (prog == QLatin1String("torchrun") || prog.startsWith(QLatin1String("python")))
            return readTorchrun(prog);
        if (prog == QLatin1String("accelerate"))
            return readAccelerate();
        if (prog == QLatin1String("deepspeed"))
            return readDeepspeed();
        if (prog == QLatin1String("sh") || prog == QLatin1String("bash"))
            return readMegatronEnvironment();
        return fail(QStringLiteral("\"%1\" is not a launcher PortBench knows (torchrun, accelerate launch, "
                                   "deepspeed, python -m torch.distributed.run, sh with MASTER_ADDR/NNODES)")
                        .arg(prog));
    }

    /// Exported variables first, then the prefix's own in its order (so the environment script is stable).
    void keepEnvironment(const QList<QPair<QString, QString>> &exported)
    {
        m_c.env << exported;
        for (const QString &name : std::as_const(m_envOrder)) {
            if (m_env.contains(name))
                m_c.env.append({name, m_env.take(name)});
        }
    }

    /// The training script and its arguments: kept verbatim; the modelled ones also set their fields.
    bool readScript()
    {
        if (m_r.pos >= m_words.size())
            return fail(QStringLiteral("no training script after the launcher options"));
        m_c.script = m_words.at(m_r.pos++).value;
        while (m_r.pos < m_words.size()) {
            if (!readScriptArgument())
                return false;
        }
        return true;
    }

private:
    bool fail(const QString &message)
    {
        m_result.error = m_where + QStringLiteral(": ") + message;
        return false;
    }

    void keepExtra(const QString &name, const QString &value, bool hasValue)
    {
        m_c.launcherExtraArgs << (QStringLiteral("--") + name
                                  + (hasValue ? QLatin1Char('=') + ShellQuote::quoteKeepingReferences(value)
                                              : QString()));
    }

    bool readTorchrun(const QString &prog)
    {
        if (prog.startsWith(QLatin1String("python"))) {
            if (m_r.pos + 1 >= m_words.size() || m_words.at(m_r.pos).value != QLatin1String("-m")
                || !m_words.at(m_r.pos + 1).value.startsWith(QLatin1String("torch.distributed")))
                return fail(QStringLiteral("\"%1\" runs a single process; expected torchrun, accelerate "
                                           "launch, deepspeed or python -m torch.distributed.run")
                                .arg(prog));
            m_r.pos += 2;
        }
        m_c.launcher = QStringLiteral("torchrun");
        m_c.nodes = 1;
        while (m_r.atOption()) {
            QString name, value;
            bool hasValue = false;
            m_r.read({QStringLiteral("--standalone"), QStringLiteral("--no_python"), QStringLiteral("--no-python"),
                      QStringLiteral("-m"), QStringLiteral("--module"), QStringLiteral("--run_path"),
                      QStringLiteral("--run-path"), QStringLiteral("--use_env"), QStringLiteral("--use-env")},
                     name, value, hasValue);
            if (name == QLatin1String("nproc_per_node") && toInt(value, m_c.devicesPerNode))
                continue;
            if (name == QLatin1String("nnodes") && toInt(value, m_c.nodes))
                continue;
            if (name == QLatin1String("node_rank"))
                m_c.nodeRank = value;
            else if (name == QLatin1String("master_addr"))
                m_c.masterAddr = value;
            else if (name == QLatin1String("master_port"))
                m_c.masterPort = value;
            else if (name == QLatin1String("use_env"))
                m_result.notes << QStringLiteral(
                    "--use_env dropped: torchrun always passes LOCAL_RANK in the environment");
            else
                keepExtra(name, value, hasValue);
        }
        return true;
    }

    bool readAccelerate()
    {
        if (m_r.pos >= m_words.size() || m_words.at(m_r.pos).value != QLatin1String("launch"))
            return fail(QStringLiteral("expected \"accelerate launch\""));
        ++m_r.pos;
        m_c.launcher = QStringLiteral("accelerate");
        int numProcesses = 0;
        while (m_r.atOption()) {
            QString name, value;
            bool hasValue = false;
            m_r.read({QStringLiteral("--multi_gpu"), QStringLiteral("--use_fsdp"), QStringLiteral("--use_deepspeed"),
                      QStringLiteral("--cpu"), QStringLiteral("--debug"), QStringLiteral("-m"),
                      QStringLiteral("--module"), QStringLiteral("--no_python"), QStringLiteral("--same_network")},
                     name, value, hasValue);
            if (name == QLatin1String("config_file"))
                m_c.accelerateConfigFile = value;
            else if (name == QLatin1String("main_process_ip"))
                m_c.masterAddr = value;
            else if (name == QLatin1String("main_process_port"))
                m_c.masterPort = value;
            else if (name == QLatin1String("machine_rank"))
                m_c.nodeRank = value;
            else if (name == QLatin1String("num_processes") && toInt(value, numProcesses))
                continue;
            else if (name == QLatin1String("num_machines") && toInt(value, m_c.nodes))
                continue;
            else if (name == QLatin1String("mixed_precision")) {
                m_c.fp16 = value == QLatin1String("fp16");
                m_c.bf16 = value == QLatin1String("bf16");
            } else if (name == QLatin1String("use_fsdp"))
                m_c.fsdp.enabled = true;
            else
                keepExtra(name, value, hasValue);
        }
        if (numProcesses > 0)
            m_c.devicesPerNode = numProcesses / std::max(1, m_c.nodes);
        return true;
    }

    bool readDeepspeed()
    {
        m_c.launcher = QStringLiteral("deepspeed");
        m_c.nodes = 1;
        while (m_r.atOption()) {
            QString name, value;
            bool hasValue = false;
            m_r.read({QStringLiteral("--no_python"), QStringLiteral("--no_local_rank"), QStringLiteral("--force_multi"),
                      QStringLiteral("--module")},
                     name, value, hasValue);
            if ((name == QLatin1String("num_gpus") && toInt(value, m_c.devicesPerNode))
                || (name == QLatin1String("num_nodes") && toInt(value, m_c.nodes)))
                continue;
            if (name == QLatin1String("master_addr"))
                m_c.masterAddr = value;
            else if (name == QLatin1String("master_port"))
                m_c.masterPort = value;
            else
                keepExtra(name, value, hasValue);
        }
        return true;
    }

    /// `MASTER_ADDR=… NNODES=… sh script.sh`: the rendezvous lives in the prefix, not in options.
    bool readMegatronEnvironment()
    {
        m_c.launcher = QStringLiteral("megatron");
        m_c.masterAddr = m_env.value(QStringLiteral("MASTER_ADDR"), m_c.masterAddr);
        m_c.masterPort = m_env.value(QStringLiteral("MASTER_PORT"), m_c.masterPort);
        m_c.nodeRank = m_env.value(QStringLiteral("NODE_RANK"), m_c.nodeRank);
        if (m_env.contains(QStringLiteral("NNODES")) && !toInt(m_env.value(QStringLiteral("NNODES")), m_c.nodes))
            return fail(QStringLiteral("NNODES=%1 is not a number").arg(m_env.value(QStringLiteral("NNODES"))));
        m_env.remove(QStringLiteral("MASTER_ADDR"));
        m_env.remove(QStringLiteral("MASTER_PORT"));
        m_env.remove(QStringLiteral("NODE_RANK"));
        m_env.remove(QStringLiteral("NNODES"));
        return true;
    }

    bool readScriptArgument()
    {
        const ShellWords::Word &word = m_words.at(m_r.pos++);
        if (!word.value.startsWith(QLatin1String("--"))) {
            m_result.notes << QStringLiteral("positional script argument \"%1\" kept as is").arg(word.value);
            m_c.trainerArgs.append({QString(), word.raw, false, true});
            return true;
        }
        TrainerArg arg;
        const int eq = word.raw.indexOf(QLatin1Char('='));
        if (eq > 0) {
            arg.flag = word.raw.mid(2, eq - 2);
            arg.raw = word.raw.mid(eq + 1);
            arg.equals = true;
        } else {
            arg.flag = word.value.mid(2);
            if (m_r.pos < m_words.size() && !m_words.at(m_r.pos).value.startsWith(QLatin1String("--")))
                arg.raw = m_words.at(m_r.pos++).raw;
            else
                arg.hasValue = false;
        }
        QString argError;
        const bool modelled = TrainerArgs::apply(m_c, arg.flag, ShellWords::unquote(arg.raw), arg.hasValue, &argError);
        if (!argError.isEmpty())
            return fail(argError);
        if (!modelled)
            m_result.notes << QStringLiteral("--%1 is not modelled; kept verbatim").arg(arg.flag);
        m_c.trainerArgs.append(arg);
        return true;
    }

    const Words &m_words;
    const QString m_where;
    ConfigParseResult &m_result;
    TrainingConfig &m_c;
    OptionReader m_r;
    QHash<QString, QString> m_env;
    QStringList m_envOrder;
};

/// The backend the script implies through its plugin's markers (ASCEND_RT_VISIBLE_DEVICES,
/// `. /usr/local/Ascend/…/set_env.sh`, MUSA_VISIBLE_DEVICES): the config and its device follow it,
/// so an Ascend script is not estimated on the default NVIDIA device.
void inferBackend(const ShellWords::Result &split, ConfigParseResult &result)
{
    TrainingConfig &c = result.config;
    QStringList implied;
    QString evidence;
    for (const BackendProfile &backend : BackendProfiles::installed()) {
        for (const ShellWords::Command &cmd : split.commands) {
            for (const ShellWords::Word &word : cmd.words) {
                const auto marker = std::find_if(backend.launchMarkers.cbegin(), backend.launchMarkers.cend(),
                                                 [&word](const QString &m) { return word.value.contains(m); });
                if (marker == backend.launchMarkers.cend() || implied.contains(backend.info.id))
                    continue;
                implied << backend.info.id;
                evidence = QStringLiteral("\"%1\" (line %2)").arg(word.value).arg(cmd.line);
            }
        }
    }
    if (implied.size() > 1) {
        result.notes << QStringLiteral("the script names several backends (%1); backend left at %2")
                            .arg(implied.join(QStringLiteral(", ")), c.backend);
        return;
    }
    if (implied.isEmpty() || implied.constFirst() == c.backend)
        return;
    const BackendProfile *backend = BackendProfiles::find(implied.constFirst());
    result.notes
        << QStringLiteral("backend %1 (%2) inferred from %3").arg(backend->info.id, backend->info.displayName, evidence)
            + BackendProfiles::switchBackend(c, *backend);
}

/// What the launch line leaves unsaid: model dimensions from a preset, and the files to import next.
void completeImport(const TrainingConfig &base, ConfigParseResult &result)
{
    TrainingConfig &c = result.config;
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
    return r && std::any_of(r.commands.cbegin(), r.commands.cend(), [](const ShellWords::Command &c) {
               return isLaunch(c.words);
           });
}

ConfigParseResult CommandLineImporter::import(const QString &text, const TrainingConfig &base, int index)
{
    ConfigParseResult result;
    result.config = base;
    const ShellWords::Result split = ShellWords::split(text);
    if (!split) {
        result.error = split.error;
        return result;
    }
    const ScriptCommands commands = sortCommands(split, index, result.notes);
    const ShellWords::Command *command = nullptr;
    result.error = chooseLaunch(split, commands, index, result.notes, command);
    if (!result.error.isEmpty())
        return result;
    LaunchLineReader reader(*command, result);
    if (!reader.readPrefix() || !reader.readLauncher())
        return result;
    reader.keepEnvironment(commands.exported);
    if (!reader.readScript())
        return result;
    inferBackend(split, result);
    completeImport(base, result);
    return result;
}

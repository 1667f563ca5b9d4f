// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "trainerargs.h"

#include "core/base/model/numbertext.h"
#include "core/base/exec/shellquote.h"
#include "shellwords.h"

#include <QSet>

#include <cmath>
#include <functional>
#include <limits>
#include <optional>

namespace {

struct Produced
{
    bool applicable = false; ///< the setting is in force; a stored argument for it is kept
    QString value; ///< unquoted
    bool isDefault = true; ///< no need to add it when the user did not write it
};

struct Flag
{
    QStringList aliases; ///< first is what a fresh config emits
    std::function<Produced(const TrainingConfig &)> produce;
    /// Returns an error text, or empty when applied.
    std::function<QString(TrainingConfig &, const QString &)> apply;
};

Produced always(const QString &value, bool isDefault)
{
    return {true, value, isDefault};
}
Produced when(bool applicable, const QString &value)
{
    return {applicable, value, !applicable};
}

std::optional<bool> parseBool(const QString &v)
{
    const QString s = v.toLower();
    if (s == QLatin1String("true") || s == QLatin1String("1") || s == QLatin1String("yes") || s.isEmpty())
        return true;
    if (s == QLatin1String("false") || s == QLatin1String("0") || s == QLatin1String("no"))
        return false;
    return std::nullopt;
}
bool viaAccelerate(const TrainingConfig &c)
{
    return c.launcher == QLatin1String("accelerate");
}
QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

using Setter = std::function<void(TrainingConfig &, double)>;
QString applyNumber(TrainingConfig &c, const QString &v, bool integer, const Setter &set)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    // Integers go into int fields: range-checked as a double (converting 2e50 is undefined).
    if (!ok
        || (integer
            && (d != std::floor(d) || d > std::numeric_limits<int>::max() || d < std::numeric_limits<int>::min())))
        return integer ? QStringLiteral("expected a whole number, got \"%1\"").arg(v)
                       : QStringLiteral("expected a number, got \"%1\"").arg(v);
    set(c, d);
    return {};
}
std::function<QString(TrainingConfig &, const QString &)> intSetter(int TrainingConfig::*member)
{
    return [member](TrainingConfig &c, const QString &v) {
        return applyNumber(c, v, true, [member](TrainingConfig &cc, double d) { cc.*member = int(d); });
    };
}
std::function<QString(TrainingConfig &, const QString &)> doubleSetter(double TrainingConfig::*member)
{
    return [member](TrainingConfig &c, const QString &v) {
        return applyNumber(c, v, false, [member](TrainingConfig &cc, double d) { cc.*member = d; });
    };
}
std::function<QString(TrainingConfig &, const QString &)> boolSetter(bool TrainingConfig::*member)
{
    return [member](TrainingConfig &c, const QString &v) {
        const auto b = parseBool(v);
        if (!b)
            return QStringLiteral("expected True or False, got \"%1\"").arg(v);
        c.*member = *b;
        return QString();
    };
}
std::function<QString(TrainingConfig &, const QString &)> stringSetter(QString TrainingConfig::*member)
{
    return [member](TrainingConfig &c, const QString &v) {
        c.*member = v;
        return QString();
    };
}

QString fsdpWords(const FsdpSettings &f)
{
    QStringList words{f.sharding};
    if (f.cpuOffload)
        words << QStringLiteral("offload");
    if (f.autoWrap != QLatin1String("none"))
        words << QStringLiteral("auto_wrap");
    return words.join(QLatin1Char(' '));
}

QString applyFsdpWords(TrainingConfig &c, const QString &v)
{
    FsdpSettings &f = c.fsdp;
    f.enabled = true;
    f.cpuOffload = false;
    f.autoWrap = QStringLiteral("none");
    const QStringList words = v.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &w : words) {
        if (w == QLatin1String("full_shard") || w == QLatin1String("shard_grad_op")
            || w == QLatin1String("hybrid_shard") || w == QLatin1String("no_shard"))
            f.sharding = w;
        else if (w == QLatin1String("offload"))
            f.cpuOffload = true;
        else if (w == QLatin1String("auto_wrap"))
            f.autoWrap = QStringLiteral("transformer");
        else
            return QStringLiteral("unknown --fsdp option \"%1\" (full_shard, shard_grad_op, hybrid_shard, no_shard, "
                                  "offload, auto_wrap)")
                .arg(w);
    }
    if (words.isEmpty())
        f.enabled = false;
    return {};
}

QString optimName(const QString &optimizer)
{
    if (optimizer == QLatin1String("adamw") || optimizer == QLatin1String("adam"))
        return QStringLiteral("adamw_torch");
    return optimizer;
}

const QList<Flag> &flags()
{
    static const QList<Flag> table{
        {{QStringLiteral("model_name_or_path"), QStringLiteral("model_name"), QStringLiteral("model_path")},
         [](const TrainingConfig &c) { return when(!c.modelPath.isEmpty(), c.modelPath); },
         stringSetter(&TrainingConfig::modelPath)},
        {{QStringLiteral("fp16")},
         [](const TrainingConfig &c) { return always(pyBool(c.fp16), !c.fp16); },
         boolSetter(&TrainingConfig::fp16)},
        {{QStringLiteral("bf16")},
         [](const TrainingConfig &c) { return always(pyBool(c.bf16), !c.bf16); },
         boolSetter(&TrainingConfig::bf16)},
        {{QStringLiteral("output_dir")},
         [](const TrainingConfig &c) { return when(!c.outputDir.isEmpty(), c.outputDir); },
         stringSetter(&TrainingConfig::outputDir)},
        {{QStringLiteral("num_train_epochs")},
         [](const TrainingConfig &c) { return when(c.epochs > 0, TrainerArgs::formatNumber(c.epochs)); },
         doubleSetter(&TrainingConfig::epochs)},
        {{QStringLiteral("max_steps")},
         [](const TrainingConfig &c) { return when(c.maxSteps > 0, QString::number(c.maxSteps)); },
         intSetter(&TrainingConfig::maxSteps)},
        {{QStringLiteral("per_device_train_batch_size"), QStringLiteral("batch_size")},
         [](const TrainingConfig &c) { return always(QString::number(c.microBatch), false); },
         intSetter(&TrainingConfig::microBatch)},
        {{QStringLiteral("gradient_accumulation_steps")},
         [](const TrainingConfig &c) { return always(QString::number(c.gradAccum), c.gradAccum == 1); },
         intSetter(&TrainingConfig::gradAccum)},
        {{QStringLiteral("gradient_checkpointing"), QStringLiteral("use_gradient_checkpointing")},
         [](const TrainingConfig &c) { return always(pyBool(c.gradientCheckpointing), !c.gradientCheckpointing); },
         boolSetter(&TrainingConfig::gradientCheckpointing)},
        {{QStringLiteral("learning_rate"), QStringLiteral("lr")},
         [](const TrainingConfig &c) { return when(c.learningRate > 0, TrainerArgs::formatNumber(c.learningRate)); },
         doubleSetter(&TrainingConfig::learningRate)},
        {{QStringLiteral("weight_decay")},
         [](const TrainingConfig &c) { return always(TrainerArgs::formatNumber(c.weightDecay), c.weightDecay == 0); },
         doubleSetter(&TrainingConfig::weightDecay)},
        {{QStringLiteral("warmup_ratio")},
         [](const TrainingConfig &c) { return always(TrainerArgs::formatNumber(c.warmupRatio), c.warmupRatio == 0); },
         doubleSetter(&TrainingConfig::warmupRatio)},
        {{QStringLiteral("warmup_steps")},
         [](const TrainingConfig &c) { return always(QString::number(c.warmupSteps), c.warmupSteps == 0); },
         intSetter(&TrainingConfig::warmupSteps)},
        {{QStringLiteral("lr_scheduler_type")},
         [](const TrainingConfig &c) { return when(!c.scheduler.isEmpty(), c.scheduler); },
         stringSetter(&TrainingConfig::scheduler)},
        {{QStringLiteral("logging_steps")},
         [](const TrainingConfig &c) { return when(c.loggingSteps > 0, QString::number(c.loggingSteps)); },
         intSetter(&TrainingConfig::loggingSteps)},
        {{QStringLiteral("save_steps")},
         [](const TrainingConfig &c) { return when(c.saveSteps > 0, QString::number(c.saveSteps)); },
         intSetter(&TrainingConfig::saveSteps)},
        {{QStringLiteral("eval_steps")},
         [](const TrainingConfig &c) { return when(c.evalSteps > 0, QString::number(c.evalSteps)); },
         intSetter(&TrainingConfig::evalSteps)},
        {{QStringLiteral("seed")},
         [](const TrainingConfig &c) { return when(c.seed > 0, QString::number(c.seed)); },
         intSetter(&TrainingConfig::seed)},
        {{QStringLiteral("max_grad_norm")},
         [](const TrainingConfig &c) {
             return always(TrainerArgs::formatNumber(c.gradientClipping), c.gradientClipping == 1.0);
         },
         doubleSetter(&TrainingConfig::gradientClipping)},
        {{QStringLiteral("optim")},
         [](const TrainingConfig &c) { return always(optimName(c.optimizer), c.optimizer == QLatin1String("adamw")); },
         [](TrainingConfig &c, const QString &v) {
             c.optimizer = v.startsWith(QLatin1String("adamw")) ? QStringLiteral("adamw")
                 : v.startsWith(QLatin1String("adafactor"))     ? QStringLiteral("adafactor")
                 : v.startsWith(QLatin1String("sgd"))           ? QStringLiteral("sgd")
                                                                : QStringLiteral("adam");
             return QString();
         }},
        {{QStringLiteral("model_max_length"), QStringLiteral("max_seq_len"), QStringLiteral("max_seq_length")},
         // Script-specific: only kept where the user's command had it.
         [](const TrainingConfig &c) {
             return Produced{c.seqLength > 0, QString::number(c.seqLength), true};
         },
         intSetter(&TrainingConfig::seqLength)},
        {{QStringLiteral("use_flash_attn")},
         [](const TrainingConfig &c) {
             return Produced{true, pyBool(c.flashAttention), true};
         },
         boolSetter(&TrainingConfig::flashAttention)},
        {{QStringLiteral(
             "fsdp")}, // Under accelerate, FSDP and DeepSpeed are configured by its YAML, not by script arguments.
         [](const TrainingConfig &c) { return when(c.fsdp.enabled && !viaAccelerate(c), fsdpWords(c.fsdp)); },
         applyFsdpWords},
        {{QStringLiteral("fsdp_transformer_layer_cls_to_wrap")},
         [](const TrainingConfig &c) {
             return when(c.fsdp.enabled && !viaAccelerate(c) && c.fsdp.autoWrap == QLatin1String("transformer")
                             && !c.fsdp.layerClass.isEmpty(),
                         c.fsdp.layerClass);
         },
         [](TrainingConfig &c, const QString &v) {
             c.fsdp.layerClass = v;
             return QString();
         }},
        {{QStringLiteral("deepspeed")},
         [](const TrainingConfig &c) { return when(c.zero.enabled && !viaAccelerate(c), c.deepspeedConfigFile); },
         [](TrainingConfig &c, const QString &v) {
             c.zero.enabled = true;
             c.zero.hfAuto = true;
             c.deepspeedConfigFile = v;
             return QString();
         }},
    };
    return table;
}

const Flag *findFlag(const QString &name)
{
    for (const Flag &f : flags()) {
        if (f.aliases.contains(name))
            return &f;
    }
    return nullptr;
}

} // namespace

QString TrainerArgs::formatNumber(double value)
{
    // Whole numbers as integers, the rest to 15 digits: NumberText's rule; inf and nan as Python
    // writes them (NumberText writes JSON's Infinity and NaN).
    QString s = std::isfinite(value) ? NumberText::number(value, 15) : QString::number(value, 'g', 15);
    // Qt writes 2e-05; Python, argparse and humans write 2e-5.
    s.replace(QLatin1String("e-0"), QLatin1String("e-"));
    s.replace(QLatin1String("e+0"), QLatin1String("e+"));
    return s;
}

bool TrainerArgs::apply(TrainingConfig &config, const QString &flag, const QString &value, bool hasValue,
                        QString *error)
{
    const Flag *f = findFlag(flag);
    if (!f)
        return false;
    const QString message = f->apply(config, hasValue ? value : QStringLiteral("True"));
    if (!message.isEmpty() && error)
        *error = QStringLiteral("--%1: %2").arg(flag, message);
    return message.isEmpty();
}

QList<TrainerArg> TrainerArgs::build(const TrainingConfig &config)
{
    QList<TrainerArg> out;
    QSet<const Flag *> seen;
    for (const TrainerArg &arg : config.trainerArgs) {
        const Flag *f = findFlag(arg.flag);
        if (!f) {
            out.append(arg);
            continue;
        }
        seen.insert(f);
        const Produced now = f->produce(config);
        if (!now.applicable)
            continue;
        // Keep the user's spelling when it still means what the config says.
        TrainingConfig probe = config;
        const QString storedValue = arg.hasValue ? ShellWords::unquote(arg.raw) : QStringLiteral("True");
        const bool same = f->apply(probe, storedValue).isEmpty() && f->produce(probe).value == now.value;
        TrainerArg updated = arg;
        if (!same) {
            updated.raw = ShellQuote::quoteKeepingReferences(now.value);
            updated.hasValue = true;
        }
        out.append(updated);
    }
    for (const Flag &f : flags()) {
        if (seen.contains(&f))
            continue;
        const Produced now = f.produce(config);
        if (now.applicable && !now.isDefault)
            out.append({f.aliases.first(), ShellQuote::quoteKeepingReferences(now.value), false, true});
    }
    return out;
}

QString TrainerArgs::render(const TrainerArg &arg)
{
    if (arg.flag.isEmpty())
        return arg.raw; // a positional argument
    const QString flag = QStringLiteral("--") + arg.flag;
    if (!arg.hasValue)
        return flag;
    return flag + (arg.equals ? QStringLiteral("=") : QStringLiteral(" ")) + arg.raw;
}

QJsonObject TrainerArgs::toJson(const QList<TrainerArg> &args)
{
    QJsonObject o;
    for (const TrainerArg &a : args) {
        if (a.flag.isEmpty())
            continue; // HfArgumentParser JSON has no positional arguments
        const QString v = a.hasValue ? ShellWords::unquote(a.raw) : QStringLiteral("True");
        bool isNumber = false;
        const double d = v.toDouble(&isNumber);
        if (v == QLatin1String("True") || v == QLatin1String("False"))
            o[a.flag] = v == QLatin1String("True");
        else if (isNumber)
            o[a.flag] = d;
        else
            o[a.flag] = v;
    }
    return o;
}

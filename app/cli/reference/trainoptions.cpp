// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "trainoptions.h"

#include <QCoreApplication>

namespace {

struct IntOption
{
    const char *name;
    const char *help;
    int TrainConfig::*field;
};

const IntOption intOptions[] = {
    {"steps", QT_TRANSLATE_NOOP("TrainOptions", "Training steps."), &TrainConfig::steps},
    {"layers", QT_TRANSLATE_NOOP("TrainOptions", "Transformer blocks."), &TrainConfig::layers},
    {"width", QT_TRANSLATE_NOOP("TrainOptions", "Embedding width (d_model)."), &TrainConfig::width},
    {"heads", QT_TRANSLATE_NOOP("TrainOptions", "Attention heads (must divide width)."), &TrainConfig::heads},
    {"context", QT_TRANSLATE_NOOP("TrainOptions", "Tokens per sequence."), &TrainConfig::context},
    {"batch", QT_TRANSLATE_NOOP("TrainOptions", "Sequences per step."), &TrainConfig::batchSize},
    {"threads",
     QT_TRANSLATE_NOOP("TrainOptions", "CPU threads; results are bit-identical for the same seed and thread count."),
     &TrainConfig::threads},
    {"warmup", QT_TRANSLATE_NOOP("TrainOptions", "Linear warmup steps before the cosine decay."),
     &TrainConfig::warmupSteps},
    {"eval-interval", QT_TRANSLATE_NOOP("TrainOptions", "Evaluation loss every N steps and at the end (0: never)."),
     &TrainConfig::evalInterval},
    {"eval-batches", QT_TRANSLATE_NOOP("TrainOptions", "Validation batches per evaluation."),
     &TrainConfig::evalBatches},
    {"log-interval", QT_TRANSLATE_NOOP("TrainOptions", "Write a log line every N steps."), &TrainConfig::logInterval},
};

struct DoubleOption
{
    const char *name;
    const char *help;
    double TrainConfig::*field;
};

const DoubleOption doubleOptions[] = {
    {"dropout", QT_TRANSLATE_NOOP("TrainOptions", "Dropout probability (0 turns it off, as parity runs need)."),
     &TrainConfig::dropout},
    {"lr", QT_TRANSLATE_NOOP("TrainOptions", "Peak learning rate."), &TrainConfig::learningRate},
    {"min-lr", QT_TRANSLATE_NOOP("TrainOptions", "Learning rate at the end of the cosine decay."),
     &TrainConfig::minLearningRate},
    {"weight-decay", QT_TRANSLATE_NOOP("TrainOptions", "AdamW weight decay (matrices only)."),
     &TrainConfig::weightDecay},
    {"clip", QT_TRANSLATE_NOOP("TrainOptions", "Gradient clipping: max total L2 norm."), &TrainConfig::gradClip},
};

} // namespace

namespace TrainOptions {

void add(QCommandLineParser &parser, const TrainConfig &defaults, bool withPrecision)
{
    for (const IntOption &o : intOptions)
        parser.addOption({QLatin1String(o.name),
                          QCoreApplication::translate("TrainOptions", "%1 Default %2.")
                              .arg(QCoreApplication::translate("TrainOptions", o.help))
                              .arg(defaults.*o.field),
                          QStringLiteral("N")});
    for (const DoubleOption &o : doubleOptions)
        parser.addOption({QLatin1String(o.name),
                          QCoreApplication::translate("TrainOptions", "%1 Default %2.")
                              .arg(QCoreApplication::translate("TrainOptions", o.help))
                              .arg(defaults.*o.field),
                          QStringLiteral("X")});
    parser.addOption({QStringLiteral("seed"),
                      QCoreApplication::translate("TrainOptions", "Random seed (weights and data order). Default %1.")
                          .arg(defaults.seed),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("device"),
                      QCoreApplication::translate("TrainOptions",
                                                  "cpu or cuda (cuda only when the linked libtorch has it). "
                                                  "Default %1.")
                          .arg(defaults.device),
                      QStringLiteral("DEVICE")});
    parser.addOption(
        {QStringLiteral("corpus"),
         QCoreApplication::translate("TrainOptions", "Train on this text file instead of the built-in corpus."),
         QStringLiteral("FILE")});
    if (withPrecision)
        parser.addOption({QStringLiteral("precision"),
                          QCoreApplication::translate("TrainOptions",
                                                      "fp32, or bf16 (bf16 compute, fp32 master weights). Default %1.")
                              .arg(defaults.precision),
                          QStringLiteral("P")});
}

QString read(const QCommandLineParser &parser, TrainConfig &config, bool withPrecision)
{
    for (const IntOption &o : intOptions) {
        const QString name = QLatin1String(o.name);
        if (!parser.isSet(name))
            continue;
        bool ok = false;
        const int v = parser.value(name).toInt(&ok);
        if (!ok)
            return QStringLiteral("--%1: '%2' is not an integer").arg(name, parser.value(name));
        config.*o.field = v;
    }
    for (const DoubleOption &o : doubleOptions) {
        const QString name = QLatin1String(o.name);
        if (!parser.isSet(name))
            continue;
        bool ok = false;
        const double v = parser.value(name).toDouble(&ok);
        if (!ok)
            return QStringLiteral("--%1: '%2' is not a number").arg(name, parser.value(name));
        config.*o.field = v;
    }
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        config.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            return QStringLiteral("--seed: '%1' is not a non-negative integer")
                .arg(parser.value(QStringLiteral("seed")));
    }
    if (parser.isSet(QStringLiteral("device")))
        config.device = parser.value(QStringLiteral("device"));
    if (parser.isSet(QStringLiteral("corpus")))
        config.corpusPath = parser.value(QStringLiteral("corpus"));
    if (withPrecision && parser.isSet(QStringLiteral("precision")))
        config.precision = parser.value(QStringLiteral("precision"));
    return config.validate();
}

} // namespace TrainOptions

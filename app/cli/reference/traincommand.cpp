// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "traincommand.h"

#include "interruptflag.h"
#include "core/workflows/reference/torchmodule.h"
#include "stepprinter.h"
#include "trainoptions.h"
#include "core/base/model/numbertext.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

QString TrainCommand::summary() const
{
    return QCoreApplication::translate(
        "TrainCommand",
        "Train the built-in reference model (small GPT on a public-domain corpus) with libtorch, "
        "logging loss, lr, grad norm and tokens/s live as JSON Lines.");
}

void TrainCommand::addOptions(QCommandLineParser &parser)
{
    TrainOptions::add(parser, TrainConfig(), true);
    parser.addOption({QStringLiteral("log"),
                      QCoreApplication::translate("TrainCommand",
                                                  "Write the JSONL log here (an existing file is kept as FILE.bak)."),
                      QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("dump-weights"),
         QCoreApplication::translate("TrainCommand",
                                     "After training, save the fp32 weights as a torch.save dict (for 'tensors')."),
         QStringLiteral("FILE")});
    parser.addOption(
        {QStringLiteral("quiet"), QCoreApplication::translate("TrainCommand", "No summary lines while training.")});
    parser.addOption({QStringLiteral("json"),
                      QCoreApplication::translate("TrainCommand", "Print the outcome as JSON (implies --quiet).")});
}

int TrainCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (!parser.positionalArguments().isEmpty())
        return usageError(context,
                          QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    TrainConfig config;
    if (const QString error = TrainOptions::read(parser, config, true); !error.isEmpty())
        return usageError(context, error);
    QString moduleError;
    const TorchModule *torch = TorchModule::load(&moduleError);
    if (!torch)
        return usageError(context, moduleError);
    const bool json = parser.isSet(QStringLiteral("json"));
    const QString logPath = parser.value(QStringLiteral("log"));
    if (!json) {
        context.out() << "Reference run: " << config.layers << " layers x " << config.width << " wide, " << config.heads
                      << " heads, context " << config.context << ", batch " << config.batchSize << ", "
                      << config.precision << " on " << config.device << " (libtorch " << torch->version() << ", "
                      << config.threads << " threads), " << config.steps << " steps, seed " << config.seed << Qt::endl;
    }
    InterruptFlag interrupt;
    StepPrinter printer(context.out(), config.steps);
    const bool quiet = json || parser.isSet(QStringLiteral("quiet"));
    const TrainOutcome outcome = torch->train(
        config, logPath, parser.value(QStringLiteral("dump-weights")),
        [&](const TrainStep &s) {
            if (!quiet)
                printer.print(s);
        },
        interrupt.flag());

    if (json) {
        QJsonObject o = outcome.toJson();
        o.insert(QStringLiteral("status"), outcome.status);
        o.insert(QStringLiteral("config"), config.toJson());
        if (!logPath.isEmpty())
            o.insert(QStringLiteral("log"), logPath);
        context.out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    }
    if (!outcome) {
        context.err() << "portbench-cli train: " << outcome.error << '\n';
        // Settings libtorch cannot run (no CUDA, unreadable corpus) are input errors, not a "no".
        return outcome.stepsDone == 0 ? ExitCode::UsageError : ExitCode::Failed;
    }
    if (!json) {
        context.out() << (outcome.status == QLatin1String("stopped") ? "Stopped after " : "Finished ")
                      << outcome.stepsDone << " steps in " << NumberText::fixed(outcome.wallSeconds, 1) << " s on "
                      << outcome.deviceUsed << ": loss " << NumberText::fixed(outcome.finalLoss, 4);
        if (std::isfinite(outcome.finalEvalLoss))
            context.out() << ", eval " << NumberText::fixed(outcome.finalEvalLoss, 4);
        context.out() << ", " << NumberText::fixed(outcome.tokensPerSecond, 0) << " tokens/s, "
                      << outcome.parameterCount << " parameters";
        if (!logPath.isEmpty())
            context.out() << "; log: " << logPath;
        context.out() << Qt::endl;
    }
    return outcome.status == QLatin1String("stopped") ? ExitCode::Failed : ExitCode::Ok;
}

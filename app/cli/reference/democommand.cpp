// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "democommand.h"

#include "presetoption.h"
#include "interruptflag.h"
#include "core/engines/parity/parityjson.h"
#include "logs/loginputs.h"
#include "report/clireport.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/reference/torchmodule.h"
#include "stepprinter.h"
#include "trainoptions.h"
#include "core/base/model/numbertext.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

#include <mutex>
#include <utility>

namespace {

const QString optOut = QStringLiteral("out");
const QString optSequential = QStringLiteral("sequential");
const QString optQuiet = QStringLiteral("quiet");
const QString optJson = QStringLiteral("json");

QJsonObject sideJson(const TrainOutcome &outcome, const TrainConfig &config, const QString &log)
{
    QJsonObject o = outcome.toJson();
    o.insert(QStringLiteral("status"), outcome.status);
    o.insert(QStringLiteral("precision"), config.precision);
    o.insert(QStringLiteral("log"), log);
    return o;
}

} // namespace

QString DemoCommand::writeReport(const DemoPlan &plan, const ReportOptions &options, CliContext &context,
                                 const QString &path) const
{
    std::vector<LogInputs::Input> parsed;
    if (!LogInputs::read({plan.baselineLog(), plan.candidateLog()}, ParseOptions{}, name(), context, parsed))
        return QStringLiteral("the demo's logs cannot be read");
    ReportInput input;
    CliReport::addRuns(parsed, input);
    input.baseline = 0;
    return CliReport::write(options, input, path).error;
}

QString DemoCommand::summary() const
{
    return QCoreApplication::translate(
        "DemoCommand",
        "The main job on its built-in default: train the reference model in fp32 (baseline) and "
        "bf16 (candidate) with libtorch, then judge their loss parity (PASS/WARN/FAIL).");
}

void DemoCommand::addOptions(QCommandLineParser &parser)
{
    TrainOptions::add(parser, DemoPlan::defaultConfig(), false);
    parser.addOptions({
        {optOut,
         QCoreApplication::translate("DemoCommand",
                                     "Folder for the two logs (default: a new portbench-demo-DATE-TIME folder here). "
                                     "Logs already there are kept as .bak."),
         QStringLiteral("DIR")},
        {optSequential,
         QCoreApplication::translate(
             "DemoCommand", "Train the baseline, then the candidate (default: both at once, --threads each).")},
        {optQuiet, QCoreApplication::translate("DemoCommand", "No progress lines while training.")},
        {optJson,
         QCoreApplication::translate("DemoCommand",
                                     "Print the outcome and every parity statistic as JSON (implies --quiet).")},
    });
    PresetOption::add(parser, PresetOption::Custom::Refused);
    CliReport::addLanguageOption(parser);
}

int DemoCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (!parser.positionalArguments().isEmpty())
        return usageError(context,
                          QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    TrainConfig config = DemoPlan::defaultConfig();
    if (const QString error = TrainOptions::read(parser, config, false); !error.isEmpty())
        return usageError(context, error);
    // On a CPU without native bf16 the default demo trains fewer steps, both runs alike.
    const bool emulatesBf16 = DemoPlan::candidateEmulatesBf16(DemoPlan::make(config, QString()).candidate);
    const int chosenSteps = config.steps;
    if (emulatesBf16 && !parser.isSet(QStringLiteral("steps")))
        config = DemoPlan::shortenedForEmulatedBf16(config, parser.isSet(QStringLiteral("warmup")));
    if (config.dropout != 0.0)
        return usageError(
            context, QStringLiteral("--dropout: the demo compares runs step by step, which needs dropout off (0)"));
    QString preset;
    if (QString error; !PresetOption::read(parser, PresetOption::Custom::Refused, &preset, &error))
        return usageError(
            context, error + QStringLiteral("; for custom tolerances run 'portbench-cli parity' on the demo's logs"));
    ReportOptions reportOptions;
    reportOptions.title
        = QStringLiteral("PortBench demo: fp32 baseline vs bf16 candidate, steps 1-%1").arg(config.steps);
    reportOptions.parity = ParityOptions::forPreset(preset);
    if (const QString error = CliReport::readLanguage(parser, reportOptions); !error.isEmpty())
        return usageError(context, error);
    QString moduleError;
    const TorchModule *torch = TorchModule::load(&moduleError);
    if (!torch)
        return usageError(context, moduleError);
    const QString outDir = parser.isSet(optOut) ? parser.value(optOut) : DemoPlan::newOutputDir(QDir::currentPath());
    const DemoPlan plan = DemoPlan::make(config, outDir);
    const bool json = parser.isSet(optJson);
    const bool quiet = json || parser.isSet(optQuiet);

    QTextStream &out = context.out();
    if (!json) {
        out << "PortBench demo: does a bf16 port train like the fp32 baseline?\n"
            << "Reference model: " << config.layers << " layers x " << config.width << " wide, " << config.heads
            << " heads, context " << config.context << ", batch " << config.batchSize << ", " << config.steps
            << " steps, seed " << config.seed << ", dropout off, " << config.threads << " thread(s), " << config.device
            << ", libtorch " << torch->version() << "\n"
            << "Logs: " << QDir::toNativeSeparators(plan.baselineLog()) << "\n      "
            << QDir::toNativeSeparators(plan.candidateLog()) << Qt::endl;
        if (emulatesBf16) {
            out << "Note: this CPU has no native bf16 (no avx512_bf16 or amx_bf16 in /proc/cpuinfo), so libtorch "
                   "emulates it: the bf16 candidate takes about ten times as long as the fp32 baseline";
            if (config.steps < chosenSteps)
                out << ", so both runs train " << config.steps << " steps instead of " << chosenSteps
                    << " (--steps chooses)";
            out << '.' << Qt::endl;
        }
    }
    StepPrinter baselinePrinter(out, config.steps, QStringLiteral("baseline  fp32 "));
    StepPrinter candidatePrinter(out, config.steps, QStringLiteral("candidate bf16 "));
    std::mutex outMutex; // both runs report from their own threads
    InterruptFlag interrupt;
    const DemoOutcome outcome = torch->runDemo(
        plan, ParityOptions::forPreset(preset), !parser.isSet(optSequential), {},
        [&](DemoPlan::Side side, const TrainStep &s) {
            if (quiet)
                return;
            const std::lock_guard<std::mutex> lock(outMutex);
            (side == DemoPlan::Side::Baseline ? baselinePrinter : candidatePrinter).print(s);
        },
        interrupt.flag());

    if (json) {
        QJsonObject o{{QStringLiteral("status"), outcome.status},
                      {QStringLiteral("output_dir"), plan.outputDir},
                      {QStringLiteral("wall_s"), outcome.wallSeconds},
                      {QStringLiteral("config"), config.toJson()},
                      {QStringLiteral("baseline"), sideJson(outcome.baseline, plan.baseline, plan.baselineLog())},
                      {QStringLiteral("candidate"), sideJson(outcome.candidate, plan.candidate, plan.candidateLog())}};
        if (!outcome.error.isEmpty())
            o.insert(QStringLiteral("error"), outcome.error);
        if (outcome.status == QLatin1String("finished")) {
            o.insert(QStringLiteral("verdict"), ParityResult::verdictName(outcome.parity.verdict));
            o.insert(QStringLiteral("parity"), ParityJson::toJson(outcome.parity, false));
        }
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    }
    if (!outcome) {
        context.err() << "portbench-cli demo: " << outcome.error << '\n';
        return ExitCode::UsageError;
    }
    if (outcome.status == QLatin1String("stopped")) {
        if (!json)
            out << "Stopped: no verdict (the logs so far are in " << plan.outputDir << ")" << Qt::endl;
        return ExitCode::Failed;
    }
    const QString reportPath = QDir(plan.outputDir).filePath(QStringLiteral("report.html"));
    const QString reportError = writeReport(plan, reportOptions, context, reportPath);
    if (!reportError.isEmpty())
        context.err() << "portbench-cli demo: report not written: " << reportError << '\n';
    if (!json) {
        const std::pair<const char *, const TrainOutcome *> sides[]
            = {{"baseline  fp32", &outcome.baseline}, {"candidate bf16", &outcome.candidate}};
        for (const auto &[label, t] : sides) {
            out << label << ": " << t->stepsDone << " steps in " << NumberText::fixed(t->wallSeconds, 1)
                << " s, final loss " << NumberText::fixed(t->finalLoss, 4) << ", "
                << NumberText::fixed(t->tokensPerSecond, 0) << " tokens/s\n";
        }
        out << "\nCompared: steps 1-" << config.steps << " of both runs, the same schedule, fp32 vs bf16\n"
            << ParityText::summary(outcome.parity).join(QLatin1Char('\n')) << "\n\n"
            << "Demo finished in " << NumberText::fixed(outcome.wallSeconds, 1) << " s. Look closer:\n"
            << (reportError.isEmpty() ? QStringLiteral("  report:  %1\n").arg(reportPath) : QString())
            << "  portbench-cli parity " << plan.baselineLog() << ' ' << plan.candidateLog() << "\n"
            << "  portbench " << plan.baselineLog() << ' ' << plan.candidateLog() << "   (live charts)" << Qt::endl;
    }
    return outcome.parity.verdict == ParityResult::Verdict::Fail ? ExitCode::Failed : ExitCode::Ok;
}

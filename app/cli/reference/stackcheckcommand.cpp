// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "stackcheckcommand.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/engines/parity/parityjson.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/engines/parity/paritytext.h"
#include "core/workflows/reference/demoplan.h"
#include "core/workflows/reference/stackcheck.h"
#include "hostoptions.h"
#include "stepprinter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <tuple>

namespace {

const QString optPython = QStringLiteral("python");
const QString optHost = QStringLiteral("host");
const QString optDevice = QStringLiteral("device");
const QString optPrecision = QStringLiteral("precision");
const QString optReference = QStringLiteral("reference");
const QString optDevices = QStringLiteral("devices");
const QString optSteps = QStringLiteral("steps");
const QString optThreads = QStringLiteral("threads");
const QString optLr = QStringLiteral("lr");
const QString optWeights = QStringLiteral("weights");
const QString optOutDir = QStringLiteral("out");
const QString optJsonReport = QStringLiteral("json");

/// A positive integer option in [1, max]; an error message otherwise.
QString readCount(const QCommandLineParser &parser, const QString &option, int max, int *value)
{
    bool ok = false;
    const int v = parser.value(option).toInt(&ok);
    if (!ok || v < 1 || v > max)
        return QStringLiteral("--%1: '%2' is not a whole number from 1 to %3")
            .arg(option, parser.value(option))
            .arg(max);
    *value = v;
    return {};
}

} // namespace

QString StackcheckCommand::summary() const
{
    return QCoreApplication::translate(
        "StackcheckCommand",
        "Run PortBench's reference GPT in your own Python stack (here or over SSH) and judge it "
        "against the shipped reference curves");
}

void StackcheckCommand::addOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {optPython,
         QCoreApplication::translate("StackcheckCommand",
                                     "Python interpreter on the target machine (default python3)."),
         QStringLiteral("PATH"), QStringLiteral("python3")},
        {optHost,
         QCoreApplication::translate("StackcheckCommand",
                                     "Run over SSH on this host (ssh destination or ~/.ssh/config alias)."),
         QStringLiteral("SSH_HOST")},
        {optDevice,
         QCoreApplication::translate(
             "StackcheckCommand",
             "auto, cpu, or a backend plugin's torch device: cuda, npu, … (default auto: the first "
             "accelerator torch sees)."),
         QStringLiteral("DEVICE"), QStringLiteral("auto")},
        {optPrecision, QCoreApplication::translate("StackcheckCommand", "fp32 or bf16 (autocast). Default fp32."),
         QStringLiteral("P"), QStringLiteral("fp32")},
        {optReference,
         QCoreApplication::translate("StackcheckCommand",
                                     "Judge against the shipped reference of: auto (CUDA when this build ships it, "
                                     "else the CPU), cuda or cpu."),
         QStringLiteral("DEVICE"), QStringLiteral("auto")},
        {optDevices,
         QCoreApplication::translate("StackcheckCommand",
                                     "Data-parallel processes on one node (DDP over nccl/hccl/mccl, gloo on cpu); "
                                     "must divide the batch of 16. Default 1."),
         QStringLiteral("N"), QStringLiteral("1")},
        {optSteps,
         QCoreApplication::translate("StackcheckCommand", "Train the first N of the 200 steps (default 200)."),
         QStringLiteral("N"), QStringLiteral("200")},
        {optThreads, QCoreApplication::translate("StackcheckCommand", "Intra-op CPU threads per process (default 1)."),
         QStringLiteral("N"), QStringLiteral("1")},
        {optLr,
         QCoreApplication::translate("StackcheckCommand",
                                     "Peak learning rate instead of 2e-3: a deliberate perturbation that should FAIL."),
         QStringLiteral("LR")},
        {optWeights,
         QCoreApplication::translate(
             "StackcheckCommand",
             "Initial weights (safetensors) instead of the shipped ones: a deliberate perturbation."),
         QStringLiteral("FILE")},
        {optOutDir,
         QCoreApplication::translate("StackcheckCommand",
                                     "Folder for the workload copy, the run log and the reference (default: a new "
                                     "portbench-stackcheck-* folder here)."),
         QStringLiteral("DIR")},
        {optJsonReport, QCoreApplication::translate("StackcheckCommand", "Print the result as JSON.")},
    });
    HostOptions::addSshConfig(parser);
}

int StackcheckCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    if (!parser.positionalArguments().isEmpty())
        return usageError(context, QStringLiteral("takes no file arguments (see --help)"));
    StackCheckRequest request;
    request.python = parser.value(optPython);
    request.target.host = parser.value(optHost);
    request.target.configFile = HostOptions::sshConfig(parser);
    request.device = parser.value(optDevice);
    request.precision = parser.value(optPrecision);
    StackCheck::useBackends(context.plugins(), request);
    request.reference = parser.value(optReference);
    for (const auto &[option, max, target] : {std::tuple{optDevices, StackCheck::batchSize, &request.devices},
                                              std::tuple{optSteps, StackCheck::scheduleSteps, &request.steps},
                                              std::tuple{optThreads, 1024, &request.threads}}) {
        if (const QString error = readCount(parser, option, max, target); !error.isEmpty())
            return usageError(context, error);
    }
    if (parser.isSet(optLr)) {
        bool ok = false;
        request.peakLr = parser.value(optLr).toDouble(&ok);
        if (!ok || !(request.peakLr > 0))
            return usageError(context, QStringLiteral("--lr: '%1' is not a positive number").arg(parser.value(optLr)));
    }
    if (parser.isSet(optWeights))
        request.weightsFile = QFileInfo(parser.value(optWeights)).absoluteFilePath();
    request.outDir = QDir(parser.isSet(optOutDir)
                              ? parser.value(optOutDir)
                              : DemoPlan::newOutputDir(QDir::currentPath(), QStringLiteral("portbench-stackcheck")))
                         .absolutePath();
    if (const QString error = request.validate(); !error.isEmpty())
        return usageError(context, error);
    const bool json = parser.isSet(optJsonReport);

    QTextStream &out = context.out();
    if (!json) {
        out << "PortBench stack check: does this Python stack train the reference GPT like the reference does?\n"
            << "Running " << request.python
            << (request.target.isLocal() ? QStringLiteral(" here") : QStringLiteral(" on ") + request.target.host)
            << ", device " << request.device << ", " << request.precision << ", " << request.devices << " process(es), "
            << request.steps << " steps\nFolder: " << QDir::toNativeSeparators(request.outDir) << Qt::endl;
    }
    StepPrinter printer(out, request.steps, QStringLiteral("stackcheck "));
    const StackCheckOutcome outcome = StackCheck::run(request, [&](const QJsonObject &record) {
        if (json)
            return;
        if (record.contains(QStringLiteral("step")))
            printer.print(StackCheck::stepOf(record));
        else if (record.value(QStringLiteral("event")) == QLatin1String("start"))
            out << "Stack: " << StackCheck::environmentLine(record.value(QStringLiteral("environment")).toObject())
                << Qt::endl;
    });

    const bool judged = outcome.status == StackCheckOutcome::Status::Judged;
    if (json) {
        QJsonObject o{{QStringLiteral("output_dir"), request.outDir},
                      {QStringLiteral("log"), outcome.logPath},
                      {QStringLiteral("status"), outcome.statusName()}};
        if (!outcome.error.isEmpty())
            o.insert(QStringLiteral("error"), outcome.error);
        if (judged) {
            o.insert(QStringLiteral("reference"), outcome.referencePath);
            o.insert(QStringLiteral("reference_device"), outcome.referenceDevice);
            o.insert(QStringLiteral("reference_provenance"), outcome.referenceProvenance);
            o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(outcome.notes));
            o.insert(QStringLiteral("verdict"), ParityResult::verdictName(outcome.parity.verdict));
            o.insert(QStringLiteral("parity"), ParityJson::toJson(outcome.parity, false));
        }
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    }
    if (!judged) {
        context.err() << "portbench-cli stackcheck: " << outcome.error << '\n';
        return outcome.status == StackCheckOutcome::Status::RunFailed ? ExitCode::Failed : ExitCode::UsageError;
    }
    if (!json) {
        out << '\n'
            << "Reference: " << outcome.referenceDevice << " (" << QDir::toNativeSeparators(outcome.referencePath)
            << ")\n"
            << "  " << outcome.referenceProvenance << '\n';
        for (const QString &note : outcome.notes)
            out << "Note: " << note << '\n';
        out << ParityText::summary(outcome.parity).join(QLatin1Char('\n')) << "\n\n"
            << "Look closer: portbench-cli parity " << outcome.referencePath << ' ' << outcome.logPath
            << " --preset stackcheck" << Qt::endl;
    }
    return outcome.parity.verdict == ParityResult::Verdict::Fail ? ExitCode::Failed : ExitCode::Ok;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportcommand.h"

#include "presetoption.h"
#include "telemetryfilesoption.h"
#include "core/base/io/jsoninput.h"

#include "core/sources/config/trainingconfigjson.h"
#include "core/base/io/inputfile.h"
#include "clireport.h"
#include "core/sources/plugins/pluginmanager.h"
#include "core/workflows/report/reportfiles.h"
#include "core/sources/topology/topologyreader.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <tuple>

namespace {

const QString optRun = QStringLiteral("run");
const QString optBaseline = QStringLiteral("baseline");
const QString optEnv = QStringLiteral("env");
const QString optCandidateEnv = QStringLiteral("candidate-env");
const QString optEnvelope = QStringLiteral("envelope");
const QString optConfig = QStringLiteral("config");
const QString optTopology = QStringLiteral("topology");
const QString optPort = QStringLiteral("port-report");
const QString optTensors = QStringLiteral("tensors-report");
const QString optSections = QStringLiteral("sections");
const QString optTitle = QStringLiteral("title");
const QString optSmoothing = QStringLiteral("smoothing");
const QString optOutput = QStringLiteral("output");
const QString optParityCsv = QStringLiteral("parity-csv");
const QString optFailOnWarn = QStringLiteral("fail-on-warn");

/// Reads a whole file; error names the file.
QByteArray readFile(const QString &path, QString *error)
{
    InputFile::Result input = InputFile::read(path, InputFile::textCaptureLimit, QStringLiteral("report input"));
    *error = input.error;
    return input.bytes;
}

QJsonObject readJson(const QString &path, QString *error)
{
    const QByteArray bytes = readFile(path, error);
    if (!error->isEmpty())
        return {};
    QString parseError;
    const QJsonDocument doc = JsonInput::parse(bytes, &parseError);
    if (!doc.isObject()) {
        *error = !parseError.isEmpty() ? QStringLiteral("%1: %2").arg(path, parseError)
                                       : QStringLiteral("%1: not a JSON object").arg(path);
        return {};
    }
    return doc.object();
}

} // namespace

QString ReportCommand::summary() const
{
    return tr("Write a self-contained HTML, PDF or Markdown report of runs, parity and checks.");
}

void ReportCommand::addOptions(QCommandLineParser &parser)
{
    LogInputs::addOptions(parser);
    parser.addOption({optRun,
                      tr("A training log, event file or run folder (repeat for several runs; the first "
                         "is the baseline unless --baseline; a folder of runs gives each of its runs)."),
                      QStringLiteral("LOG")});
    parser.addOption({optBaseline,
                      tr("The parity baseline: a --run log path, its file name, its run name or its index (0-based); "
                         "'none' shows the runs without parity."),
                      QStringLiteral("RUN")});
    parser.addOption(
        {optEnv, tr("An environment report from `portbench-cli env --json`."), QStringLiteral("ENV.json")});
    parser.addOption({optCandidateEnv,
                      tr("`portbench-cli env --json` of the candidate's machine: the parity "
                         "section shows it side by side with --env (what differs)."),
                      QStringLiteral("ENV.json")});
    parser.addOption({optEnvelope,
                      tr("Another run of the baseline's setup (repeatable): parity judges the "
                         "candidates against the baselines' noise envelope."),
                      QStringLiteral("LOG")});
    parser.addOption(
        {optConfig, tr("A PortBench training config (JSON) to summarise, validate and emit."), QStringLiteral("CFG")});
    parser.addOption({optTopology,
                      tr("A saved `nvidia-smi topo -m` / `npu-smi info -t topo` / `mthreads-gmi topo` output."),
                      QStringLiteral("CAPTURE")});
    parser.addOption({optPort, tr("A porting report from `portbench-cli port --json` or --report FILE.json."),
                      QStringLiteral("FILE")});
    parser.addOption(
        {optTensors, tr("A tensor comparison from `portbench-cli tensors --json`."), QStringLiteral("FILE")});
    PresetOption::add(parser, PresetOption::Custom::Refused);
    TelemetryFilesOption::add(parser);
    parser.addOption({optSections,
                      tr("Comma-separated sections, in order (default all that have input): ") +
                          [] {
                              QStringList names;
                              for (ReportOptions::Section s : ReportOptions::allSections())
                                  names << ReportOptions::sectionName(s);
                              return names.join(QStringLiteral(","));
                          }(),
                      QStringLiteral("LIST")});
    parser.addOption({optTitle, tr("Report title."), QStringLiteral("TEXT")});
    parser.addOption({optSmoothing, tr("EMA weight of the smoothed curves, 0..0.999 (default 0.6)."),
                      QStringLiteral("W"), QStringLiteral("0.6")});
    parser.addOption({{QStringLiteral("o"), optOutput},
                      tr("The report: .html, .pdf or .md (PNG figures beside it)."),
                      QStringLiteral("FILE")});
    parser.addOption(
        {optParityCsv, tr("Also write the aligned per-step parity table as CSV."), QStringLiteral("FILE")});
    CliReport::addLanguageOption(parser);
    parser.addOption({optFailOnWarn, tr("Exit 1 on a WARN verdict too.")});
}

QString ReportCommand::readOptions(const QCommandLineParser &parser, ReportOptions &options)
{
    options.title = parser.value(optTitle);
    if (const QString error = CliReport::readLanguage(parser, options); !error.isEmpty())
        return error;
    QString preset;
    if (QString error; !PresetOption::read(parser, PresetOption::Custom::Refused, &preset, &error))
        return error;
    options.parity = ParityOptions::forPreset(preset);
    bool ok = false;
    options.smoothing = parser.value(optSmoothing).toDouble(&ok);
    if (!ok || options.smoothing < 0 || options.smoothing > 0.999)
        return QStringLiteral("--smoothing wants a number from 0 to 0.999, not '%1'").arg(parser.value(optSmoothing));
    if (parser.isSet(optSections)) {
        options.sections.clear();
        for (const QString &name : parser.value(optSections).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            ReportOptions::Section s;
            if (!ReportOptions::sectionFromName(name, &s))
                return QStringLiteral("unknown section '%1'").arg(name.trimmed());
            options.sections << s;
        }
    }
    return {};
}

int ReportCommand::readRuns(const QCommandLineParser &parser, CliContext &context,
                            std::vector<LogInputs::Input> &parsed, ReportInput &input) const
{
    const QStringList logs = parser.values(optRun) + parser.positionalArguments();
    ParseOptions parseOptions;
    const QString mapError = LogInputs::readOptions(parser, parseOptions);
    if (!mapError.isEmpty())
        return usageError(context, mapError);
    const QStringList envelopeLogs = parser.values(optEnvelope);
    if (!envelopeLogs.isEmpty() && logs.size() < 2)
        return usageError(context, QStringLiteral("--envelope needs a baseline and a candidate --run"));
    if (!LogInputs::read(logs, parseOptions, name(), context, parsed))
        return ExitCode::UsageError;
    const int runCount = int(parsed.size()); // the runs after it are the envelope's baselines
    if (!LogInputs::read(envelopeLogs, parseOptions, name(), context, parsed))
        return ExitCode::UsageError;
    CliReport::addRuns(parsed, input);
    for (int i = runCount; i < input.runs.size(); ++i)
        input.envelope << i;
    if (QString error;
        !TelemetryFilesOption::read(parser, parsed, size_t(runCount), name(), context, &input.telemetry, &error))
        return usageError(context, error);
    // --baseline names one of the runs (path, file name, run name or index) or 'none'; anything
    // else is an error, not a report that quietly lacks its parity section.
    int named = -1;
    if (parser.isSet(optBaseline)) {
        const QString b = parser.value(optBaseline);
        if (b != QLatin1String("none")) {
            for (int i = 0; i < runCount && named < 0; ++i) {
                if (LogInputs::names(parsed[size_t(i)], b) || QString::number(i) == b)
                    named = i;
            }
            if (named < 0)
                return usageError(context, QStringLiteral("--baseline '%1' is none of the --run logs").arg(b));
        }
    }
    if (runCount > 1) {
        input.baseline = parser.isSet(optBaseline) ? named : 0;
        if (input.baseline >= 0 && runCount - 1 > ParityOptions::maxCandidates)
            return usageError(context,
                              QStringLiteral("%1 candidates; parity compares at most %2 with one baseline")
                                  .arg(runCount - 1)
                                  .arg(ParityOptions::maxCandidates));
    }
    return ExitCode::Ok;
}

QString ReportCommand::readEnvironments(const QCommandLineParser &parser, ReportInput &input)
{
    QString error;
    if (parser.isSet(optEnv)) {
        const QJsonObject json = readJson(parser.value(optEnv), &error);
        EnvReport env;
        if (error.isEmpty()) {
            const QString e = EnvReport::fromJson(json, &env);
            if (!e.isEmpty())
                return parser.value(optEnv) + QStringLiteral(": ") + e;
        }
        if (!error.isEmpty())
            return error;
        input.environment = env;
        input.baselineEnvJson = json;
    }
    if (parser.isSet(optCandidateEnv)) {
        const QJsonObject json = readJson(parser.value(optCandidateEnv), &error);
        EnvReport env;
        const QString e = error.isEmpty() ? EnvReport::fromJson(json, &env) : QString();
        if (!error.isEmpty() || !e.isEmpty())
            return error.isEmpty() ? parser.value(optCandidateEnv) + QStringLiteral(": ") + e : error;
        input.candidateEnvJson = json;
    }
    return {};
}

QString ReportCommand::readResults(const QCommandLineParser &parser, CliContext &context, ReportInput &input)
{
    QString error = readEnvironments(parser, input);
    if (!error.isEmpty())
        return error;
    if (parser.isSet(optConfig)) {
        context.plugins(); // the config's backend, devices and rules come from the backend plugins
        const QByteArray bytes = readFile(parser.value(optConfig), &error);
        const ConfigParseResult cfg = error.isEmpty() ? TrainingConfigJson::read(bytes) : ConfigParseResult{};
        if (error.isEmpty() && !cfg)
            error = parser.value(optConfig) + QStringLiteral(": ") + cfg.error;
        if (!error.isEmpty())
            return error;
        input.config = cfg.config;
        input.configPath = parser.value(optConfig);
    }
    if (parser.isSet(optTopology)) {
        const QByteArray bytes = readFile(parser.value(optTopology), &error);
        if (!error.isEmpty())
            return error;
        // The rule `topo --from` and the Topology panel read a capture by.
        const Topology topology = TopologyReader::fromCapture(bytes, context.plugins().deviceBackends());
        if (!topology)
            return QStringLiteral("%1: not a topology capture (%2)").arg(parser.value(optTopology), topology.error);
        input.topology = topology;
    }
    for (const auto &[opt, target, key] : {std::tuple{optPort, &input.portReport, QStringLiteral("findings")},
                                           std::tuple{optTensors, &input.tensorsReport, QStringLiteral("tensors")}}) {
        if (!parser.isSet(opt))
            continue;
        *target = readJson(parser.value(opt), &error);
        if (error.isEmpty() && !target->value(key).isArray())
            error
                = QStringLiteral("%1: no \"%2\" array: not the JSON of `portbench-cli %3 --json`")
                      .arg(parser.value(opt), key, opt == optPort ? QStringLiteral("port") : QStringLiteral("tensors"));
        if (!error.isEmpty())
            return error;
    }
    return {};
}

int ReportCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QString output = parser.value(optOutput);
    if (output.isEmpty())
        return usageError(context, QStringLiteral("give the report file with -o report.html|report.pdf|report.md"));
    if (!ReportFiles::supports(output))
        return usageError(context, QStringLiteral("%1: unknown report format (use .html, .pdf or .md)").arg(output));
    const bool anyInput = !(parser.values(optRun) + parser.positionalArguments()).isEmpty() || parser.isSet(optEnv)
        || parser.isSet(optConfig) || parser.isSet(optTopology) || parser.isSet(optPort) || parser.isSet(optTensors);
    if (!anyInput)
        return usageError(
            context, QStringLiteral("nothing to report: give --run LOG (and/or --env, --config, --port-report, ...)"));
    if (parser.isSet(optCandidateEnv) && !parser.isSet(optEnv))
        return usageError(context, QStringLiteral("--candidate-env needs --env (the baseline's machine)"));
    ReportOptions options;
    if (const QString error = readOptions(parser, options); !error.isEmpty())
        return usageError(context, error);

    ReportInput input;
    std::vector<LogInputs::Input> parsed;
    if (const int code = readRuns(parser, context, parsed, input); code != ExitCode::Ok)
        return code;
    const QString inputError = readResults(parser, context, input);
    const ReportGenerator::Result report = inputError.isEmpty()
        ? CliReport::write(options, input, output, parser.value(optParityCsv))
        : ReportGenerator::Result{};
    if (!inputError.isEmpty() || !report) {
        context.err() << "portbench-cli report: " << (inputError.isEmpty() ? report.error : inputError) << '\n';
        return ExitCode::UsageError;
    }
    for (const QString &file : report.written)
        context.out() << "wrote " << file << '\n';
    const QString verdict = report.document.verdict;
    if (!verdict.isEmpty())
        context.out() << "verdict: " << verdict << '\n';
    if (verdict == QLatin1String("FAIL") || (verdict == QLatin1String("WARN") && parser.isSet(optFailOnWarn)))
        return ExitCode::Failed;
    return ExitCode::Ok;
}

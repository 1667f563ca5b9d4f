// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "paritycommand.h"

#include "presetoption.h"
#include "telemetryfilesoption.h"
#include "logs/loginputs.h"
#include "core/sources/logs/logreader.h"
#include "core/base/model/steplimits.h"
#include "core/engines/parity/parityengine.h"
#include "core/engines/parity/parityjson.h"
#include "core/engines/parity/parityenvdiff.h"
#include "core/engines/parity/parityneighbours.h"
#include "core/engines/parity/paritytext.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <memory>
#include <optional>
#include <vector>

namespace {

const QString optMetric = QStringLiteral("metric");
const QString optRelTol = QStringLiteral("rel-tol");
const QString optAbsTol = QStringLiteral("abs-tol");
const QString optMinWithin = QStringLiteral("min-within");
const QString optSkipWarmup = QStringLiteral("skip-warmup");
const QString optStepOffset = QStringLiteral("step-offset");
const QString optBaselineOffset = QStringLiteral("baseline-step-offset");
const QString optInterpolate = QStringLiteral("interpolate");
const QString optWindow = QStringLiteral("window");
const QString optMinThroughput = QStringLiteral("min-throughput-ratio");
const QString optFormat = QStringLiteral("format");
const QString optJson = QStringLiteral("json");
const QString optNoTable = QStringLiteral("no-table");
const QString optFailOnWarn = QStringLiteral("fail-on-warn");
const QString optEnvelope = QStringLiteral("envelope");
const QString optNoNeighbours = QStringLiteral("no-neighbours");
const QString optBaselineEnv = QStringLiteral("baseline-env");
const QString optCandidateEnv = QStringLiteral("candidate-env");

/// "2%" → 0.02, "0.02" → 0.02. False for anything else or a negative value.
bool parseShare(const QString &text, double *value)
{
    QString t = text.trimmed();
    const bool percent = t.endsWith(QLatin1Char('%'));
    if (percent)
        t.chop(1);
    bool ok = false;
    double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0)
        return false;
    *value = percent ? v / 100.0 : v;
    return true;
}

} // namespace

QString ParityCommand::summary() const
{
    return QCoreApplication::translate(
        "ParityCommand",
        "Compare the loss (or any metric) of NPU/MUSA candidate runs with a CUDA baseline: "
        "per-step errors, first divergence, drift, spikes, throughput, fairness; PASS/WARN/FAIL.");
}

void ParityCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("BASELINE"),
        QCoreApplication::translate("ParityCommand",
                                    "The reference log (the CUDA run): a text log, an event file or run "
                                    "folder, an MLflow run; a folder of runs gives each of its runs."));
    LogInputs::addOptions(parser);
    parser.addPositionalArgument(QStringLiteral("CANDIDATE"),
                                 QCoreApplication::translate("ParityCommand", "One to six logs to judge."),
                                 QCoreApplication::translate("ParityCommand", "CANDIDATE..."));
    parser.addOptions({
        {optMetric,
         QCoreApplication::translate("ParityCommand",
                                     "Metric to compare (default: loss — lm_loss where logged). Also grad_norm, "
                                     "tokens_per_s, any column 'parse' shows."),
         QStringLiteral("NAME")},
        {optEnvelope,
         QCoreApplication::translate("ParityCommand",
                                     "Another run of the baseline's setup (repeatable): the candidate is judged "
                                     "against the baselines' spread per step, widened by the tolerance, and the "
                                     "baselines against each other."),
         QStringLiteral("LOG")},
        {optBaselineEnv,
         QCoreApplication::translate("ParityCommand",
                                     "`portbench-cli env --json` of the baseline's machine; with --candidate-env, "
                                     "the two environments are shown side by side (what differs)."),
         QStringLiteral("FILE")},
        {optCandidateEnv,
         QCoreApplication::translate("ParityCommand", "`portbench-cli env --json` of the candidate's machine."),
         QStringLiteral("FILE")},
        {optNoNeighbours,
         QCoreApplication::translate("ParityCommand",
                                     "Do not read facts (trainer_state.json, TensorBoard TrainingArguments) "
                                     "from the files beside each log.")},
        {optRelTol,
         QCoreApplication::translate("ParityCommand",
                                     "Relative tolerance per step, e.g. 0.02 or 2%; also the mean limit."),
         QStringLiteral("X")},
        {optAbsTol,
         QCoreApplication::translate("ParityCommand",
                                     "Absolute tolerance per step; a step passes when |B−A| ≤ abs + rel·|A|."),
         QStringLiteral("X")},
        {optMinWithin,
         QCoreApplication::translate("ParityCommand",
                                     "Share of steps that must be within tolerance, e.g. 0.999 or 99.9%."),
         QStringLiteral("X")},
        {optSkipWarmup, QCoreApplication::translate("ParityCommand", "Leave steps ≤ N out of the judgement."),
         QStringLiteral("N")},
        {optStepOffset,
         QCoreApplication::translate("ParityCommand",
                                     "Add N to every candidate step (once for all, or once per candidate in "
                                     "order)."),
         QStringLiteral("N")},
        {optBaselineOffset, QCoreApplication::translate("ParityCommand", "Add N to every baseline step."),
         QStringLiteral("N")},
        {optInterpolate,
         QCoreApplication::translate("ParityCommand",
                                     "Compare on every baseline step, interpolating the candidate linearly "
                                     "between its logged steps (rows are marked).")},
        {optWindow,
         QCoreApplication::translate("ParityCommand",
                                     "Divergence window in steps (default 5; 1 = a single step counts)."),
         QStringLiteral("N")},
        {optMinThroughput,
         QCoreApplication::translate("ParityCommand", "WARN when candidate/baseline throughput is below X."),
         QStringLiteral("X")},
        {optFormat,
         QCoreApplication::translate("ParityCommand", "Log format of all inputs (default: detected per file)."),
         QStringLiteral("NAME"), QStringLiteral("auto")},
        {optJson,
         QCoreApplication::translate("ParityCommand", "Print every statistic and the aligned per-step table as JSON.")},
        {optNoTable, QCoreApplication::translate("ParityCommand", "With --json, leave out the per-step table.")},
        {optFailOnWarn, QCoreApplication::translate("ParityCommand", "Exit 1 on WARN too.")},
    });
    PresetOption::add(parser, PresetOption::Custom::Accepted);
    TelemetryFilesOption::add(parser);
}

QString ParityCommand::readOptions(const QCommandLineParser &parser, int candidates, ParityOptions &o) const
{
    QString preset;
    if (QString error; !PresetOption::read(parser, PresetOption::Custom::Accepted, &preset, &error))
        return error;
    if (preset == ParityOptions::customPreset() && !parser.isSet(optRelTol) && !parser.isSet(optAbsTol))
        return QStringLiteral("--preset custom needs --rel-tol and/or --abs-tol");
    double value = 0;
    std::optional<double> relTol, absTol;
    if (parser.isSet(optRelTol)) {
        if (!parseShare(parser.value(optRelTol), &value))
            return QStringLiteral("--rel-tol: '%1' is not a tolerance (try 0.02 or 2%)").arg(parser.value(optRelTol));
        relTol = value;
    }
    if (parser.isSet(optAbsTol)) {
        if (!parseShare(parser.value(optAbsTol), &value))
            return QStringLiteral("--abs-tol: '%1' is not a tolerance").arg(parser.value(optAbsTol));
        absTol = value;
    }
    o = ParityOptions::forPreset(preset, relTol, absTol);
    o.metric = parser.value(optMetric);
    if (parser.isSet(optMinWithin)) {
        if (!parseShare(parser.value(optMinWithin), &value) || value > 1)
            return QStringLiteral("--min-within: '%1' is not a share between 0 and 1 (or 0%–100%)")
                .arg(parser.value(optMinWithin));
        o.minWithinShare = value;
    }
    if (parser.isSet(optMinThroughput)) {
        if (!parseShare(parser.value(optMinThroughput), &value))
            return QStringLiteral("--min-throughput-ratio: '%1' is not a ratio").arg(parser.value(optMinThroughput));
        o.minThroughputRatio = value;
    }
    bool ok = true;
    if (parser.isSet(optSkipWarmup)) {
        o.skipWarmup = parser.value(optSkipWarmup).toLongLong(&ok);
        if (!ok || o.skipWarmup < 0)
            return QStringLiteral("--skip-warmup: '%1' is not a step count").arg(parser.value(optSkipWarmup));
    }
    if (parser.isSet(optWindow)) {
        o.divergenceWindow = parser.value(optWindow).toInt(&ok);
        if (!ok || o.divergenceWindow < 1)
            return QStringLiteral("--window: '%1' is not a positive step count").arg(parser.value(optWindow));
    }
    if (parser.isSet(optBaselineOffset)) {
        o.baselineStepOffset = parser.value(optBaselineOffset).toLongLong(&ok);
        if (!ok || o.baselineStepOffset > StepLimits::maxStep || o.baselineStepOffset < -StepLimits::maxStep)
            return QStringLiteral("--baseline-step-offset: '%1' is not a step from -10^15 to 10^15")
                .arg(parser.value(optBaselineOffset));
    }
    const QStringList offsets = parser.values(optStepOffset);
    if (offsets.size() > 1 && offsets.size() != candidates)
        return QStringLiteral("--step-offset given %1 times for %2 candidates (give it once, or once per candidate)")
            .arg(offsets.size())
            .arg(candidates);
    for (int i = 0; i < candidates && !offsets.isEmpty(); ++i) {
        const QString &text = offsets.at(offsets.size() == 1 ? 0 : i);
        o.candidateStepOffsets.append(text.toLongLong(&ok));
        if (!ok || o.candidateStepOffsets.constLast() > StepLimits::maxStep
            || o.candidateStepOffsets.constLast() < -StepLimits::maxStep)
            return QStringLiteral("--step-offset: '%1' is not a step from -10^15 to 10^15").arg(text);
    }
    o.interpolate = parser.isSet(optInterpolate);
    return {};
}

int ParityCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return usageError(context, QStringLiteral("give a baseline log and at least one candidate log"));
    ParseOptions parseOptions;
    parseOptions.format = parser.value(optFormat);
    const QString mapError = LogInputs::readOptions(parser, parseOptions);
    if (!mapError.isEmpty())
        return usageError(context, mapError);
    std::vector<LogInputs::Input> read;
    if (!LogInputs::read(files, parseOptions, name(), context, read))
        return ExitCode::UsageError;
    // A folder of runs counts as each of its runs: the first run read is the baseline.
    if (read.size() < 2)
        return usageError(context, QStringLiteral("give a baseline log and at least one candidate log"));
    if (read.size() - 1 > size_t(ParityOptions::maxCandidates))
        return usageError(context,
                          QStringLiteral("%1 candidate runs given; at most %2 can be compared at once")
                              .arg(read.size() - 1)
                              .arg(ParityOptions::maxCandidates));
    ParityOptions options;
    const QString optionError = readOptions(parser, int(read.size()) - 1, options);
    if (!optionError.isEmpty())
        return usageError(context, optionError);

    QJsonObject environment;
    QVector<ParityEnvDiff::Row> envRows;
    if (parser.isSet(optBaselineEnv) != parser.isSet(optCandidateEnv))
        return usageError(context, QStringLiteral("give both --baseline-env and --candidate-env"));
    if (parser.isSet(optBaselineEnv)) {
        QString error;
        const QJsonObject a = ParityEnvDiff::read(parser.value(optBaselineEnv), &error);
        const QJsonObject b = a.isEmpty() ? QJsonObject() : ParityEnvDiff::read(parser.value(optCandidateEnv), &error);
        if (a.isEmpty() || b.isEmpty())
            return usageError(context, error);
        int same = 0;
        envRows = ParityEnvDiff::compare(a, b, &same);
        environment = ParityEnvDiff::toJson(envRows, same, parser.value(optBaselineEnv), parser.value(optCandidateEnv));
    }

    QVector<RunTelemetrySummary> telemetry; // the baseline's, then each candidate's
    if (QString error; !TelemetryFilesOption::read(parser, read, read.size(), name(), context, &telemetry, &error))
        return usageError(context, error);

    std::vector<LogInputs::Input> envelopeRead;
    if (!LogInputs::read(parser.values(optEnvelope), parseOptions, name(), context, envelopeRead))
        return ExitCode::UsageError;
    const size_t candidateEnd = read.size(); // the runs after it are the envelope's baselines
    for (LogInputs::Input &e : envelopeRead)
        read.push_back(std::move(e));
    std::vector<ParseResult> parsed;
    QJsonArray inputs;
    for (LogInputs::Input &input : read) {
        ParseResult r = std::move(input.result);
        const QStringList facts = parser.isSet(optNoNeighbours) ? QStringList() : ParityNeighbours::addFacts(r.run);
        inputs.append(QJsonObject{{QStringLiteral("path"), input.path},
                                  {QStringLiteral("run"), r.run.name},
                                  {QStringLiteral("format"), r.format},
                                  {QStringLiteral("lines"), r.lineCount},
                                  {QStringLiteral("skippedLines"), r.skippedCount},
                                  {QStringLiteral("unreadLines"), r.unreadCount},
                                  {QStringLiteral("readWarnings"), QJsonArray::fromStringList(r.run.readWarnings)},
                                  {QStringLiteral("points"), r.run.pointCount()},
                                  {QStringLiteral("factSources"), QJsonArray::fromStringList(facts)}});
        // The verdict is only as true as the reading: say what the reader was unsure of.
        for (const QString &w : r.run.readWarnings)
            context.err() << "portbench-cli parity: warning: " << input.path << ": " << w << '\n';
        parsed.push_back(std::move(r));
    }
    QVector<const RunMetrics *> candidates, envelope;
    for (size_t i = 1; i < parsed.size(); ++i)
        (i < candidateEnd ? candidates : envelope).append(&parsed[i].run);
    ParityResult result = ParityEngine(options).compare(parsed.front().run, candidates, envelope);
    if (!result) {
        context.err() << "portbench-cli parity: " << result.error << '\n';
        return ExitCode::UsageError;
    }
    result.baselineTelemetry = telemetry.first();
    for (int k = 0; k < result.candidates.size(); ++k)
        result.candidates[k].telemetry = telemetry.at(k + 1);

    if (parser.isSet(optJson)) {
        QJsonObject extra{{QStringLiteral("inputs"), inputs}};
        if (!environment.isEmpty())
            extra[QStringLiteral("environment")] = environment;
        ParityJson::write(context.out(), result, !parser.isSet(optNoTable), extra);
    } else {
        printText(result, inputs, context);
        if (!environment.isEmpty()) {
            context.out() << "\nEnvironment: " << environment.value(QStringLiteral("same")).toInt() << " facts alike, "
                          << envRows.size() << " differ (" << parser.value(optBaselineEnv) << " vs "
                          << parser.value(optCandidateEnv) << ")\n";
            for (const ParityEnvDiff::Row &r : envRows)
                context.out() << "  " << r.key.leftJustified(40) << r.baseline << "  |  " << r.candidate << "\n";
        }
    }
    switch (result.verdict) {
    case ParityResult::Verdict::Pass: return ExitCode::Ok;
    case ParityResult::Verdict::Warn: return parser.isSet(optFailOnWarn) ? ExitCode::Failed : ExitCode::Ok;
    case ParityResult::Verdict::Fail: break;
    }
    return ExitCode::Failed;
}

void ParityCommand::printText(const ParityResult &result, const QJsonArray &inputs, CliContext &context) const
{
    QStringList notes;
    for (const QJsonValue &input : inputs) {
        const QJsonArray facts = input.toObject().value(QStringLiteral("factSources")).toArray();
        for (const QJsonValue &f : facts)
            notes << QStringLiteral("Facts for %1 read from %2")
                         .arg(QFileInfo(input.toObject().value(QStringLiteral("path")).toString()).fileName(),
                              f.toString());
    }
    context.out() << ParityText::lines(result, notes).join(QLatin1Char('\n')) << '\n';
}

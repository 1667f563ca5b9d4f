#include "paritycommand.h"

#include "logs/logreader.h"
#include "model/steplimits.h"
#include "parity/parityengine.h"
#include "parity/parityjson.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <memory>
#include <vector>

namespace {

const QString optMetric = QStringLiteral("metric");
const QString optPreset = QStringLiteral("preset");
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

QString pct(double v)
{
    return std::isfinite(v) ? QString::number(v * 100.0, 'g', 4) + QStringLiteral(" %") : QString::number(v);
}

QString num(double v)
{
    return QString::number(v, 'g', 6);
}

QString stepText(qint64 step)
{
    return step < 0 ? QStringLiteral("none") : QString::number(step);
}

} // namespace

QString ParityCommand::summary() const
{
    return QStringLiteral("Compare the loss (or any metric) of NPU/MUSA candidate runs with a CUDA baseline: "
                          "per-step errors, first divergence, drift, spikes, throughput, fairness; PASS/WARN/FAIL.");
}

void ParityCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("BASELINE"), QStringLiteral("The reference log (the CUDA run)."));
    parser.addPositionalArgument(QStringLiteral("CANDIDATE"), QStringLiteral("One to six logs to judge."),
                                 QStringLiteral("CANDIDATE..."));
    parser.addOptions({
        {optMetric, QStringLiteral("Metric to compare (default: loss — lm_loss where logged). Also grad_norm, "
                                   "tokens_per_s, any column 'parse' shows."),
         QStringLiteral("NAME")},
        {optPreset, QStringLiteral("ascend (per-step rel ≤ 2 %, mean rel < 2 %, ≥ 99.9 % within; default), strict "
                                   "(abs ≤ 1e-4 at every step), custom (give --rel-tol and/or --abs-tol)."),
         QStringLiteral("NAME"), QStringLiteral("ascend")},
        {optRelTol, QStringLiteral("Relative tolerance per step, e.g. 0.02 or 2%; also the mean limit."),
         QStringLiteral("X")},
        {optAbsTol, QStringLiteral("Absolute tolerance per step; a step passes when |B−A| ≤ abs + rel·|A|."),
         QStringLiteral("X")},
        {optMinWithin, QStringLiteral("Share of steps that must be within tolerance, e.g. 0.999 or 99.9%."),
         QStringLiteral("X")},
        {optSkipWarmup, QStringLiteral("Leave steps ≤ N out of the judgement."), QStringLiteral("N")},
        {optStepOffset, QStringLiteral("Add N to every candidate step (once for all, or once per candidate in "
                                       "order)."),
         QStringLiteral("N")},
        {optBaselineOffset, QStringLiteral("Add N to every baseline step."), QStringLiteral("N")},
        {optInterpolate, QStringLiteral("Compare on every baseline step, interpolating the candidate linearly "
                                        "between its logged steps (rows are marked).")},
        {optWindow, QStringLiteral("Divergence window in steps (default 5; 1 = a single step counts)."),
         QStringLiteral("N")},
        {optMinThroughput, QStringLiteral("WARN when candidate/baseline throughput is below X."),
         QStringLiteral("X")},
        {optFormat, QStringLiteral("Log format of all inputs (default: detected per file)."), QStringLiteral("NAME"),
         QStringLiteral("auto")},
        {optJson, QStringLiteral("Print every statistic and the aligned per-step table as JSON.")},
        {optNoTable, QStringLiteral("With --json, leave out the per-step table.")},
        {optFailOnWarn, QStringLiteral("Exit 1 on WARN too.")},
    });
}

QString ParityCommand::readOptions(const QCommandLineParser &parser, int candidates, ParityOptions &o) const
{
    ParityOptions::Preset preset = ParityOptions::Preset::Ascend;
    if (!ParityOptions::presetFromName(parser.value(optPreset), &preset))
        return QStringLiteral("unknown preset '%1' (use %2)")
            .arg(parser.value(optPreset), ParityOptions::presetNames().join(QStringLiteral(", ")));
    o = ParityOptions::forPreset(preset);
    o.metric = parser.value(optMetric);

    double value = 0;
    if (preset == ParityOptions::Preset::Custom) {
        if (!parser.isSet(optRelTol) && !parser.isSet(optAbsTol))
            return QStringLiteral("--preset custom needs --rel-tol and/or --abs-tol");
        o.relTol = o.absTol = o.meanRelLimit = o.meanAbsLimit = 0;
    }
    if (parser.isSet(optRelTol)) {
        if (!parseShare(parser.value(optRelTol), &value))
            return QStringLiteral("--rel-tol: '%1' is not a tolerance (try 0.02 or 2%)").arg(parser.value(optRelTol));
        o.relTol = value;
        // The mean criterion follows the per-step tolerance, as in the published presets.
        if (o.meanRelLimit > 0 || preset == ParityOptions::Preset::Custom)
            o.meanRelLimit = value;
    }
    if (parser.isSet(optAbsTol)) {
        if (!parseShare(parser.value(optAbsTol), &value))
            return QStringLiteral("--abs-tol: '%1' is not a tolerance").arg(parser.value(optAbsTol));
        o.absTol = value;
        if (o.meanAbsLimit > 0 || (preset == ParityOptions::Preset::Custom && o.relTol == 0))
            o.meanAbsLimit = value;
    }
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
    if (files.size() < 2)
        return usageError(context, QStringLiteral("give a baseline log and at least one candidate log"));
    if (files.size() - 1 > ParityOptions::maxCandidates)
        return usageError(context, QStringLiteral("%1 candidates given; at most %2 can be compared at once")
                                       .arg(files.size() - 1)
                                       .arg(ParityOptions::maxCandidates));
    ParityOptions options;
    const QString optionError = readOptions(parser, int(files.size()) - 1, options);
    if (!optionError.isEmpty())
        return usageError(context, optionError);

    ParseOptions parseOptions;
    parseOptions.format = parser.value(optFormat);
    std::vector<ParseResult> parsed;
    QJsonArray inputs;
    for (const QString &file : files) {
        ParseResult r = LogReader::readFile(file, parseOptions);
        if (!r) {
            context.err() << "portbench-cli parity: " << r.error << '\n';
            return ExitCode::UsageError;
        }
        if (r.run.name.isEmpty())
            r.run.name = QFileInfo(file).fileName();
        inputs.append(QJsonObject{{QStringLiteral("path"), file},
                                  {QStringLiteral("format"), r.format},
                                  {QStringLiteral("lines"), r.lineCount},
                                  {QStringLiteral("skippedLines"), r.skippedCount},
                                  {QStringLiteral("points"), r.run.pointCount()}});
        parsed.push_back(std::move(r));
    }
    QVector<const Run *> candidates;
    for (size_t i = 1; i < parsed.size(); ++i)
        candidates.append(&parsed[i].run);
    const ParityResult result = ParityEngine(options).compare(parsed.front().run, candidates);
    if (!result) {
        context.err() << "portbench-cli parity: " << result.error << '\n';
        return ExitCode::UsageError;
    }

    if (parser.isSet(optJson)) {
        QJsonObject root = ParityJson::toJson(result, !parser.isSet(optNoTable));
        root[QStringLiteral("inputs")] = inputs;
        context.out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        printText(result, context);
    }
    switch (result.verdict) {
    case ParityResult::Verdict::Pass:
        return ExitCode::Ok;
    case ParityResult::Verdict::Warn:
        return parser.isSet(optFailOnWarn) ? ExitCode::Failed : ExitCode::Ok;
    case ParityResult::Verdict::Fail:
        break;
    }
    return ExitCode::Failed;
}

void ParityCommand::printText(const ParityResult &result, CliContext &context) const
{
    QTextStream &out = context.out();
    const ParityOptions &o = result.options;
    out << "Baseline: " << result.baselineName << "  (" << result.baselinePath << ")\n"
        << "Preset " << ParityOptions::presetName(o.preset) << ": a step passes when |B-A| <= " << num(o.absTol)
        << " + " << pct(o.relTol) << " * |A|; need >= " << pct(o.minWithinShare) << " of steps within";
    if (o.meanRelLimit > 0)
        out << ", mean rel < " << pct(o.meanRelLimit);
    if (o.meanAbsLimit > 0)
        out << ", mean abs <= " << num(o.meanAbsLimit);
    out << "; divergence window " << o.divergenceWindow;
    if (o.skipWarmup > 0)
        out << "; steps <= " << o.skipWarmup << " skipped as warm-up";
    out << "\n";
    for (const ParityResult::Candidate &c : result.candidates) {
        out << "\nCandidate: " << c.name << "  (" << c.sourcePath << ")  " << ParityResult::verdictName(c.verdict)
            << "\n"
            << "  metric           " << c.baselineMetric
            << (c.candidateMetric != c.baselineMetric ? QStringLiteral(" vs ") + c.candidateMetric : QString())
            << (c.stepOffset ? QStringLiteral(", candidate steps %1%2").arg(c.stepOffset > 0 ? QStringLiteral("+") : QString()).arg(c.stepOffset) : QString())
            << "\n"
            << "  steps            " << c.commonSteps << " common, " << c.interpolatedSteps << " interpolated, "
            << c.warmupSteps << " warm-up, " << c.judgedSteps << " judged (" << c.baselineOnlySteps
            << " baseline-only, " << c.candidateOnlySteps << " candidate-only)\n"
            << "  abs error        mean " << num(c.meanAbs) << ", max " << num(c.maxAbs) << " @ "
            << stepText(c.maxAbsStep) << ", RMSE " << num(c.rmseAbs) << ", mean diff " << num(c.meanDiff) << "\n"
            << "  rel error        mean " << pct(c.meanRel) << ", max " << pct(c.maxRel) << " @ "
            << stepText(c.maxRelStep) << ", RMS " << pct(c.rmseRel) << "\n"
            << "  within tolerance " << pct(c.withinShare) << " (" << c.withinCount << "/" << c.judgedSteps
            << "); first beyond " << stepText(c.firstBeyondStep) << ", first divergence "
            << stepText(c.firstDivergenceStep) << "\n";
        if (c.drift.evaluated)
            out << "  drift            steps " << c.drift.fromStep << "-" << c.drift.toStep << ": rel "
                << pct(c.drift.relChange) << " (t = " << QString::number(c.drift.relT, 'f', 1) << "), abs "
                << num(c.drift.absChange) << (c.drift.detected ? "  DRIFT" : "") << "\n";
        for (const ParityResult::SpikeSet &s : c.spikes)
            out << "  spikes           " << s.metric << ": candidate " << s.candidate.size() << " ("
                << s.candidateOnly() << " not in baseline), baseline " << s.baseline.size() << "\n";
        out << "  NaN/inf          candidate " << c.candidateNonFiniteSteps.size() << ", baseline "
            << c.baselineNonFiniteSteps.size() << "\n";
        if (c.throughput.source.isEmpty())
            out << "  throughput       not in both logs\n";
        else
            out << "  throughput       " << QString::number(c.throughput.ratio, 'f', 3) << "x of baseline ("
                << c.throughput.source << ": " << num(c.throughput.candidate) << " vs " << num(c.throughput.baseline)
                << ")\n";
        out << "  fairness\n";
        for (const ParityResult::FairnessItem &f : c.fairness) {
            out << "    " << f.label.leftJustified(24) << ParityResult::FairnessItem::statusName(f.status);
            if (f.status == ParityResult::FairnessItem::Status::Mismatch)
                out << ": " << f.baselineValue << " vs " << f.candidateValue << " (" << f.detail << ")";
            else if (!f.detail.isEmpty())
                out << " (" << f.detail << ")";
            out << "\n";
        }
        for (const ParityResult::Reason &r : c.reasons)
            out << "  " << ParityResult::verdictName(r.level) << "  " << r.message << "\n";
    }
    out << "\nVerdict: " << ParityResult::verdictName(result.verdict) << "\n";
}

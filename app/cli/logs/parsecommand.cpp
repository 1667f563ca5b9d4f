// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parsecommand.h"

#include "runpointswriter.h"
#include "telemetry/telemetryparse.h"

#include "core/sources/logs/formatregistry.h"
#include "logs/loginputs.h"
#include "core/sources/logs/logreader.h"
#include "core/sources/logs/userformat.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include <cmath>
#include <functional>

namespace {

QJsonArray skippedJson(const QList<SkippedLine> &lines)
{
    QJsonArray a;
    for (const SkippedLine &s : lines)
        a.append(QJsonObject{{QStringLiteral("line"), s.lineNumber},
                             {QStringLiteral("reason"), s.reason},
                             {QStringLiteral("text"), s.text}});
    return a;
}

struct Summary
{
    qint64 firstStep = 0;
    qint64 lastStep = 0;
    QString lossMetric;
    double lastLoss = std::nan("");
    double meanTokensPerSecond = std::nan("");
};

Summary summarise(const RunMetrics &run)
{
    Summary s;
    if (run.isEmpty())
        return s;
    s.firstStep = run.step(0);
    s.lastStep = run.step(run.pointCount() - 1);
    s.lossMetric = MetricNames::primaryLoss(run.metricNames());
    if (const MetricColumn *c = run.column(s.lossMetric); c && !RunMetrics::isMissing(c->lastValue()))
        s.lastLoss = c->lastValue();
    if (const MetricColumn *c = run.column(MetricNames::tokensPerSecond)) {
        double sum = 0;
        qint64 n = 0;
        c->forEachValue([&](size_t, double v) {
            if (std::isfinite(v)) {
                sum += v;
                ++n;
            }
        });
        if (n > 0)
            s.meanTokensPerSecond = sum / double(n);
    }
    return s;
}

QJsonObject summaryJson(const QString &file, const ParseResult &r)
{
    const Summary s = summarise(r.run);
    QJsonObject o{{QStringLiteral("file"), file},
                  {QStringLiteral("format"), r.format},
                  {QStringLiteral("points"), r.run.pointCount()},
                  {QStringLiteral("segments"), r.run.segmentStarts().size()},
                  {QStringLiteral("lines"), r.lineCount},
                  {QStringLiteral("skippedLines"), r.skippedCount},
                  {QStringLiteral("skipped"), skippedJson(r.firstSkipped)},
                  {QStringLiteral("unreadLines"), r.unreadCount},
                  {QStringLiteral("unread"), skippedJson(r.firstUnread)},
                  {QStringLiteral("warnings"), QJsonArray::fromStringList(r.run.readWarnings)},
                  {QStringLiteral("notes"), QJsonArray::fromStringList(r.notes)},
                  {QStringLiteral("run"), r.run.name},
                  {QStringLiteral("metrics"), QJsonArray::fromStringList(r.run.metricNames())}};
    if (!r.run.isEmpty()) {
        o[QStringLiteral("firstStep")] = s.firstStep;
        o[QStringLiteral("lastStep")] = s.lastStep;
        o[QStringLiteral("inferredSteps")] = r.run.meta.value(QStringLiteral("inferred_steps")).toLongLong();
    }
    if (!s.lossMetric.isEmpty()) {
        o[QStringLiteral("lossMetric")] = s.lossMetric;
        o[QStringLiteral("lastLoss")] = NumberText::json(s.lastLoss);
    }
    if (!std::isnan(s.meanTokensPerSecond))
        o[QStringLiteral("meanTokensPerSecond")] = s.meanTokensPerSecond;
    return o;
}

// What `parse --json` writes for one run: its summary (summaryJson) and, with every point, its
// meta and point count; the points themselves are streamed into their place instead of being
// built as a document.
void writeRunJson(RunPointsWriter &writer, const QString &file, const ParseResult &r, bool withPoints)
{
    QJsonObject o = summaryJson(file, r);
    if (!withPoints) {
        writer.writeJsonItem(o);
        return;
    }
    o[QStringLiteral("meta")] = QJsonObject::fromVariantMap(r.run.meta);
    o[QStringLiteral("pointCount")] = r.run.pointCount();
    o[QStringLiteral("points")] = RunPointsWriter::streamedValue(0);
    writer.writeJsonItem(o, [&](int) { writer.writeJsonPoints(r.run, 3); });
}

// What parse writes to standard output, straight as each input is read (one run in memory at a
// time): the list named `listKey` (none for text and CSV) around what `write` puts in. A failed
// write is reported once, whatever was read.
int streamed(CliContext &context, const QString &listKey, const std::function<int(RunPointsWriter &)> &write)
{
    context.out().flush();
    RunPointsWriter writer(*context.out().device());
    if (!listKey.isEmpty())
        writer.beginJsonList(listKey);
    const int exitCode = write(writer);
    if (!listKey.isEmpty())
        writer.endJsonList();
    if (!writer.flush()) {
        context.err() << "portbench-cli parse: cannot write the output: " << writer.error() << '\n';
        return ExitCode::UsageError;
    }
    return exitCode;
}

} // namespace

QString ParseCommand::summary() const
{
    return QCoreApplication::translate(
        "ParseCommand",
        "Read training logs (Megatron/MindSpeed, DeepSpeed, HF Trainer, LLaMA-Factory, torchtitan, "
        "nanoGPT, CSV, JSON Lines, your own regex formats) and print a summary or every point.");
}

void ParseCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("LOG"),
        QCoreApplication::translate("ParseCommand",
                                    "Training logs: text logs, TensorBoard event files, run folders, folders "
                                    "of runs, MLflow runs (mlruns/<experiment>/<run>). Or device telemetry: "
                                    "nvidia-smi --query-gpu CSV, npu-smi info watch and mthreads-gmi captures, "
                                    "monitor --out files (docs/telemetry.md)."),
        QCoreApplication::translate("ParseCommand", "LOG..."));
    parser.addOption({QStringLiteral("format"),
                      QCoreApplication::translate("ParseCommand",
                                                  "Log format, or 'auto' to detect it (default). See --list-formats."),
                      QStringLiteral("NAME"), QStringLiteral("auto")});
    parser.addOption(
        {QStringLiteral("rank"),
         QCoreApplication::translate(
             "ParseCommand", "Keep lines of this rank from prefixed multi-rank logs ([rank3]:, '3: '). Default 0."),
         QStringLiteral("N"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("seq-len"),
                      QCoreApplication::translate(
                          "ParseCommand", "Sequence length for deriving tokens/s when the log does not state it."),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("world-size"),
         QCoreApplication::translate("ParseCommand",
                                     "Number of devices, for per-device throughput when the log does not state it."),
         QStringLiteral("N")});
    LogInputs::addOptions(parser);
    parser.addOption({QStringLiteral("json"),
                      QCoreApplication::translate("ParseCommand", "Print every point with every metric as JSON.")});
    parser.addOption({QStringLiteral("csv"),
                      QCoreApplication::translate("ParseCommand", "Print every point with every metric as CSV.")});
    parser.addOption(
        {QStringLiteral("summary"),
         QCoreApplication::translate("ParseCommand",
                                     "Print format, points, step range, last loss, mean tokens/s and skipped lines "
                                     "(the default; with --json, as JSON).")});
    parser.addOption(
        {QStringLiteral("strict"),
         QCoreApplication::translate("ParseCommand",
                                     "Exit 1 when a line that looks like a metric line (a loss with a number, numeric "
                                     "key: value pairs) was not read.")});
    parser.addOption(
        {QStringLiteral("list-formats"),
         QCoreApplication::translate("ParseCommand", "List the known formats, built-in and user-defined.")});
    parser.addOption(
        {QStringLiteral("define-format"),
         QCoreApplication::translate("ParseCommand",
                                     "Save a user format NAME (with --regex) in the settings shared with the GUI."),
         QStringLiteral("NAME")});
    parser.addOption(
        {QStringLiteral("regex"),
         QCoreApplication::translate("ParseCommand",
                                     "Regular expression for --define-format: named groups are metrics; (?<step>...) "
                                     "and (?<time>...) are the step and wall time."),
         QStringLiteral("REGEX")});
    parser.addOption({QStringLiteral("description"),
                      QCoreApplication::translate("ParseCommand", "Description for --define-format."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("remove-format"),
                      QCoreApplication::translate("ParseCommand", "Delete the user format NAME."),
                      QStringLiteral("NAME")});
}

int ParseCommand::manageFormats(const QCommandLineParser &parser, CliContext &context, bool &handled)
{
    handled = false;
    QSettings settings;
    if (parser.isSet(QStringLiteral("remove-format"))) {
        handled = true;
        const QString name = parser.value(QStringLiteral("remove-format"));
        if (!UserFormat::remove(settings, name)) {
            context.err() << "portbench-cli parse: no user format named '" << name << "'\n";
            return ExitCode::Failed;
        }
        context.out() << "Removed user format '" << name << "'.\n";
        return ExitCode::Ok;
    }
    if (parser.isSet(QStringLiteral("define-format"))) {
        if (!parser.isSet(QStringLiteral("regex")))
            return usageError(context, QStringLiteral("--define-format needs --regex"));
        const UserFormat f{parser.value(QStringLiteral("define-format")), parser.value(QStringLiteral("regex")),
                           parser.value(QStringLiteral("description"))};
        const QString problem = f.validate();
        if (!problem.isEmpty())
            return usageError(context, QStringLiteral("format '%1': %2").arg(f.name, problem));
        UserFormat::save(settings, f);
        if (parser.positionalArguments().isEmpty()) {
            handled = true;
            context.out() << "Saved user format '" << f.name << "' (" << settings.fileName() << ").\n";
        }
        return ExitCode::Ok;
    }
    if (parser.isSet(QStringLiteral("list-formats"))) {
        handled = true;
        const QList<UserFormat> user = UserFormat::load(settings);
        const FormatRegistry registry(user);
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray a;
            for (const QString &n : registry.names())
                a.append(
                    QJsonObject{{QStringLiteral("name"), n}, {QStringLiteral("displayName"), registry.displayName(n)}});
            context.out() << QJsonDocument(a).toJson(QJsonDocument::Indented);
        } else {
            for (const QString &n : registry.names())
                context.out() << n.leftJustified(14) << ' ' << registry.displayName(n) << '\n';
        }
        return ExitCode::Ok;
    }
    return ExitCode::Ok;
}

int ParseCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    bool handled = false;
    const int formatsExit = manageFormats(parser, context, handled);
    if (handled || formatsExit != ExitCode::Ok)
        return formatsExit;

    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return usageError(context, QStringLiteral("no log file given"));
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool csv = parser.isSet(QStringLiteral("csv"));
    const bool summaryOnly = parser.isSet(QStringLiteral("summary")) || (!json && !csv);
    if (json && csv)
        return usageError(context, QStringLiteral("choose one of --json and --csv"));
    // Device telemetry (a captured nvidia-smi/npu-smi/mthreads-gmi sampler output, a monitor --out
    // file) has a reader of its own.
    bool anyTelemetry = false;
    if (TelemetryParse::allAreTelemetry(files, context, &anyTelemetry)) {
        if (csv)
            return usageError(context, QStringLiteral("telemetry has no --csv output; use --json"));
        return streamed(context, json ? QStringLiteral("telemetry") : QString(), [&](RunPointsWriter &writer) {
            return TelemetryParse::run(files, json, !summaryOnly, writer, context);
        });
    }
    if (anyTelemetry)
        return usageError(context, QStringLiteral("give telemetry files and training logs to separate parse commands"));

    ParseOptions options;
    options.format = parser.value(QStringLiteral("format"));
    bool ok = true;
    options.rank = parser.value(QStringLiteral("rank")).toInt(&ok);
    if (!ok || options.rank < 0)
        return usageError(context, QStringLiteral("--rank needs a rank number >= 0"));
    if (parser.isSet(QStringLiteral("seq-len"))) {
        options.seqLength = parser.value(QStringLiteral("seq-len")).toLongLong(&ok);
        if (!ok || options.seqLength <= 0)
            return usageError(context, QStringLiteral("--seq-len needs a positive number"));
    }
    if (parser.isSet(QStringLiteral("world-size"))) {
        options.worldSize = parser.value(QStringLiteral("world-size")).toInt(&ok);
        if (!ok || options.worldSize <= 0)
            return usageError(context, QStringLiteral("--world-size needs a positive number"));
    }
    const QString mapError = LogInputs::readOptions(parser, options);
    if (!mapError.isEmpty())
        return usageError(context, mapError);
    QSettings settings;
    options.userFormats = UserFormat::load(settings);
    const QString forced = options.format;
    if (forced != QLatin1String("auto") && !FormatRegistry(options.userFormats).names().contains(forced))
        return usageError(context, QStringLiteral("unknown format '%1' (see --list-formats)").arg(forced));

    return streamed(context, json ? QStringLiteral("runs") : QString(),
                    [&](RunPointsWriter &writer) { return writeRuns(files, options, parser, writer, context); });
}

int ParseCommand::writeRuns(const QStringList &files, const ParseOptions &options, const QCommandLineParser &parser,
                            RunPointsWriter &writer, CliContext &context) const
{
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool summaryOnly = parser.isSet(QStringLiteral("summary")) || (!json && !parser.isSet(QStringLiteral("csv")));
    int exitCode = ExitCode::Ok;
    int written = 0;
    for (const QString &path : files) {
        // One path at a time (a folder gives several runs): only its runs are in memory.
        std::vector<LogInputs::Input> inputs;
        if (!LogInputs::read({path}, options, name(), context, inputs, false)) {
            writer.flush();
            exitCode = ExitCode::UsageError;
        }
        const bool fileColumn = files.size() > 1 || inputs.size() > 1;
        for (const LogInputs::Input &input : inputs) {
            const ParseResult &result = input.result;
            // A folder gives several runs: each is named by its folder below the one given.
            const QString file = input.path == result.run.sourcePath || QFileInfo(input.path).isFile()
                ? input.path
                : QStringLiteral("%1 [%2]").arg(input.path, result.run.name);
            if (parser.isSet(QStringLiteral("strict")) && result.unreadCount > 0 && exitCode == ExitCode::Ok)
                exitCode = ExitCode::Failed;
            if (summaryOnly && !json) {
                printSummary(file, result, context);
                continue;
            }
            if (json) {
                writeRunJson(writer, file, result, !summaryOnly);
                continue;
            }
            if (written++ > 0)
                writer.write(QByteArrayLiteral("\n"));
            writer.writeCsv(result.run, fileColumn ? file : QString());
        }
    }
    return exitCode;
}

void ParseCommand::printSummary(const QString &file, const ParseResult &result, CliContext &context) const
{
    const Summary s = summarise(result.run);
    QTextStream &out = context.out();
    out << file << '\n';
    out << "  format:        " << result.format << '\n';
    if (!result.run.name.isEmpty())
        out << "  run:           " << result.run.name << '\n';
    out << "  points:        " << result.run.pointCount();
    if (result.run.segmentStarts().size() > 1)
        out << " in " << result.run.segmentStarts().size() << " segments (restarts)";
    out << '\n';
    out << "  steps:         " << s.firstStep << " .. " << s.lastStep;
    if (const qint64 inferred = result.run.meta.value(QStringLiteral("inferred_steps")).toLongLong())
        out << " (" << inferred << " of them counted: the log prints no step there)";
    out << '\n';
    if (!s.lossMetric.isEmpty())
        out << "  last loss:     " << NumberText::number(s.lastLoss) << " (" << s.lossMetric << ")\n";
    if (!std::isnan(s.meanTokensPerSecond))
        out << "  mean tokens/s: " << NumberText::number(s.meanTokensPerSecond) << '\n';
    out << "  metrics:       " << result.run.metricNames().join(QStringLiteral(", ")) << '\n';
    if (result.run.meta.contains(QStringLiteral("train_loss_mean")))
        out << "  summary:       mean training loss "
            << NumberText::number(result.run.meta.value(QStringLiteral("train_loss_mean")).toDouble())
            << " (the trainer's end-of-training summary, not a step)\n";
    out << "  skipped lines: " << result.skippedCount << " of " << result.lineCount << '\n';
    for (const SkippedLine &l : result.firstSkipped)
        out << "    line " << l.lineNumber << ": " << l.reason << ": " << l.text << '\n';
    out << "  unread lines:  " << result.unreadCount << " look like metric lines but were not read\n";
    for (const SkippedLine &l : result.firstUnread)
        out << "    line " << l.lineNumber << ": " << l.reason << ": " << l.text << '\n';
    if (!result.firstUnread.isEmpty()) {
        // One step from reading them: a format proposed from the first unread line.
        const UserFormat proposed = UserFormat::propose(result.firstUnread.first().text.toUtf8());
        if (!proposed.pattern.isEmpty() && !proposed.pattern.contains(u'\'') && proposed.validate().isEmpty())
            out << "  to read them:  portbench-cli parse --define-format " << proposed.name << " --regex '"
                << proposed.pattern << "' && portbench-cli parse --format " << proposed.name << ' ' << file << '\n';
    }
    const QString unread = LogReader::unreadWarning(result.unreadCount, result.firstUnread);
    for (const QString &w : result.run.readWarnings) {
        if (w != unread)
            out << "  warning:       " << w << '\n';
    }
    for (const QString &note : result.notes)
        out << "  note:          " << note << '\n';
}

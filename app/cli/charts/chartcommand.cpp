// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "chartcommand.h"

#include "core/engines/charts/chartcsvwriter.h"
#include "core/engines/charts/runcurvebuilder.h"
#include "logs/loginputs.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/numbertext.h"
#include "core/base/model/steplimits.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

void ChartCommand::addOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("logs"),
        QCoreApplication::translate("ChartCommand",
                                    "Training logs (anything portbench-cli parse reads; a folder of runs "
                                    "charts each of its runs)."),
        QCoreApplication::translate("ChartCommand", "LOG..."));
    LogInputs::addOptions(parser);
    parser.addOption(
        {QStringLiteral("metric"),
         QCoreApplication::translate("ChartCommand",
                                     "Metric to chart (default loss = each run's primary loss; tokens_per_s, "
                                     "learning_rate, grad_norm, or any logged name)."),
         QStringLiteral("name"), MetricNames::loss});
    parser.addOption({QStringLiteral("x"),
                      QCoreApplication::translate("ChartCommand", "X axis: %1 (default step).")
                          .arg(ChartXAxis::ids().join(QStringLiteral(", "))),
                      QStringLiteral("axis"), QStringLiteral("step")});
    parser.addOption(
        {QStringLiteral("offset"),
         QCoreApplication::translate("ChartCommand",
                                     "Step offset for the Nth log, as N=STEPS (1-based; repeatable), to align runs."),
         QStringLiteral("N=steps")});
    parser.addOption({QStringLiteral("smoothing"),
                      QCoreApplication::translate("ChartCommand", "TensorBoard EMA weight 0..0.999 (default 0)."),
                      QStringLiteral("w"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("output"),
                      QCoreApplication::translate("ChartCommand", "Write the CSV here (default: standard output)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("json"),
                      QCoreApplication::translate("ChartCommand", "Print a JSON summary per run instead of the CSV.")});
}

int ChartCommand::execute(const QCommandLineParser &parser, CliContext &context)
{
    const QStringList logs = parser.positionalArguments();
    if (logs.isEmpty())
        return usageError(context, QStringLiteral("no log given"));
    ChartXAxis::Kind axis;
    if (!ChartXAxis::fromId(parser.value(QStringLiteral("x")), &axis))
        return usageError(context,
                          QStringLiteral("unknown x axis '%1' (one of %2)")
                              .arg(parser.value(QStringLiteral("x")), ChartXAxis::ids().join(QStringLiteral(", "))));
    bool ok = false;
    const double smoothing = parser.value(QStringLiteral("smoothing")).toDouble(&ok);
    if (!ok || !std::isfinite(smoothing) || smoothing < 0 || smoothing > 0.999)
        return usageError(context, QStringLiteral("--smoothing must be a number from 0 to 0.999"));
    QVector<qint64> offsets(logs.size(), 0);
    for (const QString &o : parser.values(QStringLiteral("offset"))) {
        const qsizetype eq = o.indexOf(QLatin1Char('='));
        bool okN = false, okS = false;
        const int n = o.left(eq).toInt(&okN);
        const qint64 steps = o.mid(eq + 1).toLongLong(&okS);
        if (eq < 0 || !okN || !okS || n < 1 || n > logs.size() || steps > StepLimits::maxStep
            || steps < -StepLimits::maxStep)
            return usageError(context,
                              QStringLiteral("bad --offset '%1': expected N=STEPS with N from 1 to %2 and "
                                             "STEPS from -10^15 to 10^15")
                                  .arg(o)
                                  .arg(logs.size()));
        offsets[n - 1] = steps;
    }
    const QString metric = parser.value(QStringLiteral("metric"));
    QVector<ChartCurve> curves;
    QJsonArray summary;
    int logsWithMetric = 0;
    ParseOptions parseOptions;
    const QString mapError = LogInputs::readOptions(parser, parseOptions);
    if (!mapError.isEmpty())
        return usageError(context, mapError);
    for (int i = 0; i < logs.size(); ++i) {
        std::vector<LogInputs::Input> read;
        if (!LogInputs::read({logs.at(i)}, parseOptions, name(), context, read))
            return ExitCode::UsageError;
        for (const LogInputs::Input &input : read) {
            const ParseResult &r = input.result;
            QString why;
            if (!ChartXAxis::available(r.run, axis, &why))
                context.err() << "portbench-cli chart: " << logs.at(i) << " is left out: " << why << '\n';
            ChartCurve c = RunCurveBuilder::buildChartMetric(r.run, metric, {axis, offsets[i], smoothing});
            if (!RunCurveBuilder::chartMetricColumn(r.run, metric).isEmpty()) {
                ++logsWithMetric;
            } else {
                context.err() << "portbench-cli chart: " << input.path << " has no '" << metric << "' (it has "
                              << r.run.metricNames().join(QStringLiteral(", ")) << ")\n";
            }
            int nonFinite = 0;
            for (double v : c.y)
                nonFinite += !std::isfinite(v);
            summary.append(
                QJsonObject{{QStringLiteral("log"), logs.at(i)},
                            {QStringLiteral("run"), c.label},
                            {QStringLiteral("format"), r.format},
                            {QStringLiteral("points"), c.size()},
                            {QStringLiteral("pieces"), c.pieceCount()},
                            {QStringLiteral("non_finite"), nonFinite},
                            {QStringLiteral("x_first"), c.x.empty() ? QJsonValue() : NumberText::json(c.x.front())},
                            {QStringLiteral("x_last"), c.x.empty() ? QJsonValue() : NumberText::json(c.x.back())}});
            if (!c.x.empty())
                curves << c;
        }
    }
    // A metric that no log has is a misspelt name, not an empty chart.
    if (logsWithMetric == 0)
        return usageError(context, QStringLiteral("no log has the metric '%1'").arg(metric));
    if (parser.isSet(QStringLiteral("json"))) {
        context.out() << QJsonDocument(QJsonObject{{QStringLiteral("metric"), metric},
                                                   {QStringLiteral("x"), ChartXAxis::id(axis)},
                                                   {QStringLiteral("runs"), summary}})
                             .toJson(QJsonDocument::Indented);
        return curves.isEmpty() ? ExitCode::UsageError : ExitCode::Ok;
    }
    if (curves.isEmpty()) {
        // Asking for a metric the logs do not have is an input error, not a negative answer.
        context.err() << "portbench-cli chart: no log has '" << metric << "' on the " << ChartXAxis::id(axis)
                      << " axis\n";
        return ExitCode::UsageError;
    }
    ChartCsvWriter::Result result;
    if (parser.isSet(QStringLiteral("output"))) {
        result = ChartCsvWriter::writeFile(parser.value(QStringLiteral("output")), curves, ChartXAxis::id(axis));
    } else {
        context.out().flush();
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly))
            return usageError(context, QStringLiteral("cannot write to standard output"));
        result = ChartCsvWriter::write(out, curves, ChartXAxis::id(axis));
        // The bytes may still be buffered: a full disk shows at the flush.
        if (result && !out.flush())
            result.error = QStringLiteral("cannot write to standard output: ") + out.errorString();
    }
    if (!result) {
        context.err() << "portbench-cli chart: " << result.error << '\n';
        return ExitCode::UsageError;
    }
    context.err() << result.rows << " rows\n";
    return ExitCode::Ok;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportrunsections.h"

#include "core/engines/charts/runcurvebuilder.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/durationtext.h"
#include "core/base/model/numbertext.h"
#include "reportblocks.h"
#include "reportbuilder.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

using Block = ReportDocument::Block;
using Figure = ReportDocument::Figure;

namespace {

QString duration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return QStringLiteral("—");
    if (seconds >= 1e15) // a damaged wall time; llround could not hold it
        return NumberText::number(seconds, 3) + QStringLiteral(" s");
    return DurationText::clock(qint64(std::llround(seconds)), true);
}

/// Seconds from the first to the last logged wall time; NaN without wall times.
double wallSeconds(const RunMetrics &run)
{
    double first = std::nan(""), last = std::nan("");
    for (int p = 0; run.hasWallTime() && p < run.pointCount(); ++p) {
        const double w = run.wallTime(p);
        if (std::isfinite(w)) {
            if (!std::isfinite(first))
                first = w;
            last = w;
        }
    }
    return last - first;
}

QString lastLoss(const RunMetrics &run)
{
    const QString loss = MetricNames::primaryLoss(run.metricNames());
    for (int p = run.pointCount() - 1; p >= 0 && !loss.isEmpty(); --p) {
        const double v = run.value(p, loss);
        if (!RunMetrics::isMissing(v))
            return NumberText::number(v);
    }
    return QStringLiteral("—");
}

} // namespace

QString ReportRunSections::runName(const ReportInput &input, int run)
{
    const RunMetrics *r = input.runs.at(run);
    return r->name.isEmpty() ? QFileInfo(r->sourcePath).fileName() : r->name;
}

QStringList ReportRunSections::runRow(const ReportInput &input, int i)
{
    const RunMetrics &run = *input.runs.at(i);
    const qint64 offset = input.stepOffset(i);
    const QString steps = run.isEmpty()
        ? QStringLiteral("—")
        : QStringLiteral("%1 – %2").arg(run.step(0) + offset).arg(run.step(run.pointCount() - 1) + offset);
    const QString name = i == input.baseline ? tr("%1 (baseline)").arg(runName(input, i)) : runName(input, i);
    return {name,
            run.format,
            run.sourcePath,
            QString::number(run.pointCount()),
            steps,
            QString::number(std::max<qsizetype>(0, run.segmentStarts().size() - 1)),
            duration(run.isEmpty() ? std::nan("") : wallSeconds(run)),
            run.isEmpty() ? QStringLiteral("—") : lastLoss(run)};
}

QStringList ReportRunSections::facts(const RunMetrics &run)
{
    QStringList known;
    for (const QString &key :
         {QStringLiteral("hostname"), QStringLiteral("host"), QStringLiteral("command"), QStringLiteral("world_size"),
          QStringLiteral("tensor_model_parallel_size"), QStringLiteral("pipeline_model_parallel_size"),
          QStringLiteral("global_batch_size"), QStringLiteral("micro_batch_size"), QStringLiteral("seq_length"),
          QStringLiteral("seed"), QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("lr")}) {
        if (run.meta.contains(key))
            known << key + QLatin1Char('=') + run.meta.value(key).toString();
    }
    return known;
}

QVector<Block> ReportRunSections::runs(const ReportInput &input)
{
    Block t = ReportBlocks::table(QString(),
                                  {tr("Run"), tr("Format"), tr("Log"), tr("Points"), tr("Steps"), tr("Restarts"),
                                   tr("Duration"), tr("Last loss")});
    QStringList facts;
    QStringList readWarnings;
    for (int i = 0; i < input.runs.size(); ++i) {
        const RunMetrics &run = *input.runs.at(i);
        for (const QString &w : run.readWarnings)
            readWarnings << runName(input, i) + QStringLiteral(": ") + w;
        t.rows.append(runRow(input, i));
        const QStringList known = ReportRunSections::facts(run);
        if (!known.isEmpty())
            facts << runName(input, i) + QStringLiteral(": ") + known.join(QStringLiteral(", "));
    }
    QVector<Block> blocks{t};
    // Everything below is only as true as this reading: say what the log reader was unsure of.
    if (!readWarnings.isEmpty())
        blocks << ReportBlocks::paragraph(tr("Warnings from reading the logs:")) << ReportBlocks::list(readWarnings);
    if (!facts.isEmpty())
        blocks << ReportBlocks::paragraph(tr("Facts the logs state (argument dumps, headers):"))
               << ReportBlocks::list(facts);
    return blocks;
}

QVector<Block> ReportRunSections::charts(const ReportInput &input, double smoothing, ReportDocument &doc)
{
    QVector<Block> blocks;
    QStringList metrics{QStringLiteral("loss"), MetricNames::tokensPerSecond, MetricNames::learningRate,
                        MetricNames::gradNorm};
    for (const QString &extra : {MetricNames::evalLoss, MetricNames::lossScale, MetricNames::memoryGb,
                                 MetricNames::tflopsPerDevice, MetricNames::mfu, MetricNames::elapsedMs}) {
        if (std::any_of(input.runs.begin(), input.runs.end(),
                        [&](const RunMetrics *run) { return run->hasMetric(extra); }))
            metrics << extra;
    }
    for (const QString &metric : metrics) {
        Figure f;
        f.chart.xTitle = tr("Step");
        f.chart.showRaw = true;
        for (int i = 0; i < input.runs.size(); ++i) {
            ChartCurve c = RunCurveBuilder::buildChartMetric(*input.runs.at(i), metric,
                                                             {ChartXAxis::Step, input.stepOffset(i), smoothing});
            if (c.x.empty())
                continue;
            c.id = QString::number(i);
            c.label = runName(input, i);
            c.rgb = input.color(i);
            f.chart.curves.append(std::move(c));
        }
        if (f.chart.curves.isEmpty())
            continue;
        const QString title = metric == QLatin1String("loss") ? tr("Loss") : MetricNames::describe(metric);
        f.chart.title = title;
        f.chart.yTitle = metric;
        f.id = QStringLiteral("chart-") + metric;
        f.caption = smoothing > 0
            ? tr("%1 per step: raw (faint) and smoothed (EMA weight %2).").arg(title, NumberText::number(smoothing))
            : tr("%1 per step.").arg(title);
        blocks << ReportBlocks::figure(doc, std::move(f));
    }
    if (blocks.isEmpty())
        blocks << ReportBlocks::paragraph(tr("No run logs a metric that can be charted."));
    return blocks;
}

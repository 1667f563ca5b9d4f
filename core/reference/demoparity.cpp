#include "demoparity.h"

#include "logs/logreader.h"
#include "parity/parityengine.h"

#include <QFileInfo>
#include <QStringList>

#include <cmath>

namespace {

QString percent(double share)
{
    return std::isfinite(share) ? QString::number(share * 100.0, 'g', 3) + QStringLiteral(" %") : QString::number(share);
}

QString stepOrNone(qint64 step)
{
    return step < 0 ? QStringLiteral("none") : QStringLiteral("step %1").arg(step);
}

} // namespace

ParityResult DemoParity::judge(const QString &baselineLog, const QString &candidateLog, const ParityOptions &options)
{
    ParseResult baseline = LogReader::readFile(baselineLog);
    ParseResult candidate = LogReader::readFile(candidateLog);
    for (ParseResult *r : {&baseline, &candidate}) {
        if (!*r) {
            ParityResult failed;
            failed.error = r->error;
            return failed;
        }
    }
    baseline.run.name = QFileInfo(baselineLog).completeBaseName();
    candidate.run.name = QFileInfo(candidateLog).completeBaseName();
    return ParityEngine(options).compare(baseline.run, {&candidate.run});
}

QStringList DemoParity::summary(const ParityResult &result)
{
    QStringList lines;
    if (!result || result.candidates.isEmpty())
        return lines;
    const ParityResult::Candidate &c = result.candidates.first();
    const ParityOptions &o = result.options;
    lines << QStringLiteral("Parity of %1 (%2 vs %3), preset %4: a step passes when |B-A| <= %5 + %6 * |A|")
                 .arg(c.baselineMetric, result.baselineName, c.name, ParityOptions::presetName(o.preset),
                      QString::number(o.absTol, 'g', 3), percent(o.relTol));
    lines << QStringLiteral("  steps judged      %1 of %2 common").arg(c.judgedSteps).arg(c.commonSteps);
    lines << QStringLiteral("  relative error    mean %1, max %2 at %3")
                 .arg(percent(c.meanRel), percent(c.maxRel), stepOrNone(c.maxRelStep));
    lines << QStringLiteral("  within tolerance  %1 (%2/%3), first divergence %4")
                 .arg(percent(c.withinShare))
                 .arg(c.withinCount)
                 .arg(c.judgedSteps)
                 .arg(stepOrNone(c.firstDivergenceStep));
    if (!c.throughput.source.isEmpty())
        lines << QStringLiteral("  throughput        candidate %1x of baseline (%2)")
                     .arg(QString::number(c.throughput.ratio, 'f', 2), c.throughput.source);
    for (const ParityResult::Reason &r : c.reasons)
        lines << QStringLiteral("  %1  %2").arg(ParityResult::verdictName(r.level), r.message);
    lines << QStringLiteral("Verdict: %1").arg(ParityResult::verdictName(result.verdict));
    return lines;
}

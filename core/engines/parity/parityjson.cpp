// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityjson.h"

#include "paritycriteria.h"
#include "paritypresets.h"
#include "core/base/model/numbertext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace {

using Row = ParityResult::Row;

QJsonArray steps(const QVector<qint64> &list)
{
    QJsonArray a;
    for (qint64 s : list)
        a.append(s);
    return a;
}

QJsonArray spikes(const QVector<ParityResult::Spike> &list)
{
    QJsonArray a;
    for (const ParityResult::Spike &s : list) {
        a.append(QJsonObject{{QStringLiteral("step"), s.step},
                             {QStringLiteral("value"), NumberText::json(s.value)},
                             {QStringLiteral("localMedian"), NumberText::json(s.localMedian)},
                             {QStringLiteral("mads"), NumberText::json(s.mads)},
                             {QStringLiteral("inOtherRun"), s.inOtherRun}});
    }
    return a;
}

} // namespace

QJsonValue ParityJson::step(qint64 step)
{
    return step < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(step);
}

QJsonObject ParityJson::criteriaToJson(const ParityOptions &o)
{
    QJsonArray definitions;
    for (const ParityCriteria::Sentence &s : ParityCriteria::definitions(o))
        definitions.append(s.english());
    QJsonArray rules;
    for (const ParityCriteria::Rule &r : ParityCriteria::rules(o)) {
        rules.append(QJsonObject{{QStringLiteral("code"), r.code},
                                 {QStringLiteral("level"), ParityResult::verdictName(r.level)},
                                 {QStringLiteral("metric"), r.metric},
                                 {QStringLiteral("text"), r.sentence.english()}});
    }
    return {{QStringLiteral("definitions"), definitions}, {QStringLiteral("rules"), rules}};
}

QJsonObject ParityJson::optionsToJson(const ParityOptions &o)
{
    QJsonArray offsets;
    for (qint64 v : o.candidateStepOffsets)
        offsets.append(v);
    return {
        {QStringLiteral("metric"), o.metric},
        {QStringLiteral("preset"), o.preset},
        {QStringLiteral("relTol"), o.relTol},
        {QStringLiteral("absTol"), o.absTol},
        {QStringLiteral("minWithinShare"), o.minWithinShare},
        {QStringLiteral("meanRelLimit"), o.meanRelLimit},
        {QStringLiteral("meanAbsLimit"), o.meanAbsLimit},
        {QStringLiteral("meanEitherLimit"), o.meanEitherLimit},
        {QStringLiteral("firstStepAbsLimit"), o.firstStepAbsLimit},
        {QStringLiteral("firstStepRelLimit"), o.firstStepRelLimit},
        {QStringLiteral("gradNormMeanRelLimit"), o.gradNormMeanRelLimit},
        {QStringLiteral("divergenceFails"), o.divergenceFails},
        {QStringLiteral("minJudgedSteps"), o.minJudgedSteps},
        {QStringLiteral("presetSource"), ParityPresets::source(o.preset)},
        {QStringLiteral("skipWarmup"), o.skipWarmup},
        {QStringLiteral("baselineStepOffset"), o.baselineStepOffset},
        {QStringLiteral("candidateStepOffsets"), offsets},
        {QStringLiteral("interpolate"), o.interpolate},
        {QStringLiteral("divergenceWindow"), o.divergenceWindow},
        {QStringLiteral("driftTail"), o.driftTail},
        {QStringLiteral("driftShare"), o.driftShare},
        {QStringLiteral("driftMinT"), o.driftMinT},
        {QStringLiteral("spikeBlock"), o.spikeBlock},
        {QStringLiteral("spikeMads"), o.spikeMads},
        {QStringLiteral("throughputSkip"), o.throughputSkip},
        {QStringLiteral("minThroughputRatio"), o.minThroughputRatio},
    };
}

QJsonObject ParityJson::candidateToJson(const ParityResult::Candidate &c, bool withTable)
{
    QJsonObject o;
    o[QStringLiteral("name")] = c.name;
    o[QStringLiteral("path")] = c.sourcePath;
    o[QStringLiteral("baselineMetric")] = c.baselineMetric;
    o[QStringLiteral("candidateMetric")] = c.candidateMetric;
    o[QStringLiteral("stepOffset")] = c.stepOffset;
    o[QStringLiteral("verdict")] = ParityResult::verdictName(c.verdict);

    QJsonArray reasons;
    for (const ParityResult::Reason &r : c.reasons) {
        reasons.append(QJsonObject{{QStringLiteral("level"), ParityResult::verdictName(r.level)},
                                   {QStringLiteral("code"), r.code},
                                   {QStringLiteral("message"), r.message},
                                   {QStringLiteral("step"), step(r.step)},
                                   {QStringLiteral("metric"), r.metric}});
    }
    o[QStringLiteral("reasons")] = reasons;
    QJsonArray classes;
    for (const ParityResult::MismatchClass &k : c.classes) {
        classes.append(QJsonObject{{QStringLiteral("code"), k.code},
                                   {QStringLiteral("label"), k.label},
                                   {QStringLiteral("fromStep"), step(k.fromStep)},
                                   {QStringLiteral("toStep"), step(k.toStep)},
                                   {QStringLiteral("evidence"), k.evidence},
                                   {QStringLiteral("checkFirst"), k.checkFirst}});
    }
    o[QStringLiteral("classes")] = classes;
    if (c.envelope.steps > 0 || !c.envelopeBounds.empty()) {
        const ParityResult::EnvelopeCheck &e = c.envelope;
        QJsonArray ranges;
        for (const auto &[from, to] : e.outsideRanges)
            ranges.append(QJsonArray{from, to});
        o[QStringLiteral("envelope")] = QJsonObject{
            {QStringLiteral("steps"), e.steps},
            {QStringLiteral("outside"), e.outside},
            {QStringLiteral("outsideShare"), NumberText::json(e.outsideShare)},
            {QStringLiteral("firstOutside"), step(e.firstOutside)},
            {QStringLiteral("outsideRanges"), ranges},
            {QStringLiteral("meanAbsExcess"), NumberText::json(e.meanAbsExcess)},
            {QStringLiteral("meanRelExcess"), NumberText::json(e.meanRelExcess)},
        };
    }
    QJsonArray checks;
    for (const ParityResult::MetricCheck &m : c.metricChecks) {
        checks.append(QJsonObject{{QStringLiteral("metric"), m.metric},
                                  {QStringLiteral("steps"), m.steps},
                                  {QStringLiteral("meanRel"), NumberText::json(m.meanRel)},
                                  {QStringLiteral("limit"), NumberText::json(m.limit)},
                                  {QStringLiteral("passed"), m.passed}});
    }
    o[QStringLiteral("metricChecks")] = checks;
    QJsonArray precision;
    for (const ParityResult::Precision &p : c.precision) {
        const auto path = [](const QString &s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); };
        precision.append(QJsonObject{{QStringLiteral("metric"), p.metric},
                                     {QStringLiteral("baselineDigits"), p.baselineDigits},
                                     {QStringLiteral("candidateDigits"), p.candidateDigits},
                                     {QStringLiteral("resolution"), NumberText::json(p.resolution)},
                                     {QStringLiteral("tolerance"), NumberText::json(p.tolerance)},
                                     {QStringLiteral("toleranceBelowResolution"), p.toleranceBelowResolution},
                                     {QStringLiteral("baselineFullPrecision"), path(p.baselineFullPrecision)},
                                     {QStringLiteral("candidateFullPrecision"), path(p.candidateFullPrecision)}});
    }
    o[QStringLiteral("precision")] = precision;

    o[QStringLiteral("alignment")] = QJsonObject{
        {QStringLiteral("baselinePoints"), c.baselinePoints},
        {QStringLiteral("candidatePoints"), c.candidatePoints},
        {QStringLiteral("commonSteps"), c.commonSteps},
        {QStringLiteral("interpolatedSteps"), c.interpolatedSteps},
        {QStringLiteral("baselineOnlySteps"), c.baselineOnlySteps},
        {QStringLiteral("candidateOnlySteps"), c.candidateOnlySteps},
        {QStringLiteral("warmupSteps"), c.warmupSteps},
        {QStringLiteral("judgedSteps"), c.judgedSteps},
        {QStringLiteral("finiteSteps"), c.finiteSteps},
    };
    o[QStringLiteral("errors")] = QJsonObject{
        {QStringLiteral("meanDiff"), NumberText::json(c.meanDiff)},
        {QStringLiteral("meanAbs"), NumberText::json(c.meanAbs)},
        {QStringLiteral("maxAbs"), NumberText::json(c.maxAbs)},
        {QStringLiteral("maxAbsStep"), step(c.maxAbsStep)},
        {QStringLiteral("rmseAbs"), NumberText::json(c.rmseAbs)},
        {QStringLiteral("meanRel"), NumberText::json(c.meanRel)},
        {QStringLiteral("maxRel"), NumberText::json(c.maxRel)},
        {QStringLiteral("maxRelStep"), step(c.maxRelStep)},
        {QStringLiteral("rmseRel"), NumberText::json(c.rmseRel)},
        {QStringLiteral("withinCount"), c.withinCount},
        {QStringLiteral("withinShare"), NumberText::json(c.withinShare)},
        {QStringLiteral("beyondCount"), c.beyondCount},
        {QStringLiteral("firstBeyondStep"), step(c.firstBeyondStep)},
        {QStringLiteral("firstDivergenceStep"), step(c.firstDivergenceStep)},
    };
    const ParityResult::Drift &d = c.drift;
    o[QStringLiteral("drift")] = QJsonObject{
        {QStringLiteral("evaluated"), d.evaluated},
        {QStringLiteral("detected"), d.detected},
        {QStringLiteral("fromStep"), step(d.fromStep)},
        {QStringLiteral("toStep"), step(d.toStep)},
        {QStringLiteral("points"), d.points},
        {QStringLiteral("relSlope"), NumberText::json(d.relSlope)},
        {QStringLiteral("relChange"), NumberText::json(d.relChange)},
        {QStringLiteral("relT"), NumberText::json(d.relT)},
        {QStringLiteral("absSlope"), NumberText::json(d.absSlope)},
        {QStringLiteral("absChange"), NumberText::json(d.absChange)},
        {QStringLiteral("absT"), NumberText::json(d.absT)},
    };
    o[QStringLiteral("nonFinite")] = QJsonObject{
        {QStringLiteral("baselineSteps"), steps(c.baselineNonFiniteSteps)},
        {QStringLiteral("candidateSteps"), steps(c.candidateNonFiniteSteps)},
        {QStringLiteral("firstCandidateWithFiniteBaseline"), step(c.firstCandidateNaNWithFiniteBaseline)},
    };
    QJsonArray spikeSets;
    for (const ParityResult::SpikeSet &s : c.spikes) {
        spikeSets.append(QJsonObject{{QStringLiteral("metric"), s.metric},
                                     {QStringLiteral("baseline"), spikes(s.baseline)},
                                     {QStringLiteral("candidate"), spikes(s.candidate)},
                                     {QStringLiteral("candidateOnly"), s.candidateOnly()}});
    }
    o[QStringLiteral("spikes")] = spikeSets;
    const ParityResult::Throughput &t = c.throughput;
    o[QStringLiteral("throughput")] = QJsonObject{
        {QStringLiteral("source"), t.source.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(t.source)},
        {QStringLiteral("baseline"), NumberText::json(t.baseline)},
        {QStringLiteral("candidate"), NumberText::json(t.candidate)},
        {QStringLiteral("ratio"), NumberText::json(t.ratio)},
        {QStringLiteral("baselinePoints"), t.baselinePoints},
        {QStringLiteral("candidatePoints"), t.candidatePoints},
    };
    QJsonArray fairness;
    for (const ParityResult::FairnessItem &f : c.fairness) {
        fairness.append(QJsonObject{{QStringLiteral("key"), f.key},
                                    {QStringLiteral("label"), f.label},
                                    {QStringLiteral("status"), ParityResult::FairnessItem::statusName(f.status)},
                                    {QStringLiteral("baseline"), f.baselineValue},
                                    {QStringLiteral("candidate"), f.candidateValue},
                                    {QStringLiteral("detail"), f.detail},
                                    {QStringLiteral("step"), step(f.step)}});
    }
    o[QStringLiteral("fairness")] = fairness;

    if (withTable) {
        QJsonArray table;
        for (size_t i = 0; i < c.rows.size(); ++i)
            table.append(rowToJson(c, i));
        o[QStringLiteral("table")] = table;
    }
    return o;
}

QJsonObject ParityJson::rowToJson(const ParityResult::Candidate &c, size_t i)
{
    const Row &r = c.rows[i];
    QJsonObject row{{QStringLiteral("step"), r.step},
                    {QStringLiteral("baseline"), NumberText::json(r.baseline)},
                    {QStringLiteral("candidate"), NumberText::json(r.candidate)},
                    {QStringLiteral("diff"), NumberText::json(r.diff())},
                    {QStringLiteral("absErr"), NumberText::json(r.absErr())},
                    {QStringLiteral("relErr"), NumberText::json(r.relErr())}};
    if (r.flags)
        row[QStringLiteral("flags")] = QJsonArray::fromStringList(flagNames(r.flags));
    if (!c.envelopeBounds.empty()) {
        row[QStringLiteral("envelopeMin")] = NumberText::json(c.envelopeBounds[i].first);
        row[QStringLiteral("envelopeMax")] = NumberText::json(c.envelopeBounds[i].second);
    }
    return row;
}

void ParityJson::write(QTextStream &out, const ParityResult &result, bool withTable, const QJsonObject &extra)
{
    // A scalar has no document of its own: serialise it inside an array and drop the brackets.
    const auto text = [](const QJsonValue &v) {
        if (v.isObject())
            return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
        if (v.isArray())
            return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
        const QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
        return a.mid(1, a.size() - 2);
    };
    QJsonObject root = toJson(result, false);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        root.insert(it.key(), it.value());
    const QJsonArray candidates = root.take(QStringLiteral("candidates")).toArray();
    out << "{\n";
    for (auto it = root.begin(); it != root.end(); ++it)
        out << "  " << text(it.key()) << ": " << text(it.value()) << ",\n";
    out << "  \"candidates\": [";
    for (int k = 0; k < candidates.size(); ++k) {
        QByteArray head = QJsonDocument(candidates.at(k).toObject()).toJson(QJsonDocument::Compact);
        head.chop(1); // the closing brace: the table follows
        out << (k ? ",\n    " : "\n    ") << head;
        if (withTable && k < result.candidates.size()) {
            const ParityResult::Candidate &c = result.candidates.at(k);
            out << ",\"table\":[";
            for (size_t i = 0; i < c.rows.size(); ++i)
                out << (i ? ",\n      " : "\n      ") << QJsonDocument(rowToJson(c, i)).toJson(QJsonDocument::Compact);
            out << "]";
        }
        out << "}";
    }
    out << "\n  ]\n}\n";
}

QJsonObject ParityJson::toJson(const ParityResult &result, bool withTable)
{
    QJsonObject root;
    root[QStringLiteral("format")] = QStringLiteral("portbench-parity");
    root[QStringLiteral("formatVersion")] = formatVersion;
    root[QStringLiteral("verdict")] = result ? ParityResult::verdictName(result.verdict) : QStringLiteral("ERROR");
    if (!result)
        root[QStringLiteral("error")] = result.error;
    root[QStringLiteral("baseline")]
        = QJsonObject{{QStringLiteral("name"), result.baselineName}, {QStringLiteral("path"), result.baselinePath}};
    root[QStringLiteral("options")] = optionsToJson(result.options);
    root[QStringLiteral("criteria")] = criteriaToJson(result.options);
    QJsonArray envelope;
    for (const ParityResult::BaselineSpread &b : result.envelopeBaselines) {
        envelope.append(QJsonObject{{QStringLiteral("name"), b.name},
                                    {QStringLiteral("path"), b.path},
                                    {QStringLiteral("commonSteps"), b.commonSteps},
                                    {QStringLiteral("beyondTolerance"), b.beyondTolerance},
                                    {QStringLiteral("firstBeyondStep"), step(b.firstBeyondStep)},
                                    {QStringLiteral("maxAbs"), NumberText::json(b.maxAbs)},
                                    {QStringLiteral("maxRel"), NumberText::json(b.maxRel)},
                                    {QStringLiteral("maxRelStep"), step(b.maxRelStep)}});
    }
    root[QStringLiteral("envelope")] = envelope;
    root[QStringLiteral("baselineReproducible")] = result.baselineReproducible;
    root[QStringLiteral("telemetry")] = telemetryToJson(result);
    QJsonArray candidates;
    for (const ParityResult::Candidate &c : result.candidates)
        candidates.append(candidateToJson(c, withTable));
    root[QStringLiteral("candidates")] = candidates;
    return root;
}

QStringList ParityJson::flagNames(quint8 flags)
{
    static const std::pair<Row::Flag, const char *> names[] = {
        {Row::Interpolated, "interpolated"},
        {Row::Warmup, "warmup"},
        {Row::Beyond, "beyond"},
        {Row::BaselineNonFinite, "baselineNonFinite"},
        {Row::CandidateNonFinite, "candidateNonFinite"},
    };
    QStringList list;
    for (const auto &[flag, name] : names) {
        if (flags & flag)
            list.append(QLatin1String(name));
    }
    return list;
}

QJsonObject ParityJson::telemetrySummaryToJson(const RunTelemetrySummary &t)
{
    return {{QStringLiteral("files"), QJsonArray::fromStringList(t.files)},
            {QStringLiteral("problems"), QJsonArray::fromStringList(t.problems)},
            {QStringLiteral("devices"), t.devices},
            {QStringLiteral("samples"), t.samples},
            {QStringLiteral("spanMs"), t.spanMs},
            {QStringLiteral("meanUtilPercent"), NumberText::json(t.meanUtilPercent)},
            {QStringLiteral("peakMemoryMiB"), NumberText::json(t.peakMemoryMiB)},
            {QStringLiteral("peakMemoryPercent"), NumberText::json(t.peakMemoryPercent)},
            {QStringLiteral("meanPowerW"), NumberText::json(t.meanPowerW)}};
}

QJsonValue ParityJson::telemetryToJson(const ParityResult &result)
{
    if (!result.hasTelemetry())
        return QJsonValue::Null;
    QJsonObject baseline = telemetrySummaryToJson(result.baselineTelemetry);
    baseline.insert(QStringLiteral("run"), result.baselineName);
    baseline.insert(QStringLiteral("role"), QStringLiteral("baseline"));
    QJsonArray runs{baseline};
    for (const ParityResult::Candidate &c : result.candidates) {
        QJsonObject run = telemetrySummaryToJson(c.telemetry);
        run.insert(QStringLiteral("run"), c.name);
        run.insert(QStringLiteral("role"), QStringLiteral("candidate"));
        run.insert(QStringLiteral("throughputRatio"), NumberText::json(c.throughput.ratio));
        runs.append(run);
    }
    return runs;
}

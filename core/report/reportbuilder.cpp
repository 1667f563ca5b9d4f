#include "reportbuilder.h"

#include "charts/runcurvebuilder.h"
#include "charts/runlistmodel.h"
#include "config/configemitter.h"
#include "config/configvalidator.h"
#include "config/memoryestimator.h"
#include "config/trainingconfigjson.h"
#include "model/metricnames.h"
#include "model/numbertext.h"
#include "parity/parityengine.h"
#include "parity/parityenvdiff.h"
#include "parity/parityjson.h"
#include "parity/paritystatsmodel.h"
#include "parity/paritytext.h"
#include "parity/paritycsv.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

using Block = ReportDocument::Block;
using Figure = ReportDocument::Figure;
using Section = ReportOptions::Section;

namespace {

Block heading(const QString &text)
{
    Block b;
    b.kind = Block::Kind::Heading;
    b.text = text;
    return b;
}

Block paragraph(const QString &text)
{
    Block b;
    b.kind = Block::Kind::Paragraph;
    b.text = text;
    return b;
}

Block verdict(const QString &word, const QString &subject, const QStringList &reasons)
{
    Block b;
    b.kind = Block::Kind::Verdict;
    b.text = subject.isEmpty() ? word : word + QStringLiteral(": ") + subject;
    b.severity = ReportDocument::severityOf(word);
    b.items = reasons;
    return b;
}

Block list(const QStringList &items)
{
    Block b;
    b.kind = Block::Kind::List;
    b.items = items;
    return b;
}

Block table(const QString &caption, const QStringList &header)
{
    Block b;
    b.kind = Block::Kind::Table;
    b.text = caption;
    b.header = header;
    return b;
}

Block code(const QString &text)
{
    Block b;
    b.kind = Block::Kind::Code;
    b.text = text;
    return b;
}

/// Worst of two verdict words ("PASS" < "WARN" < "FAIL"; empty = not judged).
QString worse(const QString &a, const QString &b)
{
    static const QStringList order{QString(), QStringLiteral("PASS"), QStringLiteral("WARN"), QStringLiteral("FAIL")};
    return order.indexOf(b) > order.indexOf(a) ? b : a;
}

QString duration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return QStringLiteral("—");
    const qint64 s = qint64(std::llround(seconds));
    return QStringLiteral("%1:%2:%3").arg(s / 3600).arg((s / 60) % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
}

/// Flattens a JSON object to dotted keys, for the config summary table.
void flatten(const QJsonObject &object, const QString &prefix, QVector<QStringList> &rows)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        const QJsonValue v = it.value();
        if (v.isObject()) {
            flatten(v.toObject(), key, rows);
        } else if (v.isArray()) {
            QStringList parts;
            for (const QJsonValue &e : v.toArray())
                parts << (e.isString() ? e.toString() : QString::fromUtf8(QJsonDocument(QJsonArray{e}).toJson(QJsonDocument::Compact)).mid(1).chopped(1));
            if (!parts.isEmpty())
                rows.append({key, parts.join(QStringLiteral(", "))});
        } else if (v.isBool()) {
            rows.append({key, v.toBool() ? QStringLiteral("true") : QStringLiteral("false")});
        } else if (v.isDouble()) {
            rows.append({key, NumberText::number(v.toDouble())});
        } else if (v.isString() && !v.toString().isEmpty()) {
            rows.append({key, v.toString()});
        }
    }
}

QString jsonText(const QJsonValue &v)
{
    if (v.isDouble())
        return NumberText::number(v.toDouble());
    if (v.isBool())
        return v.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &e : v.toArray())
            parts << jsonText(e);
        return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
    }
    return v.toString();
}

/// Figure ids become PNG file names beside a Markdown report.
QString figureId(const QString &text)
{
    QString id = text.toLower();
    id.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    while (id.startsWith(QLatin1Char('-')))
        id.remove(0, 1);
    while (id.endsWith(QLatin1Char('-')))
        id.chop(1);
    return id.left(60);
}

class Assembler
{
public:
    Assembler(const ReportOptions &options, const ReportInput &input, ReportDocument &doc)
        : m_options(options), m_input(input), m_doc(doc)
    {
    }

    int addFigure(Figure figure)
    {
        QString id = figureId(figure.id);
        const QString base = id;
        for (int n = 2; std::any_of(m_doc.figures.begin(), m_doc.figures.end(), [&](const Figure &f) { return f.id == id; }); ++n)
            id = base + QLatin1Char('-') + QString::number(n);
        figure.id = id;
        m_doc.figures.append(figure);
        return int(m_doc.figures.size()) - 1;
    }

    Block figureBlock(Figure figure)
    {
        Block b;
        b.kind = Block::Kind::Figure;
        b.text = figure.caption;
        b.figure = addFigure(std::move(figure));
        return b;
    }

    QString runName(int i) const
    {
        const Run *run = m_input.runs.at(i);
        return run->name.isEmpty() ? QFileInfo(run->sourcePath).fileName() : run->name;
    }

    QVector<Block> runs() const
    {
        Block t = table(QString(), {QStringLiteral("Run"), QStringLiteral("Format"), QStringLiteral("Log"), QStringLiteral("Points"),
                                    QStringLiteral("Steps"), QStringLiteral("Restarts"), QStringLiteral("Duration"),
                                    QStringLiteral("Last loss")});
        QVector<Block> blocks;
        QStringList facts;
        QStringList readWarnings;
        for (int i = 0; i < m_input.runs.size(); ++i) {
            const Run &run = *m_input.runs.at(i);
            for (const QString &w : run.readWarnings)
                readWarnings << runName(i) + QStringLiteral(": ") + w;
            const qint64 offset = m_input.stepOffset(i);
            QString steps = QStringLiteral("—");
            double seconds = std::nan("");
            QString lastLoss = QStringLiteral("—");
            if (!run.isEmpty()) {
                steps = QStringLiteral("%1 – %2").arg(run.step(0) + offset).arg(run.step(run.pointCount() - 1) + offset);
                if (run.hasWallTime()) {
                    double first = std::nan(""), last = std::nan("");
                    for (int p = 0; p < run.pointCount(); ++p) {
                        const double w = run.wallTime(p);
                        if (std::isfinite(w)) {
                            if (!std::isfinite(first))
                                first = w;
                            last = w;
                        }
                    }
                    seconds = last - first;
                }
                const QString loss = MetricNames::primaryLoss(run.metricNames());
                for (int p = run.pointCount() - 1; p >= 0 && !loss.isEmpty(); --p) {
                    const double v = run.value(p, loss);
                    if (!Run::isMissing(v)) {
                        lastLoss = NumberText::number(v);
                        break;
                    }
                }
            }
            QString name = runName(i);
            if (i == m_input.baseline)
                name += QStringLiteral(" (baseline)");
            t.rows.append({name, run.format, run.sourcePath, QString::number(run.pointCount()), steps,
                           QString::number(std::max<qsizetype>(0, run.segmentStarts().size() - 1)), duration(seconds), lastLoss});
            QStringList known;
            for (const QString &key : {QStringLiteral("hostname"), QStringLiteral("host"), QStringLiteral("command"),
                                       QStringLiteral("world_size"), QStringLiteral("tensor_model_parallel_size"),
                                       QStringLiteral("pipeline_model_parallel_size"), QStringLiteral("global_batch_size"),
                                       QStringLiteral("micro_batch_size"), QStringLiteral("seq_length"), QStringLiteral("seed"),
                                       QStringLiteral("bf16"), QStringLiteral("fp16"), QStringLiteral("lr")}) {
                if (run.meta.contains(key))
                    known << key + QLatin1Char('=') + run.meta.value(key).toString();
            }
            if (!known.isEmpty())
                facts << runName(i) + QStringLiteral(": ") + known.join(QStringLiteral(", "));
        }
        blocks << t;
        // Everything below is only as true as this reading: say what the log reader was unsure of.
        if (!readWarnings.isEmpty())
            blocks << paragraph(QStringLiteral("Warnings from reading the logs:")) << list(readWarnings);
        if (!facts.isEmpty())
            blocks << paragraph(QStringLiteral("Facts the logs state (argument dumps, headers):")) << list(facts);
        return blocks;
    }

    QVector<Block> charts()
    {
        QVector<Block> blocks;
        QStringList metrics{QStringLiteral("loss"), MetricNames::tokensPerSecond, MetricNames::learningRate, MetricNames::gradNorm};
        for (const QString &extra : {MetricNames::evalLoss, MetricNames::lossScale, MetricNames::memoryGb,
                                     MetricNames::tflopsPerDevice, MetricNames::mfu, MetricNames::elapsedMs}) {
            for (const Run *run : m_input.runs) {
                if (run->hasMetric(extra)) {
                    metrics << extra;
                    break;
                }
            }
        }
        for (const QString &metric : metrics) {
            Figure f;
            f.chart.xTitle = QStringLiteral("Step");
            f.chart.showRaw = true;
            for (int i = 0; i < m_input.runs.size(); ++i) {
                ChartCurve c = RunCurveBuilder::buildChartMetric(*m_input.runs.at(i), metric,
                                                                 {ChartXAxis::Step, m_input.stepOffset(i), m_options.smoothing});
                if (c.x.empty())
                    continue;
                c.id = QString::number(i);
                c.label = runName(i);
                c.rgb = m_input.color(i);
                f.chart.curves.append(std::move(c));
            }
            if (f.chart.curves.isEmpty())
                continue;
            const QString title = metric == QLatin1String("loss") ? QStringLiteral("Loss") : MetricNames::describe(metric);
            f.chart.title = title;
            f.chart.yTitle = metric == QLatin1String("loss") ? QStringLiteral("loss") : metric;
            f.id = QStringLiteral("chart-") + metric;
            f.caption = m_options.smoothing > 0
                            ? QStringLiteral("%1 per step: raw (faint) and smoothed (EMA weight %2).").arg(title).arg(m_options.smoothing)
                            : QStringLiteral("%1 per step.").arg(title);
            blocks << figureBlock(std::move(f));
        }
        if (blocks.isEmpty())
            blocks << paragraph(QStringLiteral("No run logs a metric that can be charted."));
        return blocks;
    }

    QVector<Block> parity(const ParityResult &result)
    {
        QVector<Block> blocks;
        const ParityOptions &o = result.options;
        blocks << paragraph(QStringLiteral("Baseline %1 against %2 candidate(s) on %3. Preset %4: a step is within tolerance when "
                                           "|B − A| ≤ %5 + %6·|A|; FAIL below %7 of steps within%8.")
                                .arg(result.baselineName)
                                .arg(result.candidates.size())
                                .arg(o.metric.isEmpty() ? QStringLiteral("the primary loss") : o.metric)
                                .arg(ParityOptions::presetName(o.preset))
                                .arg(NumberText::number(o.absTol), NumberText::percent(o.relTol))
                                .arg(NumberText::percent(o.minWithinShare))
                                .arg(o.meanRelLimit > 0 ? QStringLiteral(" or a mean relative error ≥ %1").arg(NumberText::percent(o.meanRelLimit))
                                                        : QString()));
        blocks << paragraph(QStringLiteral("Source of the %1 criteria: %2.")
                                .arg(ParityOptions::presetName(o.preset), ParityOptions::presetSource(o.preset)));
        if (!result.envelopeBaselines.isEmpty()) {
            Block env = table(QStringLiteral("Noise envelope: the baselines against %1 (per step the candidate is judged "
                                             "against their spread widened by the tolerance)")
                                  .arg(result.baselineName),
                              {QStringLiteral("Baseline"), QStringLiteral("Common steps"), QStringLiteral("Beyond tolerance"),
                               QStringLiteral("First beyond"), QStringLiteral("Largest rel. difference")});
            for (const ParityResult::BaselineSpread &b : result.envelopeBaselines) {
                env.rows << QStringList{b.name, QString::number(b.commonSteps), QString::number(b.beyondTolerance),
                                        NumberText::step(b.firstBeyondStep),
                                        ParityText::atStep(NumberText::percent(b.maxRel), b.maxRelStep)};
                env.rowSeverity << (b.beyondTolerance > 0 ? QStringLiteral("warn") : QString());
            }
            blocks << env
                   << paragraph(result.baselineReproducible
                                    ? QStringLiteral("The baselines agree within the tolerance.")
                                    : QStringLiteral("The baselines differ by more than the tolerance: the baseline itself "
                                                     "is not reproducible at this tolerance."));
        }
        ParityStatsModel model;
        model.setResult(result);
        Block stats = table(QStringLiteral("Statistics (docs/parity.md defines each)"), {QStringLiteral("Statistic")});
        for (int c = 0; c < model.columnCount(); ++c)
            stats.header << model.headerData(c, Qt::Horizontal).toString();
        for (int r = 0; r < model.rowCount(); ++r) {
            QStringList row{model.headerData(r, Qt::Vertical).toString()};
            int severity = 0;
            for (int c = 0; c < model.columnCount(); ++c) {
                row << model.index(r, c).data().toString();
                severity = std::max(severity, model.index(r, c).data(ParityStatsModel::SeverityRole).toInt());
            }
            stats.rows << row;
            stats.rowSeverity << (severity == int(ParityResult::Verdict::Fail)   ? QStringLiteral("fail")
                                  : severity == int(ParityResult::Verdict::Warn) ? QStringLiteral("warn")
                                                                                 : QString());
        }

        for (const ParityResult::Candidate &c : result.candidates) {
            blocks << heading(c.name);
            QStringList reasons;
            for (const ParityResult::Reason &r : c.reasons)
                reasons << QStringLiteral("%1 [%2] %3").arg(ParityResult::verdictName(r.level), r.code, r.message);
            blocks << verdict(ParityResult::verdictName(c.verdict), c.name + QStringLiteral(" against ") + result.baselineName, reasons);
            blocks << paragraph(c.firstDivergenceStep >= 0
                                    ? QStringLiteral("First divergence at step %1 (first step beyond tolerance: %2).")
                                          .arg(c.firstDivergenceStep)
                                          .arg(NumberText::step(c.firstBeyondStep))
                                    : QStringLiteral("No divergence: %1 of %2 judged steps within tolerance; mean relative error %3, max %4 at step %5.")
                                          .arg(c.withinCount)
                                          .arg(c.judgedSteps)
                                          .arg(NumberText::percent(c.meanRel), NumberText::percent(c.maxRel))
                                          .arg(NumberText::step(c.maxRelStep)));
            if (c.envelope.steps > 0) {
                QStringList ranges;
                for (const auto &[from, to] : c.envelope.outsideRanges)
                    ranges << (from == to ? QString::number(from) : QStringLiteral("%1–%2").arg(from).arg(to));
                blocks << paragraph(QStringLiteral("Envelope: outside at %1 of %2 steps%3; mean distance to the baselines' "
                                                   "spread %4 (relative %5).")
                                        .arg(c.envelope.outside)
                                        .arg(c.envelope.steps)
                                        .arg(ranges.isEmpty() ? QString() : QStringLiteral(" (steps %1)").arg(ranges.join(QStringLiteral(", "))))
                                        .arg(NumberText::number(c.envelope.meanAbsExcess), NumberText::percent(c.envelope.meanRelExcess)));
            }
            if (!c.classes.isEmpty()) {
                Block classes = table(QStringLiteral("Mismatch classes (MindSpeed-LLM precision guide)"),
                                      {QStringLiteral("Class"), QStringLiteral("Steps"), QStringLiteral("Evidence"),
                                       QStringLiteral("Check first")});
                for (const ParityResult::MismatchClass &k : c.classes) {
                    classes.rows << QStringList{k.label, QStringLiteral("%1–%2").arg(k.fromStep).arg(k.toStep), k.evidence, k.checkFirst};
                    classes.rowSeverity << QStringLiteral("warn");
                }
                blocks << classes;
            }
            for (const ParityResult::Precision &p : c.precision) {
                QString text = QStringLiteral("Precision of %1: %2 / %3 significant digits printed (baseline / candidate)")
                                   .arg(p.metric)
                                   .arg(p.baselineDigits)
                                   .arg(p.candidateDigits);
                if (p.resolution > 0)
                    text += QStringLiteral(", a printed step of %1 against a tolerance of %2%3")
                                .arg(NumberText::number(p.resolution), NumberText::number(p.tolerance))
                                .arg(p.toleranceBelowResolution ? QStringLiteral(": the tolerance is below what the logs print, so agreement proves only that the printed values agree")
                                                                : QString());
                for (const QString &full : {p.baselineFullPrecision, p.candidateFullPrecision}) {
                    if (!full.isEmpty())
                        text += QStringLiteral("; full precision at %1").arg(full);
                }
                blocks << paragraph(text + QLatin1Char('.'));
            }
            blocks << figureBlock(overlay(result, c)) << figureBlock(difference(result, c));

            Block fairness = table(QStringLiteral("Fairness checklist: what must match for the comparison to mean anything"),
                                   {QStringLiteral("Item"), QStringLiteral("Status"), result.baselineName, c.name, QStringLiteral("Where")});
            for (const ParityResult::FairnessItem &f : c.fairness) {
                fairness.rows << QStringList{f.label, ParityResult::FairnessItem::statusName(f.status), f.baselineValue, f.candidateValue, f.detail};
                fairness.rowSeverity << (f.status == ParityResult::FairnessItem::Status::Mismatch ? QStringLiteral("warn") : QString());
            }
            blocks << fairness;
        }
        if (!m_input.baselineEnvJson.isEmpty() && !m_input.candidateEnvJson.isEmpty()) {
            int same = 0;
            const QVector<ParityEnvDiff::Row> rows = ParityEnvDiff::compare(m_input.baselineEnvJson, m_input.candidateEnvJson, &same);
            Block env = table(QStringLiteral("Environment: what differs between the baseline's machine (%1) and the candidate's (%2); %3 facts alike")
                                  .arg(m_input.baselineEnvJson.value(QStringLiteral("host")).toString(),
                                       m_input.candidateEnvJson.value(QStringLiteral("host")).toString())
                                  .arg(same),
                              {QStringLiteral("Fact"), QStringLiteral("Baseline machine"), QStringLiteral("Candidate machine")});
            for (const ParityEnvDiff::Row &r : rows) {
                env.rows << QStringList{r.key, r.baseline, r.candidate};
                env.rowSeverity << QString();
            }
            blocks << heading(QStringLiteral("Environment diff")) << env;
        }
        blocks << heading(QStringLiteral("Statistics")) << stats;
        return blocks;
    }

    Figure overlay(const ParityResult &result, const ParityResult::Candidate &c) const
    {
        Figure f;
        f.id = QStringLiteral("parity-overlay-") + c.name;
        f.caption = QStringLiteral("%1 of %2 and %3 at the aligned steps.").arg(c.baselineMetric, result.baselineName, c.name);
        f.chart.title = QStringLiteral("Overlay: %1").arg(c.baselineMetric);
        f.chart.xTitle = QStringLiteral("Step");
        f.chart.yTitle = c.baselineMetric;
        ChartCurve a, b;
        a.id = QStringLiteral("baseline");
        a.label = result.baselineName;
        a.rgb = RunListModel::paletteColor(0);
        b.id = QStringLiteral("candidate");
        b.label = c.name;
        b.rgb = RunListModel::paletteColor(1);
        for (const ParityResult::Row &r : c.rows) {
            a.x.push_back(double(r.step));
            a.y.push_back(r.baseline);
            a.steps.push_back(r.step);
            b.x.push_back(double(r.step));
            b.y.push_back(r.candidate);
            b.steps.push_back(r.step);
        }
        f.chart.curves << a << b;
        return f;
    }

    Figure difference(const ParityResult &result, const ParityResult::Candidate &c) const
    {
        Figure f;
        f.id = QStringLiteral("parity-difference-") + c.name;
        f.caption = QStringLiteral("B − A per step (%1 minus %2); the band is the tolerance ±(%3 + %4·|A|).")
                        .arg(c.name, result.baselineName, NumberText::number(result.options.absTol),
                             NumberText::percent(result.options.relTol));
        f.chart.title = QStringLiteral("Difference B − A");
        f.chart.xTitle = QStringLiteral("Step");
        f.chart.yTitle = QStringLiteral("B − A");
        ChartCurve d;
        d.id = QStringLiteral("diff");
        d.label = QStringLiteral("B − A");
        d.rgb = RunListModel::paletteColor(1);
        f.chart.band.label = QStringLiteral("tolerance");
        for (const ParityResult::Row &r : c.rows) {
            d.x.push_back(double(r.step));
            d.y.push_back(r.diff());
            d.steps.push_back(r.step);
            if (std::isfinite(r.baseline)) {
                const double tol = result.options.absTol + result.options.relTol * std::abs(r.baseline);
                f.chart.band.x.push_back(double(r.step));
                f.chart.band.lower.push_back(-tol);
                f.chart.band.upper.push_back(tol);
            }
        }
        f.chart.curves << d;
        return f;
    }

    QVector<Block> environment(const EnvReport &env) const
    {
        QVector<Block> blocks;
        blocks << paragraph(QStringLiteral("Host %1, backend %2, checked %3: %4 ok, %5 warn, %6 fail, %7 skipped.")
                                .arg(env.host, env.backend, env.generated.toString(Qt::ISODate))
                                .arg(env.count(EnvCheck::Status::Ok))
                                .arg(env.count(EnvCheck::Status::Warn))
                                .arg(env.count(EnvCheck::Status::Fail))
                                .arg(env.count(EnvCheck::Status::Skipped)));
        Block t = table(QString(), {QStringLiteral("Status"), QStringLiteral("Check"), QStringLiteral("Found"), QStringLiteral("Expected"),
                                    QStringLiteral("Fix")});
        for (const EnvCheck &c : env.checks) {
            const QString status = EnvCheck::statusName(c.status);
            t.rows << QStringList{status.toUpper(), c.title, c.found, c.expected, c.fix};
            t.rowSeverity << (c.status == EnvCheck::Status::Ok ? QString() : ReportDocument::severityOf(status));
        }
        blocks << t;
        return blocks;
    }

    QVector<Block> topology(const Topology &topo)
    {
        QVector<Block> blocks;
        blocks << paragraph(QStringLiteral("Read from a %1 capture: %2 accelerator(s), %3 NIC(s).")
                                .arg(topo.source)
                                .arg(topo.accelerators().size())
                                .arg(topo.nics().size()));
        Figure f;
        f.kind = Figure::Kind::Topology;
        f.id = QStringLiteral("topology");
        f.caption = QStringLiteral("Device topology map (same drawing as the Topology dock).");
        f.topology = topo;
        f.size = QSize(900, 600);
        blocks << figureBlock(std::move(f));
        Block m = table(QStringLiteral("Link matrix"), {QString()});
        for (const TopologyNode &n : topo.nodes)
            m.header << n.name;
        for (int i = 0; i < topo.nodes.size(); ++i) {
            QStringList row{topo.nodes.at(i).name};
            for (int j = 0; j < topo.nodes.size(); ++j)
                row << (i == j ? QStringLiteral("X") : topo.link(i, j).raw);
            m.rows << row;
        }
        blocks << m;
        QStringList legend;
        for (LinkType::Kind k : topo.linkKinds())
            legend << LinkType::name(k) + QStringLiteral(": ") + LinkType::description(k);
        if (!legend.isEmpty())
            blocks << list(legend);
        if (!topo.warnings.isEmpty())
            blocks << paragraph(QStringLiteral("Capture warnings:")) << list(topo.warnings);
        return blocks;
    }

    QVector<Block> config(const TrainingConfig &config) const
    {
        QVector<Block> blocks;
        if (!m_input.configPath.isEmpty())
            blocks << paragraph(QStringLiteral("From %1.").arg(m_input.configPath));
        const ConfigIssues issues = ConfigValidator::validate(config);
        if (issues.isEmpty()) {
            blocks << paragraph(QStringLiteral("Validation: no issues."));
        } else {
            QStringList items;
            for (const ConfigIssue &i : issues)
                items << i.toString();
            blocks << verdict(ConfigValidator::hasErrors(issues) ? QStringLiteral("FAIL") : QStringLiteral("WARN"),
                              QStringLiteral("configuration validation"), items);
        }
        const MemoryEstimate mem = MemoryEstimator::estimate(config);
        if (mem) {
            Block t = table(QStringLiteral("Estimated memory per device (%1)").arg(mem.deviceName), {QStringLiteral("Part"), QStringLiteral("Size")});
            const auto add = [&](const QString &label, double bytes) { t.rows << QStringList{label, MemoryEstimator::formatBytes(bytes)}; };
            add(QStringLiteral("Parameters"), mem.parameters);
            add(QStringLiteral("Gradients"), mem.gradients);
            add(QStringLiteral("Optimizer states"), mem.optimizer);
            add(QStringLiteral("Gathered parameters"), mem.gatheredParameters);
            add(QStringLiteral("Activations"), mem.activations);
            add(QStringLiteral("Logits"), mem.logits);
            add(QStringLiteral("Margin"), mem.margin);
            add(QStringLiteral("Total"), mem.total);
            add(QStringLiteral("Device memory"), mem.deviceBytes);
            t.rowSeverity = QStringList(8, QString()) << (mem.fits() ? QStringLiteral("pass") : QStringLiteral("fail"));
            blocks << t;
        } else {
            blocks << paragraph(QStringLiteral("Memory estimate: %1").arg(mem.error));
        }
        Block summary = table(QStringLiteral("Settings"), {QStringLiteral("Field"), QStringLiteral("Value")});
        flatten(TrainingConfigJson::toJson(config), QString(), summary.rows);
        blocks << summary;
        for (const ConfigArtifact &a : ConfigEmitter::emitAll(config))
            blocks << heading(QStringLiteral("Emitted: %1").arg(a.fileName)) << code(QString::fromUtf8(a.content));
        return blocks;
    }

    QVector<Block> porting(const QJsonObject &port) const
    {
        QVector<Block> blocks;
        const QJsonObject s = port.value(QStringLiteral("summary")).toObject();
        const QJsonObject bySeverity = s.value(QStringLiteral("bySeverity")).toObject();
        QStringList sev;
        for (auto it = bySeverity.begin(); it != bySeverity.end(); ++it)
            sev << QStringLiteral("%1 %2").arg(it.value().toInt()).arg(it.key());
        blocks << paragraph(QStringLiteral("%1 → %2 in %3: %4 file(s) scanned, %5 changed; %6.")
                                .arg(port.value(QStringLiteral("source")).toString(), port.value(QStringLiteral("target")).toString(),
                                     port.value(QStringLiteral("root")).toString())
                                .arg(s.value(QStringLiteral("files")).toInt())
                                .arg(s.value(QStringLiteral("changedFiles")).toInt())
                                .arg(sev.isEmpty() ? QStringLiteral("no findings") : sev.join(QStringLiteral(", "))));
        const QJsonObject byRule = s.value(QStringLiteral("byRule")).toObject();
        Block rules = table(QStringLiteral("Findings by rule"), {QStringLiteral("Rule"), QStringLiteral("Findings")});
        for (auto it = byRule.begin(); it != byRule.end(); ++it)
            rules.rows << QStringList{it.key(), QString::number(it.value().toInt())};
        if (!rules.rows.isEmpty())
            blocks << rules;
        const QJsonArray findings = port.value(QStringLiteral("findings")).toArray();
        constexpr int shown = 200;
        Block t = table(findings.size() > shown ? QStringLiteral("First %1 of %2 findings").arg(shown).arg(findings.size())
                                                : QStringLiteral("Findings"),
                        {QStringLiteral("File"), QStringLiteral("Line"), QStringLiteral("Rule"), QStringLiteral("Severity"),
                         QStringLiteral("Message"), QStringLiteral("Suggestion")});
        for (int i = 0; i < std::min<int>(shown, findings.size()); ++i) {
            const QJsonObject f = findings.at(i).toObject();
            const QString severity = f.value(QStringLiteral("severity")).toString();
            t.rows << QStringList{f.value(QStringLiteral("file")).toString(), QString::number(f.value(QStringLiteral("line")).toInt()),
                                  f.value(QStringLiteral("rule")).toString(), severity, f.value(QStringLiteral("message")).toString(),
                                  f.value(QStringLiteral("suggestion")).toString()};
            t.rowSeverity << (severity == QLatin1String("unsupported") ? QStringLiteral("fail")
                              : severity == QLatin1String("manual")    ? QStringLiteral("warn")
                                                                       : QString());
        }
        if (!t.rows.isEmpty())
            blocks << t;
        return blocks;
    }

    QVector<Block> tensors(const QJsonObject &report) const
    {
        QVector<Block> blocks;
        const QString word = report.value(QStringLiteral("verdict")).toString().toUpper();
        QStringList reasons;
        if (!report.value(QStringLiteral("first_failing")).isNull())
            reasons << QStringLiteral("first failing tensor: %1").arg(report.value(QStringLiteral("first_failing")).toString());
        for (const QString &key : {QStringLiteral("only_in_baseline"), QStringLiteral("only_in_candidate")}) {
            const QJsonArray names = report.value(key).toArray();
            if (!names.isEmpty())
                reasons << QStringLiteral("%1 tensor(s) %2").arg(names.size()).arg(key == QLatin1String("only_in_baseline") ? QStringLiteral("only in the baseline") : QStringLiteral("only in the candidate"));
        }
        blocks << verdict(word, QStringLiteral("%1 of %2 tensors failed (%3 vs %4)")
                                    .arg(report.value(QStringLiteral("failed")).toInt())
                                    .arg(report.value(QStringLiteral("compared")).toInt())
                                    .arg(report.value(QStringLiteral("baseline")).toString(), report.value(QStringLiteral("candidate")).toString()),
                          reasons);
        Block t = table(QString(), {QStringLiteral("Tensor"), QStringLiteral("Shape"), QStringLiteral("Dtype"), QStringLiteral("Cosine"),
                                    QStringLiteral("Max abs error"), QStringLiteral("Max rel error"), QStringLiteral("Verdict"), QStringLiteral("Reason")});
        for (const QJsonValue &v : report.value(QStringLiteral("tensors")).toArray()) {
            const QJsonObject r = v.toObject();
            const QString shape = jsonText(r.value(QStringLiteral("baseline_shape")));
            const QString dtype = r.value(QStringLiteral("baseline_dtype")).toString();
            const QString cshape = jsonText(r.value(QStringLiteral("candidate_shape")));
            const QString cdtype = r.value(QStringLiteral("candidate_dtype")).toString();
            t.rows << QStringList{r.value(QStringLiteral("name")).toString(), shape == cshape ? shape : shape + QStringLiteral(" / ") + cshape,
                                  dtype == cdtype ? dtype : dtype + QStringLiteral(" / ") + cdtype, jsonText(r.value(QStringLiteral("cosine"))),
                                  jsonText(r.value(QStringLiteral("max_abs_error"))), jsonText(r.value(QStringLiteral("max_rel_error"))),
                                  r.value(QStringLiteral("verdict")).toString().toUpper(), r.value(QStringLiteral("reason")).toString()};
            t.rowSeverity << (r.value(QStringLiteral("verdict")).toString() == QLatin1String("fail") ? QStringLiteral("fail") : QString());
        }
        blocks << t;
        return blocks;
    }

private:
    const ReportOptions &m_options;
    const ReportInput &m_input;
    ReportDocument &m_doc;
};

} // namespace

ReportBuilder::ReportBuilder(const ReportOptions &options)
    : m_options(options)
{
}

ReportDocument ReportBuilder::build(const ReportInput &input, ParityResult *parityOut) const
{
    ReportDocument doc;
    doc.generated = QDateTime::currentDateTime();
    Assembler a(m_options, input, doc);

    QStringList names;
    for (int i = 0; i < input.runs.size(); ++i)
        names << a.runName(i);
    doc.title = m_options.title.isEmpty() ? QStringLiteral("PortBench report") : m_options.title;
    doc.subtitle = names.join(QStringLiteral(", "));

    ParityResult parity;
    const bool comparing = input.baseline >= 0 && input.baseline < input.runs.size() && input.runs.size() > 1;
    if (comparing) {
        QVector<const Run *> candidates, envelope;
        QVector<qint64> offsets;
        for (int i = 0; i < input.runs.size(); ++i) {
            if (input.envelope.contains(i) && i != input.baseline) {
                envelope << input.runs.at(i);
            } else if (i != input.baseline) {
                candidates << input.runs.at(i);
                offsets << input.stepOffset(i);
            }
        }
        ParityOptions options = m_options.parity;
        if (options.candidateStepOffsets.isEmpty())
            options.candidateStepOffsets = offsets;
        if (options.baselineStepOffset == 0)
            options.baselineStepOffset = input.stepOffset(input.baseline);
        parity = ParityEngine(options).compare(*input.runs.at(input.baseline), candidates, envelope);
        if (parity.baselineName.isEmpty())
            parity.baselineName = names.at(input.baseline);
    }
    const bool parityShown = comparing && parity;

    // Summary first: every verdict a reader needs before the details.
    QVector<Block> summary;
    summary << paragraph(QStringLiteral("Generated %1 by PortBench from %2 run(s).").arg(doc.generated.toString(Qt::ISODate)).arg(input.runs.size()));
    if (parityShown) {
        doc.verdict = ParityResult::verdictName(parity.verdict);
        for (const ParityResult::Candidate &c : parity.candidates) {
            QStringList reasons;
            for (const ParityResult::Reason &r : c.reasons)
                reasons << QStringLiteral("%1: %2").arg(ParityResult::verdictName(r.level), r.message);
            if (reasons.isEmpty())
                reasons << QStringLiteral("%1 of %2 judged steps within tolerance, mean relative error %3")
                               .arg(c.withinCount)
                               .arg(c.judgedSteps)
                               .arg(NumberText::percent(c.meanRel));
            summary << verdict(ParityResult::verdictName(c.verdict),
                               QStringLiteral("loss parity of %1 against %2").arg(c.name, parity.baselineName), reasons);
        }
        Block key = table(QStringLiteral("Key numbers"), {QStringLiteral("Candidate"), QStringLiteral("Verdict"), QStringLiteral("Judged steps"),
                                                          QStringLiteral("Within tolerance"), QStringLiteral("Mean rel. error"),
                                                          QStringLiteral("Max rel. error"), QStringLiteral("First divergence"),
                                                          QStringLiteral("Throughput ratio")});
        for (const ParityResult::Candidate &c : parity.candidates) {
            key.rows << QStringList{c.name, ParityResult::verdictName(c.verdict), QString::number(c.judgedSteps),
                                    NumberText::percent(c.withinShare), NumberText::percent(c.meanRel), NumberText::percent(c.maxRel),
                                    NumberText::step(c.firstDivergenceStep),
                                    c.throughput.source.isEmpty() ? NumberText::none : NumberText::ratio(c.throughput.ratio)};
            key.rowSeverity << ReportDocument::severityOf(ParityResult::verdictName(c.verdict));
        }
        summary << key;
    } else if (comparing) {
        summary << verdict(QStringLiteral("FAIL"), QStringLiteral("loss parity could not be computed"), {parity.error});
        doc.verdict = QStringLiteral("FAIL");
    } else if (input.runs.size() > 1) {
        summary << paragraph(QStringLiteral("No baseline chosen: the runs are shown side by side without a parity verdict."));
    }
    if (input.environment) {
        const EnvReport &env = *input.environment;
        const QString word = env.hasFailures() ? QStringLiteral("FAIL")
                             : env.count(EnvCheck::Status::Warn) ? QStringLiteral("WARN")
                                                                 : QStringLiteral("PASS");
        QStringList items;
        for (const EnvCheck &c : env.checks) {
            if (c.status == EnvCheck::Status::Fail || c.status == EnvCheck::Status::Warn)
                items << QStringLiteral("%1: %2 (%3)").arg(EnvCheck::statusName(c.status).toUpper(), c.title, c.found);
        }
        summary << verdict(word, QStringLiteral("environment of %1").arg(env.host), items);
        doc.verdict = worse(doc.verdict, word);
    }
    if (input.config) {
        const ConfigIssues issues = ConfigValidator::validate(*input.config);
        if (!issues.isEmpty())
            summary << paragraph(QStringLiteral("Training configuration: %1 validation issue(s), see below.").arg(issues.size()));
    }
    if (!input.portReport.isEmpty()) {
        const QJsonObject s = input.portReport.value(QStringLiteral("summary")).toObject();
        summary << paragraph(QStringLiteral("Porting: %1 file(s) scanned, %2 changed%3.")
                                 .arg(s.value(QStringLiteral("files")).toInt())
                                 .arg(s.value(QStringLiteral("changedFiles")).toInt())
                                 .arg(s.value(QStringLiteral("needsHuman")).toBool() ? QStringLiteral("; some findings need a person") : QString()));
    }
    if (!input.tensorsReport.isEmpty()) {
        const QString word = input.tensorsReport.value(QStringLiteral("verdict")).toString().toUpper();
        summary << verdict(word, QStringLiteral("tensor comparison: %1 of %2 tensors failed")
                                     .arg(input.tensorsReport.value(QStringLiteral("failed")).toInt())
                                     .arg(input.tensorsReport.value(QStringLiteral("compared")).toInt()),
                           {});
        doc.verdict = worse(doc.verdict, word);
    }

    for (Section s : m_options.sections) {
        QVector<Block> blocks;
        switch (s) {
        case Section::Summary: blocks = summary; break;
        case Section::Environment:
            if (input.environment)
                blocks = a.environment(*input.environment);
            break;
        case Section::Topology:
            if (input.topology && *input.topology)
                blocks = a.topology(*input.topology);
            break;
        case Section::Config:
            if (input.config)
                blocks = a.config(*input.config);
            break;
        case Section::Runs:
            if (!input.runs.isEmpty())
                blocks = a.runs();
            break;
        case Section::Charts:
            if (!input.runs.isEmpty())
                blocks = a.charts();
            break;
        case Section::Parity:
            if (parityShown) {
                blocks = a.parity(parity);
                doc.attachments.append({QStringLiteral("parity.csv"), ParityCsv::write(parity)});
            }
            break;
        case Section::Porting:
            if (!input.portReport.isEmpty())
                blocks = a.porting(input.portReport);
            break;
        case Section::Tensors:
            if (!input.tensorsReport.isEmpty())
                blocks = a.tensors(input.tensorsReport);
            break;
        }
        if (!blocks.isEmpty())
            doc.sections.append({ReportOptions::sectionName(s), ReportOptions::sectionTitle(s), blocks});
    }
    if (parityOut)
        *parityOut = parity;
    return doc;
}

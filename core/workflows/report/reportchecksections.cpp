// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "reportchecksections.h"

#include "core/sources/config/configemitter.h"
#include "core/sources/config/configvalidator.h"
#include "core/sources/config/memoryestimator.h"
#include "core/sources/config/trainingconfigjson.h"
#include "reportblocks.h"
#include "core/base/model/numbertext.h"
#include "reportbuilder.h"
#include "reportwords.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using Block = ReportDocument::Block;
using Figure = ReportDocument::Figure;

namespace {

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
                parts << (e.isString() ? e.toString()
                                       : QString::fromUtf8(QJsonDocument(QJsonArray{e}).toJson(QJsonDocument::Compact))
                                             .mid(1)
                                             .chopped(1));
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

} // namespace

QVector<Block> ReportCheckSections::environment(const EnvReport &env, const QString &language)
{
    Block t = ReportBlocks::table(QString(), {tr("Status"), tr("Check"), tr("Found"), tr("Expected"), tr("Fix")});
    for (const EnvCheck &c : env.checks) {
        const QString status = EnvCheck::statusName(c.status);
        t.rows << QStringList{status.toUpper(), c.title, c.found, c.expected, c.fix};
        t.rowSeverity << (c.status == EnvCheck::Status::Ok ? QString() : ReportDocument::severityOf(status));
    }
    return {ReportBlocks::paragraph(tr("Host %1, backend %2, checked %3: %4 ok, %5 warn, %6 fail, %7 skipped.")
                                        .arg(env.host, env.backend, ReportWords::dateTime(env.generated, language),
                                             QString::number(env.count(EnvCheck::Status::Ok)),
                                             QString::number(env.count(EnvCheck::Status::Warn)),
                                             QString::number(env.count(EnvCheck::Status::Fail)),
                                             QString::number(env.count(EnvCheck::Status::Skipped)))),
            t};
}

QVector<Block> ReportCheckSections::topology(const Topology &topo, ReportDocument &doc)
{
    QVector<Block> blocks;
    blocks << ReportBlocks::paragraph(
        tr("Read from a %1 capture: %2 accelerator(s), %3 NIC(s).")
            .arg(topo.source, QString::number(topo.accelerators().size()), QString::number(topo.nics().size())));
    Figure f;
    f.kind = Figure::Kind::Topology;
    f.id = QStringLiteral("topology");
    f.caption = tr("Device topology map (same drawing as the Topology dock).");
    f.topology = topo;
    f.size = QSize(900, 600);
    blocks << ReportBlocks::figure(doc, std::move(f));
    Block m = ReportBlocks::table(tr("Link matrix"), {QString()});
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
    for (const LinkType &k : topo.linkTypes())
        legend << k.name() + QStringLiteral(": ") + k.description();
    if (!legend.isEmpty())
        blocks << ReportBlocks::list(legend);
    if (!topo.warnings.isEmpty())
        blocks << ReportBlocks::paragraph(tr("Capture warnings:")) << ReportBlocks::list(topo.warnings);
    return blocks;
}

Block ReportCheckSections::memory(const TrainingConfig &config)
{
    const MemoryEstimate mem = MemoryEstimator::estimate(config);
    if (!mem)
        return ReportBlocks::paragraph(tr("Memory estimate: %1").arg(mem.error));
    Block t = ReportBlocks::table(tr("Estimated memory per device (%1)").arg(mem.deviceName), {tr("Part"), tr("Size")});
    const auto add = [&](const QString &label, double bytes) {
        t.rows << QStringList{label, MemoryEstimator::formatBytes(bytes)};
    };
    add(tr("Parameters"), mem.parameters);
    add(tr("Gradients"), mem.gradients);
    add(tr("Optimizer states"), mem.optimizer);
    add(tr("Gathered parameters"), mem.gatheredParameters);
    add(tr("Activations"), mem.activations);
    add(tr("Logits"), mem.logits);
    add(tr("Margin"), mem.margin);
    add(tr("Total"), mem.total);
    add(tr("Device memory"), mem.deviceBytes);
    t.rowSeverity = QStringList(8, QString()) << (mem.fits() ? QStringLiteral("pass") : QStringLiteral("fail"));
    return t;
}

QVector<Block> ReportCheckSections::config(const TrainingConfig &config, const QString &path)
{
    QVector<Block> blocks;
    if (!path.isEmpty())
        blocks << ReportBlocks::paragraph(tr("From %1.").arg(path));
    const ConfigIssues issues = ConfigValidator::validate(config);
    if (issues.isEmpty()) {
        blocks << ReportBlocks::paragraph(tr("Validation: no issues."));
    } else {
        QStringList items;
        for (const ConfigIssue &i : issues)
            items << i.toString();
        blocks << ReportBlocks::verdict(ConfigValidator::hasErrors(issues) ? QStringLiteral("FAIL")
                                                                           : QStringLiteral("WARN"),
                                        tr("configuration validation"), items);
    }
    blocks << memory(config);
    Block summary = ReportBlocks::table(tr("Settings"), {tr("Field"), tr("Value")});
    flatten(TrainingConfigJson::toJson(config), QString(), summary.rows);
    blocks << summary;
    for (const ConfigArtifact &a : ConfigEmitter::emitAll(config))
        blocks << ReportBlocks::heading(tr("Emitted: %1").arg(a.fileName))
               << ReportBlocks::code(QString::fromUtf8(a.content));
    return blocks;
}

QVector<Block> ReportCheckSections::porting(const QJsonObject &port)
{
    QVector<Block> blocks;
    const QJsonObject s = port.value(QStringLiteral("summary")).toObject();
    const QJsonObject bySeverity = s.value(QStringLiteral("bySeverity")).toObject();
    QStringList sev;
    for (auto it = bySeverity.begin(); it != bySeverity.end(); ++it)
        sev << QStringLiteral("%1 %2").arg(it.value().toInt()).arg(it.key());
    blocks << ReportBlocks::paragraph(tr("%1 → %2 in %3: %4 file(s) scanned, %5 changed; %6.")
                                          .arg(port.value(QStringLiteral("source")).toString(),
                                               port.value(QStringLiteral("target")).toString(),
                                               port.value(QStringLiteral("root")).toString(),
                                               QString::number(s.value(QStringLiteral("files")).toInt()),
                                               QString::number(s.value(QStringLiteral("changedFiles")).toInt()),
                                               sev.isEmpty() ? tr("no findings") : sev.join(QStringLiteral(", "))));
    const QJsonObject byRule = s.value(QStringLiteral("byRule")).toObject();
    Block rules = ReportBlocks::table(tr("Findings by rule"), {tr("Rule"), tr("Findings")});
    for (auto it = byRule.begin(); it != byRule.end(); ++it)
        rules.rows << QStringList{it.key(), QString::number(it.value().toInt())};
    if (!rules.rows.isEmpty())
        blocks << rules;
    const QJsonArray findings = port.value(QStringLiteral("findings")).toArray();
    constexpr int shown = 200;
    Block t = ReportBlocks::table(
        findings.size() > shown ? tr("First %1 of %2 findings").arg(shown).arg(findings.size()) : tr("Findings"),
        {tr("File"), tr("Line"), tr("Rule"), tr("Severity"), tr("Message"), tr("Suggestion")});
    for (int i = 0; i < std::min<int>(shown, findings.size()); ++i) {
        const QJsonObject f = findings.at(i).toObject();
        const QString severity = f.value(QStringLiteral("severity")).toString();
        t.rows << QStringList{
            f.value(QStringLiteral("file")).toString(),    QString::number(f.value(QStringLiteral("line")).toInt()),
            f.value(QStringLiteral("rule")).toString(),    severity,
            f.value(QStringLiteral("message")).toString(), f.value(QStringLiteral("suggestion")).toString()};
        t.rowSeverity << (severity == QLatin1String("unsupported")  ? QStringLiteral("fail")
                              : severity == QLatin1String("manual") ? QStringLiteral("warn")
                                                                    : QString());
    }
    if (!t.rows.isEmpty())
        blocks << t;
    return blocks;
}

Block ReportCheckSections::tensorsVerdict(const QJsonObject &report, bool withReasons)
{
    QStringList reasons;
    if (withReasons && !report.value(QStringLiteral("first_failing")).isNull())
        reasons << tr("first failing tensor: %1").arg(report.value(QStringLiteral("first_failing")).toString());
    const int onlyBaseline = int(report.value(QStringLiteral("only_in_baseline")).toArray().size());
    const int onlyCandidate = int(report.value(QStringLiteral("only_in_candidate")).toArray().size());
    if (withReasons && onlyBaseline > 0)
        reasons << tr("%n tensor(s) only in the baseline", nullptr, onlyBaseline);
    if (withReasons && onlyCandidate > 0)
        reasons << tr("%n tensor(s) only in the candidate", nullptr, onlyCandidate);
    const QString subject = tr("tensor comparison: %1 of %2 tensors failed")
                                .arg(QString::number(report.value(QStringLiteral("failed")).toInt()),
                                     QString::number(report.value(QStringLiteral("compared")).toInt()));
    return ReportBlocks::verdict(report.value(QStringLiteral("verdict")).toString().toUpper(),
                                 withReasons ? subject
                                         + QStringLiteral(" (%1 / %2)")
                                               .arg(report.value(QStringLiteral("baseline")).toString(),
                                                    report.value(QStringLiteral("candidate")).toString())
                                             : subject,
                                 reasons);
}

QVector<Block> ReportCheckSections::tensors(const QJsonObject &report)
{
    Block t = ReportBlocks::table(QString(),
                                  {tr("Tensor"), tr("Shape"), tr("Dtype"), tr("Cosine"), tr("Max abs error"),
                                   tr("Max rel error"), tr("Verdict"), tr("Reason")});
    for (const QJsonValue &v : report.value(QStringLiteral("tensors")).toArray()) {
        const QJsonObject r = v.toObject();
        const QString shape = jsonText(r.value(QStringLiteral("baseline_shape")));
        const QString dtype = r.value(QStringLiteral("baseline_dtype")).toString();
        const QString cshape = jsonText(r.value(QStringLiteral("candidate_shape")));
        const QString cdtype = r.value(QStringLiteral("candidate_dtype")).toString();
        t.rows << QStringList{r.value(QStringLiteral("name")).toString(),
                              shape == cshape ? shape : shape + QStringLiteral(" / ") + cshape,
                              dtype == cdtype ? dtype : dtype + QStringLiteral(" / ") + cdtype,
                              jsonText(r.value(QStringLiteral("cosine"))),
                              jsonText(r.value(QStringLiteral("max_abs_error"))),
                              jsonText(r.value(QStringLiteral("max_rel_error"))),
                              ReportWords::verdict(r.value(QStringLiteral("verdict")).toString().toUpper()),
                              r.value(QStringLiteral("reason")).toString()};
        t.rowSeverity << (r.value(QStringLiteral("verdict")).toString() == QLatin1String("fail")
                              ? QStringLiteral("fail")
                              : QString());
    }
    return {tensorsVerdict(report, true), t};
}

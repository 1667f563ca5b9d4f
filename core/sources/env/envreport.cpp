// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "envreport.h"

#include <QJsonArray>

int EnvReport::count(EnvCheck::Status status) const
{
    return int(std::count_if(checks.begin(), checks.end(), [status](const EnvCheck &c) { return c.status == status; }));
}

QJsonObject EnvReport::toJson() const
{
    QJsonArray rows;
    for (const EnvCheck &c : checks)
        rows.append(c.toJson());
    QJsonArray devices;
    for (const BackendProbe &b : backends) {
        QJsonObject o = b.inventory.toJson();
        o[QStringLiteral("backend")] = b.backendId;
        o[QStringLiteral("toolFound")] = b.toolFound;
        QJsonObject versions;
        for (auto it = b.versions.begin(); it != b.versions.end(); ++it)
            versions[it.key()] = it.value();
        o[QStringLiteral("versions")] = versions;
        devices.append(o);
    }
    QJsonObject summary;
    for (EnvCheck::Status s :
         {EnvCheck::Status::Ok, EnvCheck::Status::Warn, EnvCheck::Status::Fail, EnvCheck::Status::Skipped})
        summary[EnvCheck::statusName(s)] = count(s);
    return {{QStringLiteral("host"), host},
            {QStringLiteral("backend"), backend},
            {QStringLiteral("generated"), generated.toString(Qt::ISODate)},
            {QStringLiteral("summary"), summary},
            {QStringLiteral("checks"), rows},
            {QStringLiteral("backends"), devices},
            {QStringLiteral("python"), python.toJson()},
            {QStringLiteral("hostFacts"), hostFacts.toJson()}};
}

QString EnvReport::fromJson(const QJsonObject &json, EnvReport *report)
{
    if (!json.value(QStringLiteral("checks")).isArray())
        return QStringLiteral("no \"checks\" array: not the output of `portbench-cli env --json`");
    EnvReport r;
    r.host = json.value(QStringLiteral("host")).toString();
    r.backend = json.value(QStringLiteral("backend")).toString();
    r.generated = QDateTime::fromString(json.value(QStringLiteral("generated")).toString(), Qt::ISODate);
    const QJsonArray checks = json.value(QStringLiteral("checks")).toArray();
    for (int i = 0; i < checks.size(); ++i) {
        const QJsonObject o = checks.at(i).toObject();
        EnvCheck c;
        if (!EnvCheck::statusFromName(o.value(QStringLiteral("status")).toString(), &c.status))
            return QStringLiteral("checks[%1].status: unknown status \"%2\"")
                .arg(i)
                .arg(o.value(QStringLiteral("status")).toString());
        c.id = o.value(QStringLiteral("id")).toString();
        c.title = o.value(QStringLiteral("title")).toString();
        c.found = o.value(QStringLiteral("found")).toString();
        c.expected = o.value(QStringLiteral("expected")).toString();
        c.fix = o.value(QStringLiteral("fix")).toString();
        r.checks.append(c);
    }
    *report = r;
    return QString();
}

QString EnvReport::toMarkdown() const
{
    auto cell = [](QString s) -> QString {
        return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
    };
    QString md = QStringLiteral("## PortBench environment: %1\n\n%2 — %3 ok, %4 warn, %5 fail, %6 skipped\n\n"
                                "| Status | Check | Found | Expected | Fix |\n|---|---|---|---|---|\n")
                     .arg(cell(host), generated.toString(Qt::ISODate))
                     .arg(count(EnvCheck::Status::Ok))
                     .arg(count(EnvCheck::Status::Warn))
                     .arg(count(EnvCheck::Status::Fail))
                     .arg(count(EnvCheck::Status::Skipped));
    for (const EnvCheck &c : checks)
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                  .arg(EnvCheck::statusName(c.status).toUpper(), cell(c.title), cell(c.found), cell(c.expected),
                       cell(c.fix));
    return md;
}

QString EnvReport::toText() const
{
    QString text = QStringLiteral("Environment of %1 (backend %2)\n").arg(host, backend);
    int width = 0;
    for (const EnvCheck &c : checks)
        width = std::max(width, int(c.title.size()));
    for (const EnvCheck &c : checks) {
        text += QStringLiteral("[%1] %2  %3")
                    .arg(EnvCheck::statusName(c.status).toUpper().leftJustified(7), c.title.leftJustified(width),
                         c.found);
        if (c.status == EnvCheck::Status::Warn || c.status == EnvCheck::Status::Fail) {
            if (!c.expected.isEmpty())
                text += QStringLiteral("\n          expected: %1").arg(c.expected);
            if (!c.fix.isEmpty())
                text += QStringLiteral("\n          fix: %1").arg(c.fix);
        } else if (c.status == EnvCheck::Status::Skipped && !c.fix.isEmpty())
            text += QStringLiteral("  (%1)").arg(c.fix);
        text += QLatin1Char('\n');
    }
    text += QStringLiteral("%1 ok, %2 warn, %3 fail, %4 skipped\n")
                .arg(count(EnvCheck::Status::Ok))
                .arg(count(EnvCheck::Status::Warn))
                .arg(count(EnvCheck::Status::Fail))
                .arg(count(EnvCheck::Status::Skipped));
    return text;
}

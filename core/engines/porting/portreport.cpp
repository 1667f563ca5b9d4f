// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portreport.h"

#include "core/base/io/csvtext.h"
#include "core/base/io/safefilewriter.h"

#include "core/engines/porting/textdiff.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

QStringList PortReport::csvColumns()
{
    return {QStringLiteral("File"),     QStringLiteral("Line"),    QStringLiteral("Column"),    QStringLiteral("Rule"),
            QStringLiteral("Severity"), QStringLiteral("Message"), QStringLiteral("Suggestion")};
}

QByteArray PortReport::toCsv(const Port::Result &result)
{
    QByteArray out;
    CsvText::appendRow(out, csvColumns());
    for (const Port::Finding &f : result.findings())
        CsvText::appendRow(out,
                           {f.file, QString::number(f.line), QString::number(f.column), f.ruleId,
                            Port::severityName(f.severity), f.message, f.suggestion});
    return out;
}

QJsonObject PortReport::summary(const Port::Result &result)
{
    QJsonObject bySeverity;
    for (Port::Severity s : {Port::Severity::AutoFix, Port::Severity::Manual, Port::Severity::Unsupported})
        bySeverity[Port::severityName(s)] = result.count(s);
    QMap<QString, int> rules;
    for (const Port::Finding &f : result.findings())
        ++rules[f.ruleId];
    QJsonObject byRule;
    for (auto it = rules.cbegin(); it != rules.cend(); ++it)
        byRule[it.key()] = it.value();
    int changed = 0;
    for (const Port::FileResult &f : result.files)
        changed += f.changed() ? 1 : 0;
    return {{QStringLiteral("bySeverity"), bySeverity},
            {QStringLiteral("byRule"), byRule},
            {QStringLiteral("files"), int(result.files.size())},
            {QStringLiteral("changedFiles"), changed},
            {QStringLiteral("errors"), int(result.errors.size())},
            {QStringLiteral("needsHuman"), result.needsHuman()}};
}

QJsonObject PortReport::toJson(const Port::Result &result)
{
    QJsonArray findings;
    for (const Port::Finding &f : result.findings()) {
        findings.append(QJsonObject{{QStringLiteral("file"), f.file},
                                    {QStringLiteral("line"), f.line},
                                    {QStringLiteral("column"), f.column},
                                    {QStringLiteral("rule"), f.ruleId},
                                    {QStringLiteral("severity"), Port::severityName(f.severity)},
                                    {QStringLiteral("message"), f.message},
                                    {QStringLiteral("suggestion"), f.suggestion}});
    }
    return {{QStringLiteral("root"), result.root},        {QStringLiteral("source"), result.source},
            {QStringLiteral("target"), result.target},    {QStringLiteral("canceled"), result.canceled},
            {QStringLiteral("summary"), summary(result)}, {QStringLiteral("findings"), findings}};
}

QString PortReport::summaryText(const Port::Result &result)
{
    const QJsonObject s = summary(result);
    // Translated for the GUI's summary line; the CLI installs no catalog, so its output stays English.
    QString out = QCoreApplication::translate(
                      "PortReport", "%1 → %2: %3 file(s) scanned, %4 changed; %5 auto-fix, %6 manual, %7 unsupported")
                      .arg(result.source, result.target)
                      .arg(s.value(QStringLiteral("files")).toInt())
                      .arg(s.value(QStringLiteral("changedFiles")).toInt())
                      .arg(result.count(Port::Severity::AutoFix))
                      .arg(result.count(Port::Severity::Manual))
                      .arg(result.count(Port::Severity::Unsupported));
    if (!result.errors.isEmpty())
        out += QCoreApplication::translate("PortReport", ", %1 unreadable").arg(result.errors.size());
    if (result.canceled)
        out += QCoreApplication::translate("PortReport", " (canceled)");
    out += QLatin1Char('\n');
    const QJsonObject byRule = s.value(QStringLiteral("byRule")).toObject();
    for (auto it = byRule.constBegin(); it != byRule.constEnd(); ++it)
        out += QStringLiteral("  %1 %2\n").arg(it.value().toInt(), 5).arg(it.key());
    return out;
}

QString PortReport::diff(const Port::Result &result)
{
    QString out;
    for (const Port::FileResult &f : result.files) {
        if (f.changed())
            out += TextDiff::unified(f.original, f.ported, QStringLiteral("a/") + f.path,
                                     QStringLiteral("b/") + f.path);
    }
    return out;
}

bool PortReport::write(const Port::Result &result, const QString &path, QString *error)
{
    const QByteArray bytes = path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
        ? toCsv(result)
        : QJsonDocument(toJson(result)).toJson(QJsonDocument::Indented);
    *error = SafeFileWriter::writeFile(path, bytes);
    return error->isEmpty();
}

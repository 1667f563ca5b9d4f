// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/engines/porting/portruleset.h"

#include "core/sources/plugins/devicebackend.h"
#include "core/sources/plugins/pluginmanager.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace {

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    if (value.isString())
        list << value.toString();
    for (const QJsonValue &v : value.toArray())
        list << v.toString();
    return list;
}

bool parseRule(const QJsonObject &o, PortRuleSet::Rule *rule, QString *error)
{
    static const QStringList kinds
        = {QStringLiteral("dotted"), QStringLiteral("attribute"), QStringLiteral("string"), QStringLiteral("file")};
    rule->id = o.value(QStringLiteral("id")).toString();
    if (rule->id.isEmpty()) {
        *error = QStringLiteral("field 'id' is missing");
        return false;
    }
    const int kind = int(kinds.indexOf(o.value(QStringLiteral("kind")).toString()));
    if (kind < 0) {
        *error = QStringLiteral("field 'kind' must be one of %1").arg(kinds.join(QLatin1String(", ")));
        return false;
    }
    rule->kind = PortRuleSet::Kind(kind);
    if (!Port::severityFromName(o.value(QStringLiteral("severity")).toString(), &rule->severity)) {
        *error = QStringLiteral("field 'severity' must be auto-fix, manual or unsupported");
        return false;
    }
    rule->message = o.value(QStringLiteral("message")).toString();
    rule->replace = o.value(QStringLiteral("replace")).toString();
    rule->suggest = o.value(QStringLiteral("suggest")).toString();
    rule->members = stringList(o.value(QStringLiteral("members")));
    rule->anchored = o.value(QStringLiteral("anchored")).toBool(true);
    rule->importsOnly = o.value(QStringLiteral("importsOnly")).toBool(false);
    rule->prependArg = o.value(QStringLiteral("prependArg")).toString();
    rule->call = o.value(QStringLiteral("call")).toBool(false);
    rule->firstArgNumber = o.value(QStringLiteral("firstArg")).toString() == QLatin1String("number");
    rule->skipComparisons = o.value(QStringLiteral("skipComparisons")).toBool(false);
    rule->comparisonsOnly = o.value(QStringLiteral("comparisonsOnly")).toBool(false);
    rule->globs = stringList(o.value(QStringLiteral("glob")));
    const QString match = o.value(QStringLiteral("match")).toString();
    if (rule->kind == PortRuleSet::Kind::Dotted || rule->kind == PortRuleSet::Kind::Attribute) {
        rule->match = match.split(QLatin1Char('.'));
        if (match.isEmpty() || rule->match.contains(QString())) {
            *error = QStringLiteral("field 'match' must be a dotted name");
            return false;
        }
    }
    if (rule->kind == PortRuleSet::Kind::String) {
        rule->pattern.setPattern(o.value(QStringLiteral("pattern")).toString());
        if (rule->pattern.pattern().isEmpty() || !rule->pattern.isValid()) {
            *error = QStringLiteral("field 'pattern' is not a valid regular expression: %1")
                         .arg(rule->pattern.errorString());
            return false;
        }
    }
    if (rule->kind == PortRuleSet::Kind::File && rule->globs.isEmpty()) {
        *error = QStringLiteral("field 'glob' is missing");
        return false;
    }
    if (rule->severity == Port::Severity::AutoFix && rule->kind != PortRuleSet::Kind::File
        && !o.contains(QStringLiteral("replace"))) {
        *error = QStringLiteral("an auto-fix rule needs field 'replace'");
        return false;
    }
    return true;
}

int lineOfOffset(const QByteArray &json, int offset)
{
    return int(json.left(offset).count('\n')) + 1;
}

} // namespace

PortRuleSet PortRuleSet::fromJson(const QByteArray &json, const QString &source, const QString &target,
                                  const QString &origin)
{
    PortRuleSet set;
    set.source = source;
    set.target = target;
    const QString where = origin.isEmpty() ? QStringLiteral("porting rules") : origin;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        set.error = QStringLiteral("%1:%2: %3")
                        .arg(where)
                        .arg(lineOfOffset(json, parseError.offset))
                        .arg(parseError.errorString());
        return set;
    }
    const QJsonArray rulesets = doc.object().value(QStringLiteral("rulesets")).toArray();
    for (qsizetype i = 0; i < rulesets.size(); ++i) {
        const QJsonObject rs = rulesets.at(i).toObject();
        if (rs.value(QStringLiteral("source")).toString() != source
            || rs.value(QStringLiteral("target")).toString() != target)
            continue;
        set.entryImport = rs.value(QStringLiteral("entryImport")).toString();
        set.transferImport = rs.value(QStringLiteral("transferImport")).toString();
        set.dropImports = stringList(rs.value(QStringLiteral("dropImports")));
        set.extensionNames = stringList(rs.value(QStringLiteral("extensionNames")));
        const QJsonArray rules = rs.value(QStringLiteral("rules")).toArray();
        for (qsizetype r = 0; r < rules.size(); ++r) {
            Rule rule;
            QString error;
            if (!parseRule(rules.at(r).toObject(), &rule, &error)) {
                set.error = QStringLiteral("%1: rulesets[%2].rules[%3] (%4): %5")
                                .arg(where)
                                .arg(i)
                                .arg(r)
                                .arg(rules.at(r).toObject().value(QStringLiteral("id")).toString(), error);
                return set;
            }
            set.rules.append(rule);
        }
        // Longest dotted match first, and a member-restricted rule before the catch-all for the
        // same name, so `torch.cuda.CUDAGraph` beats `torch.cuda` and known members beat unknown.
        std::stable_sort(set.rules.begin(), set.rules.end(), [](const Rule &a, const Rule &b) {
            if (a.match.size() != b.match.size())
                return a.match.size() > b.match.size();
            return !a.members.isEmpty() && b.members.isEmpty();
        });
        return set;
    }
    set.error = QStringLiteral("%1: no ruleset for porting %2 to %3").arg(where, source, target);
    return set;
}

QStringList PortRuleSet::targets(const PluginManager &plugins)
{
    QStringList ids;
    for (const LoadedBackend &b : plugins.backends()) {
        const QString id = b.backend->info().id;
        if (id != QLatin1String("cuda"))
            ids << id;
    }
    return ids;
}

PortRuleSet PortRuleSet::fromBackends(const PluginManager &plugins, const QString &target, bool reverse)
{
    const QString pluginId = reverse ? QStringLiteral("cuda") : target;
    DeviceBackend *backend = plugins.backend(pluginId);
    if (!backend) {
        PortRuleSet set;
        set.error = QStringLiteral("the '%1' backend plugin is not loaded (see 'portbench-cli plugins')").arg(pluginId);
        return set;
    }
    const QString origin = QStringLiteral("porting rules of the %1 plugin").arg(pluginId);
    PortRuleSet set = reverse ? fromJson(backend->portingRules(), target, QStringLiteral("cuda"), origin)
                              : fromJson(backend->portingRules(), QStringLiteral("cuda"), target, origin);
    // The module that registers the device is the backend's knowledge (BackendInfo), not the rules'.
    const BackendInfo info = backend->info();
    set.extension = info.torchExtension;
    set.device = info.torchDevice;
    set.collective = info.collectiveLibrary;
    if (set.entryImport.isEmpty() && !set.extension.isEmpty())
        set.entryImport = QStringLiteral("import ") + set.extension;
    return set;
}

bool PortRuleSet::namesSourceDevice(const QString &literal) const
{
    return std::any_of(rules.cbegin(), rules.cend(), [&](const Rule &r) {
        return r.kind == Kind::String && r.comparisonsOnly && r.pattern.match(literal).hasMatch();
    });
}

bool PortRuleSet::rewritesLiteral(const QString &literal) const
{
    return std::any_of(rules.cbegin(), rules.cend(), [&](const Rule &r) {
        return r.kind == Kind::String && r.severity == Port::Severity::AutoFix && !r.comparisonsOnly
            && r.pattern.match(literal).hasMatch();
    });
}

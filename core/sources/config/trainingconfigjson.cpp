// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "trainingconfigjson.h"

#include "configschema.h"
#include "core/base/io/jsoninput.h"
#include "jsonfieldreader.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace {

/// Sets `value` at a dotted path, creating the objects on the way.
void insertAt(QJsonObject &object, QStringView path, const QJsonValue &value)
{
    const qsizetype dot = path.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        object[path.toString()] = value;
        return;
    }
    const QString key = path.left(dot).toString();
    QJsonObject child = object.value(key).toObject();
    insertAt(child, path.mid(dot + 1), value);
    object[key] = child;
}

/// The objects of a config file by dotted prefix, each checked to be an object once.
class ObjectTree
{
public:
    ObjectTree(const QJsonObject &root, JsonFieldReader &reader)
        : m_reader(reader)
    {
        m_objects.insert(QString(), root);
    }

    QJsonObject at(const QString &prefix)
    {
        const auto found = m_objects.constFind(prefix);
        if (found != m_objects.cend())
            return *found;
        const qsizetype dot = prefix.lastIndexOf(QLatin1Char('.'));
        const QString parent = dot < 0 ? QString() : prefix.left(dot);
        const QJsonObject o = m_reader.object(at(parent), parent, prefix.mid(dot + 1).toUtf8().constData());
        m_objects.insert(prefix, o);
        return o;
    }

private:
    JsonFieldReader &m_reader;
    QHash<QString, QJsonObject> m_objects;
};

QString prefixOf(const QString &path)
{
    const qsizetype dot = path.lastIndexOf(QLatin1Char('.'));
    return dot < 0 ? QString() : path.left(dot);
}

} // namespace

QJsonObject TrainingConfigJson::toJson(const TrainingConfig &c)
{
    QJsonObject root;
    root[QStringLiteral("version")] = TrainingConfig::currentVersion;
    for (const ConfigSchemaField &f : ConfigSchemaField::all())
        insertAt(root, f.path, f.value(c));
    // The lists and the passthrough objects are not scalars of the schema.
    insertAt(root, u"launch.extraArgs", QJsonArray::fromStringList(c.launcherExtraArgs));
    QJsonArray vars;
    for (const auto &kv : c.env)
        vars.append(QJsonObject{{QStringLiteral("name"), kv.first}, {QStringLiteral("value"), kv.second}});
    insertAt(root, u"environment.variables", vars);
    QJsonArray args;
    for (const TrainerArg &a : c.trainerArgs)
        args.append(QJsonObject{{QStringLiteral("flag"), a.flag},
                                {QStringLiteral("raw"), a.raw},
                                {QStringLiteral("equals"), a.equals},
                                {QStringLiteral("hasValue"), a.hasValue}});
    root[QStringLiteral("passthrough")] = QJsonObject{{QStringLiteral("trainerArgs"), args},
                                                      {QStringLiteral("deepspeed"), c.deepspeedExtra},
                                                      {QStringLiteral("accelerate"), c.accelerateExtra}};
    return root;
}

QByteArray TrainingConfigJson::write(const TrainingConfig &config)
{
    return QJsonDocument(toJson(config)).toJson(QJsonDocument::Indented);
}

ConfigParseResult TrainingConfigJson::fromJson(const QJsonObject &root)
{
    ConfigParseResult result;
    TrainingConfig &c = result.config;
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) || version.toDouble() < 1) {
        result.error = QStringLiteral("version: expected a whole number ≥ 1 (is this a PortBench training config?)");
        return result;
    }
    if (version.toInt() > TrainingConfig::currentVersion) {
        result.error = QStringLiteral("version: this file is version %1, written by a newer PortBench; this one reads "
                                      "up to version %2")
                           .arg(version.toInt())
                           .arg(TrainingConfig::currentVersion);
        return result;
    }
    JsonFieldReader r;
    ObjectTree objects(root, r);
    for (const ConfigSchemaField &f : ConfigSchemaField::all())
        f.read(objects.at(prefixOf(f.path)), c, r);

    const QJsonValue extra = objects.at(QStringLiteral("launch")).value(QStringLiteral("extraArgs"));
    if (extra.isArray()) {
        for (const QJsonValue &v : extra.toArray()) {
            if (!v.isString())
                r.fail(QStringLiteral("launch.extraArgs"), QStringLiteral("an array of strings"));
            c.launcherExtraArgs << v.toString();
        }
    } else if (!extra.isUndefined()) {
        r.fail(QStringLiteral("launch.extraArgs"), QStringLiteral("an array of strings"));
    }
    const QJsonArray vars = objects.at(QStringLiteral("environment")).value(QStringLiteral("variables")).toArray();
    for (int i = 0; i < vars.size(); ++i) {
        const QJsonObject v = vars.at(i).toObject();
        const QString name = v.value(QStringLiteral("name")).toString();
        if (name.isEmpty() || !v.value(QStringLiteral("value")).isString())
            r.fail(QStringLiteral("environment.variables[%1]").arg(i), QStringLiteral("{\"name\": …, \"value\": …}"));
        c.env.append({name, v.value(QStringLiteral("value")).toString()});
    }

    const QJsonObject pass = r.object(root, {}, "passthrough");
    const QJsonArray args = pass.value(QStringLiteral("trainerArgs")).toArray();
    for (int i = 0; i < args.size(); ++i) {
        const QJsonObject a = args.at(i).toObject();
        TrainerArg arg;
        arg.flag = a.value(QStringLiteral("flag")).toString();
        arg.raw = a.value(QStringLiteral("raw")).toString();
        arg.equals = a.value(QStringLiteral("equals")).toBool();
        arg.hasValue = a.value(QStringLiteral("hasValue")).toBool(true);
        if (arg.flag.isEmpty() && arg.raw.isEmpty())
            r.fail(QStringLiteral("passthrough.trainerArgs[%1].flag").arg(i), QStringLiteral("a flag name"));
        c.trainerArgs.append(arg);
    }
    c.deepspeedExtra = r.object(pass, QStringLiteral("passthrough"), "deepspeed");
    c.accelerateExtra = r.object(pass, QStringLiteral("passthrough"), "accelerate");
    result.error = r.error;
    return result;
}

ConfigParseResult TrainingConfigJson::read(const QByteArray &bytes)
{
    QString error;
    const QJsonDocument doc = JsonInput::parse(bytes, &error);
    if (!error.isEmpty()) {
        ConfigParseResult r;
        r.error = error;
        return r;
    }
    if (!doc.isObject()) {
        ConfigParseResult r;
        r.error = QStringLiteral("expected a JSON object");
        return r;
    }
    return fromJson(doc.object());
}

bool TrainingConfigJson::sniff(const QByteArray &bytes)
{
    const QJsonDocument doc = JsonInput::parse(bytes);
    return doc.isObject() && doc.object().contains(QStringLiteral("version"))
        && doc.object().contains(QStringLiteral("launch"));
}

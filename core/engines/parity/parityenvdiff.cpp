// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "parityenvdiff.h"

#include "core/base/io/jsoninput.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

namespace {

const QString absent = QStringLiteral("(absent)");

void flatten(const QString &prefix, const QJsonValue &value, QMap<QString, QString> &out)
{
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            flatten(prefix + QLatin1Char('.') + it.key(), it.value(), out);
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (int i = 0; i < a.size(); ++i)
            flatten(prefix + QLatin1Char('.') + QString::number(i), a.at(i), out);
    } else if (!value.isNull() && !value.isUndefined()) {
        out.insert(prefix, value.toVariant().toString());
    }
}

/// The facts of one `env --json`: what a port's behaviour may depend on, not when it was taken.
QMap<QString, QString> facts(const QJsonObject &env)
{
    QMap<QString, QString> out;
    out.insert(QStringLiteral("backend"), env.value(QStringLiteral("backend")).toString());
    flatten(QStringLiteral("python"), env.value(QStringLiteral("python")), out);
    out.remove(QStringLiteral("python.executable")); // a path, different on every machine
    flatten(QStringLiteral("hostFacts"), env.value(QStringLiteral("hostFacts")), out);
    // The devices each backend's tool listed, numbered across backends so that a CUDA host's GPU 0
    // and an NPU host's NPU 0 face each other: what they are and how much memory they have (the
    // memory in use is a moment's, not a fact).
    int device = 0;
    for (const QJsonValue &b : env.value(QStringLiteral("backends")).toArray()) {
        for (const QJsonValue &d : b.toObject().value(QStringLiteral("devices")).toArray()) {
            const QJsonObject o = d.toObject();
            const QString key = QStringLiteral("devices.%1.").arg(device++);
            out.insert(key + QStringLiteral("name"), o.value(QStringLiteral("name")).toString());
            if (o.contains(QStringLiteral("memoryTotalMiB")))
                out.insert(key + QStringLiteral("memoryTotalMiB"),
                           o.value(QStringLiteral("memoryTotalMiB")).toVariant().toString());
        }
    }
    if (device > 0)
        out.insert(QStringLiteral("devices.count"), QString::number(device));
    // Checks by id: what was found, not the verdict wording.
    for (const QJsonValue &c : env.value(QStringLiteral("checks")).toArray()) {
        const QJsonObject o = c.toObject();
        const QString id = o.value(QStringLiteral("id")).toString();
        if (!id.isEmpty())
            out.insert(QStringLiteral("checks.") + id, o.value(QStringLiteral("found")).toString());
    }
    return out;
}

} // namespace

QJsonObject ParityEnvDiff::read(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return {};
    }
    QString parseError;
    const QJsonDocument doc = JsonInput::parse(f.readAll(), &parseError);
    if (!parseError.isEmpty()) {
        *error = QStringLiteral("%1: not JSON: %2").arg(path, parseError);
        return {};
    }
    if (!doc.object().value(QStringLiteral("checks")).isArray()) {
        *error = QStringLiteral("%1: no \"checks\" array: not the output of `portbench-cli env --json`").arg(path);
        return {};
    }
    return doc.object();
}

QVector<ParityEnvDiff::Row> ParityEnvDiff::compare(const QJsonObject &baseline, const QJsonObject &candidate, int *same)
{
    const QMap<QString, QString> a = facts(baseline), b = facts(candidate);
    QStringList keys = a.keys() + b.keys();
    keys.removeDuplicates();
    keys.sort();
    QVector<Row> rows;
    int equal = 0;
    for (const QString &key : keys) {
        const QString x = a.value(key, absent), y = b.value(key, absent);
        if (x == y)
            ++equal;
        else
            rows.append({key, x, y});
    }
    if (same)
        *same = equal;
    return rows;
}

QJsonObject ParityEnvDiff::toJson(const QVector<Row> &rows, int same, const QString &baselinePath,
                                  const QString &candidatePath)
{
    QJsonArray differences;
    for (const Row &r : rows)
        differences.append(QJsonObject{{QStringLiteral("key"), r.key},
                                       {QStringLiteral("baseline"), r.baseline},
                                       {QStringLiteral("candidate"), r.candidate}});
    return {{QStringLiteral("baseline"), baselinePath},
            {QStringLiteral("candidate"), candidatePath},
            {QStringLiteral("same"), same},
            {QStringLiteral("differences"), differences}};
}

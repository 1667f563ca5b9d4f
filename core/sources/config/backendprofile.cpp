// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "backendprofile.h"

#include "trainingconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray())
        out << s.toString();
    return out;
}

} // namespace

bool BackendConfigRule::appliesTo(const TrainingConfig &c) const
{
    const ZeroSettings &z = c.zero;
    if (zeroStage >= 0 && (!z.enabled || z.stage != zeroStage))
        return false;
    if (zeroOffload >= 0) {
        const bool offload
            = z.enabled && (z.offloadOptimizer != QLatin1String("none") || z.offloadParam != QLatin1String("none"));
        if (offload != (zeroOffload == 1))
            return false;
    }
    return true;
}

BackendProfile BackendProfile::fromJson(const BackendInfo &info, const QByteArray &json, QString *error)
{
    BackendProfile p;
    p.info = info;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("backend profile of '%1': %2").arg(info.id, parseError.errorString());
        return p;
    }
    const QJsonObject o = doc.object();
    const QString format = o.value(QStringLiteral("format")).toString();
    if (format != QLatin1String("portbench-backend-profile/1")) {
        // Another format's fields could mean something else: use none of them.
        if (error)
            *error = QStringLiteral("backend profile of '%1': format \"%2\" is not portbench-backend-profile/1")
                         .arg(info.id, format);
        return p;
    }
    p.environmentSetup = strings(o.value(QStringLiteral("environmentSetup")));
    for (const QJsonValue &v : o.value(QStringLiteral("environment")).toArray()) {
        if (v.isString())
            p.environment.append({v.toString(), false});
        else
            p.environment.append({v[QStringLiteral("line")].toString(),
                                  v[QStringLiteral("when")].toString() == QLatin1String("deterministic")});
    }
    for (const QJsonValue &v : o.value(QStringLiteral("devicePresets")).toArray())
        p.devicePresets.append({v[QStringLiteral("id")].toString(), v[QStringLiteral("name")].toString(), info.id,
                                v[QStringLiteral("memoryGiB")].toDouble(), v[QStringLiteral("bf16")].toBool(true)});
    p.defaultDevicePreset = o.value(QStringLiteral("defaultDevicePreset"))
                                .toString(p.devicePresets.isEmpty() ? QString() : p.devicePresets.first().id);
    p.slurmGres = o.value(QStringLiteral("slurmGres")).toString(p.slurmGres);
    p.accelerateDistributedType
        = o.value(QStringLiteral("accelerateDistributedType")).toString(p.accelerateDistributedType);
    p.launchMarkers = strings(o.value(QStringLiteral("launchMarkers")));
    for (const QJsonValue &v : o.value(QStringLiteral("configRules")).toArray()) {
        BackendConfigRule r;
        r.field = v[QStringLiteral("field")].toString();
        r.error = v[QStringLiteral("severity")].toString() == QLatin1String("error");
        r.message = v[QStringLiteral("message")].toString();
        const QJsonObject when = v[QStringLiteral("when")].toObject();
        for (auto it = when.begin(); it != when.end(); ++it) {
            if (it.key() == QLatin1String("zero.stage")) {
                r.zeroStage = it.value().toInt(-1);
            } else if (it.key() == QLatin1String("zero.offload")) {
                r.zeroOffload = it.value().toBool() ? 1 : 0;
            } else {
                // A condition this PortBench cannot test would make the rule fire everywhere.
                if (error)
                    *error = QStringLiteral("backend profile of '%1': rule on %2 has an unknown condition \"%3\"")
                                 .arg(info.id, r.field, it.key());
                return p;
            }
        }
        p.rules.append(r);
    }
    return p;
}

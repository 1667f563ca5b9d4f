// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "pythonenvironment.h"

#include "core/base/io/jsoninput.h"

#include <QJsonDocument>

PythonEnvironment PythonEnvironment::fromJson(const QByteArray &json, const QString &interpreter)
{
    PythonEnvironment env;
    env.interpreter = interpreter;
    // Imports may print banners to stdout before our JSON; the JSON is the last line.
    const QByteArray last = json.trimmed().split('\n').last();
    QString err;
    const QJsonDocument doc = JsonInput::parse(last, &err);
    if (!doc.isObject()) {
        env.error = QStringLiteral("unexpected probe output (%1): %2").arg(err, QString::fromUtf8(last.left(200)));
        return env;
    }
    const QJsonObject o = doc.object();
    env.executable = o.value(QStringLiteral("executable")).toString();
    env.version = o.value(QStringLiteral("python")).toString();
    env.torchCuda = o.value(QStringLiteral("torch_cuda")).toString();
    env.torchNccl = o.value(QStringLiteral("torch_nccl")).toString();
    const QJsonObject mods = o.value(QStringLiteral("modules")).toObject();
    for (auto it = mods.begin(); it != mods.end(); ++it) {
        const QJsonObject m = it.value().toObject();
        if (m.value(QStringLiteral("ok")).toBool())
            env.modules.insert(it.key(), m.value(QStringLiteral("version")).toString());
        else
            env.importErrors.insert(it.key(), m.value(QStringLiteral("error")).toString());
    }
    return env;
}

QJsonObject PythonEnvironment::toJson() const
{
    QJsonObject mods;
    for (auto it = modules.begin(); it != modules.end(); ++it)
        mods[it.key()] = it.value();
    QJsonObject errors;
    for (auto it = importErrors.begin(); it != importErrors.end(); ++it)
        errors[it.key()] = it.value();
    return {{QStringLiteral("interpreter"), interpreter}, {QStringLiteral("executable"), executable},
            {QStringLiteral("version"), version},         {QStringLiteral("modules"), mods},
            {QStringLiteral("importErrors"), errors},     {QStringLiteral("torchCuda"), torchCuda},
            {QStringLiteral("torchNccl"), torchNccl},     {QStringLiteral("error"), error}};
}

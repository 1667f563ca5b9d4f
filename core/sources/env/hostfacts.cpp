// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "hostfacts.h"

HostFacts HostFacts::parse(const QByteArray &output)
{
    HostFacts facts;
    bool inEnv = false;
    for (const QByteArray &raw : output.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line == QLatin1String("__ENV__")) {
            inEnv = true;
            continue;
        }
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0)
            continue; // continuation of a multi-line environment value
        (inEnv ? facts.environment : facts.values).insert(line.left(eq), line.mid(eq + 1));
    }
    return facts;
}

QJsonObject HostFacts::toJson() const
{
    QJsonObject o;
    for (auto it = values.begin(); it != values.end(); ++it)
        o[it.key()] = it.value();
    return o;
}

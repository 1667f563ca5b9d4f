// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "deviceinventory.h"

#include <QJsonArray>
#include <QMap>

QString DeviceInventory::summary() const
{
    QStringList order;
    QMap<QString, int> count;
    QMap<QString, qint64> memory;
    for (const DeviceInfo &d : devices) {
        if (!count.contains(d.name))
            order << d.name;
        ++count[d.name];
        memory[d.name] = std::max(memory.value(d.name, -1), d.memoryTotalMiB);
    }
    QStringList parts;
    for (const QString &name : order) {
        parts << QStringLiteral("%1 × %2%3")
                     .arg(count.value(name))
                     .arg(name,
                          memory.value(name) > 0 ? QStringLiteral(" (%1 MiB)").arg(memory.value(name)) : QString());
    }
    return parts.isEmpty() ? QStringLiteral("no devices") : parts.join(QStringLiteral(", "));
}

QJsonObject DeviceInventory::toJson() const
{
    QJsonArray list;
    for (const DeviceInfo &d : devices)
        list.append(d.toJson());
    return {{QStringLiteral("format"), format},
            {QStringLiteral("toolVersion"), toolVersion},
            {QStringLiteral("driverVersion"), driverVersion},
            {QStringLiteral("runtimeVersion"), runtimeVersion},
            {QStringLiteral("count"), int(devices.size())},
            {QStringLiteral("devices"), list},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
            {QStringLiteral("error"), error}};
}

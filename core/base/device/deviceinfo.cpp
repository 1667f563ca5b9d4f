// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "deviceinfo.h"

QJsonObject DeviceInfo::toJson() const
{
    QJsonObject o{{QStringLiteral("index"), index}, {QStringLiteral("name"), name}};
    if (memoryTotalMiB >= 0)
        o[QStringLiteral("memoryTotalMiB")] = memoryTotalMiB;
    if (memoryUsedMiB >= 0)
        o[QStringLiteral("memoryUsedMiB")] = memoryUsedMiB;
    if (!busId.isEmpty())
        o[QStringLiteral("busId")] = busId;
    if (!health.isEmpty())
        o[QStringLiteral("health")] = health;
    if (card >= 0)
        o[QStringLiteral("card")] = card;
    if (chip >= 0)
        o[QStringLiteral("chip")] = chip;
    return o;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologynode.h"

#include <QStringList>

int TopologyNode::cpuCount() const
{
    int n = 0;
    for (const QString &range : cpuAffinity.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList ends = range.split(QLatin1Char('-'));
        bool ok1 = false, ok2 = true;
        const int a = ends.first().toInt(&ok1);
        const int b = ends.size() > 1 ? ends.at(1).toInt(&ok2) : a;
        if (ok1 && ok2 && b >= a)
            n += b - a + 1;
    }
    return n;
}

QString TopologyNode::localityGroup() const
{
    if (numaNode >= 0)
        return QStringLiteral("NUMA %1").arg(numaNode);
    if (!cpuAffinity.isEmpty())
        return QStringLiteral("CPU %1").arg(cpuAffinity);
    return QStringLiteral("unknown locality");
}

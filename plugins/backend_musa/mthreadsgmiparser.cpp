// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "mthreadsgmiparser.h"

#include "core/sources/topology/matrixtopologyparser.h"

#include <QRegularExpression>

DeviceInventory MthreadsGmiParser::parse(const QByteArray &data)
{
    DeviceInventory inv;
    inv.format = QStringLiteral("mthreads-gmi");
    static const QRegularExpression banner(QStringLiteral("mthreads-gmi:\\s*(\\S+)\\s+Driver Version:\\s*(\\S+)"));
    // "0    MTT S5000            |00000000:18:00.0    |0%    0MiB(81920MiB)"
    static const QRegularExpression gpu(QStringLiteral("^\\s*(\\d+)\\s+(\\S.*?)\\s*\\|\\s*([0-9A-Fa-f]+:[0-9A-Fa-f]+:["
                                                       "0-9A-Fa-f.]+)\\s*\\|\\s*(\\d+)%\\s+(\\d+)MiB\\((\\d+)MiB\\)"));
    bool sawBanner = false;
    const QStringList lines = MatrixTopologyParser::cleanText(data).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("Processes:")))
            break;
        if (const auto m = banner.match(line); m.hasMatch()) {
            inv.toolVersion = m.captured(1);
            inv.driverVersion = m.captured(2);
            sawBanner = true;
            continue;
        }
        if (const auto m = gpu.match(line); m.hasMatch()) {
            DeviceInfo d;
            d.index = m.captured(1).toInt();
            d.name = m.captured(2);
            d.busId = m.captured(3);
            d.memoryUsedMiB = m.captured(5).toLongLong();
            d.memoryTotalMiB = m.captured(6).toLongLong();
            inv.devices << d;
        }
    }
    if (!sawBanner && inv.devices.isEmpty())
        inv.error = QStringLiteral("not mthreads-gmi output: no 'mthreads-gmi:VERSION Driver Version:' banner");
    return inv;
}

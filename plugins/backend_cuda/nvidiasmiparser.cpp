// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "nvidiasmiparser.h"

#include "core/sources/topology/matrixtopologyparser.h"

#include <QRegularExpression>

namespace {
qint64 number(const QString &cell)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+)"));
    const auto m = re.match(cell);
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}
}

DeviceInventory NvidiaSmiParser::parse(const QByteArray &data)
{
    const QStringList lines = MatrixTopologyParser::cleanText(data).split(QLatin1Char('\n'));
    static const QRegularExpression csvRow(QStringLiteral("^\\s*(index|name|\\d+)\\s*,"));
    for (const QString &line : lines) {
        if (line.trimmed().isEmpty())
            continue;
        return csvRow.match(line).hasMatch() ? parseCsv(lines) : parseTable(lines);
    }
    DeviceInventory inv;
    inv.error = QStringLiteral("empty nvidia-smi output");
    return inv;
}

DeviceInventory NvidiaSmiParser::parseCsv(const QStringList &lines)
{
    DeviceInventory inv;
    inv.format = QStringLiteral("nvidia-smi csv");
    QStringList columns;
    for (int ln = 0; ln < lines.size(); ++ln) {
        const QString line = lines.at(ln).trimmed();
        if (line.isEmpty())
            continue;
        QStringList cells = line.split(QLatin1Char(','));
        for (QString &c : cells)
            c = c.trimmed();
        if (columns.isEmpty() && !cells.first().at(0).isDigit()) {
            for (const QString &c : cells)
                columns << c.section(QLatin1Char(' '), 0, 0); // "memory.total [MiB]" -> "memory.total"
            continue;
        }
        if (columns.isEmpty()) {
            inv.warnings << QStringLiteral(
                                "line %1: no header row (noheader): only the first column is read, as the GPU index")
                                .arg(ln + 1);
            columns << QStringLiteral("index");
        }
        DeviceInfo d;
        for (int i = 0; i < cells.size() && i < columns.size(); ++i) {
            const QString &col = columns.at(i);
            const QString &v = cells.at(i);
            if (col == QLatin1String("index"))
                d.index = int(number(v));
            else if (col == QLatin1String("name"))
                d.name = v;
            else if (col == QLatin1String("memory.total"))
                d.memoryTotalMiB = number(v);
            else if (col == QLatin1String("memory.used"))
                d.memoryUsedMiB = number(v);
            else if (col == QLatin1String("pci.bus_id"))
                d.busId = v;
            else if (col == QLatin1String("driver_version"))
                inv.driverVersion = v;
        }
        if (d.index < 0)
            d.index = int(inv.devices.size());
        inv.devices << d;
    }
    if (inv.devices.isEmpty())
        inv.error = QStringLiteral("nvidia-smi csv: no GPU rows");
    return inv;
}

DeviceInventory NvidiaSmiParser::parseTable(const QStringList &lines)
{
    DeviceInventory inv;
    inv.format = QStringLiteral("nvidia-smi table");
    static const QRegularExpression smi(QStringLiteral("NVIDIA-SMI\\s+(\\S+)"));
    static const QRegularExpression driver(QStringLiteral("(?:Driver|KMD) Version:\\s*(\\S+)"));
    static const QRegularExpression cuda(QStringLiteral("CUDA(?: UMD)? Version:\\s*(\\S+)"));
    // "|   0  NVIDIA H100 80GB HBM3          On  |   00000000:06:00.0 Off |  ..."
    static const QRegularExpression gpu(
        QStringLiteral("^\\|\\s*(\\d+)\\s+(.+?)\\s+(On|Off)\\s*\\|\\s*([0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f.]+)"));
    static const QRegularExpression mem(QStringLiteral("(\\d+)MiB\\s*/\\s*(\\d+)MiB"));
    bool expectMemory = false;
    for (int ln = 0; ln < lines.size(); ++ln) {
        const QString &line = lines.at(ln);
        if (line.contains(QLatin1String("Processes:")))
            break;
        if (const auto m = smi.match(line); m.hasMatch() && inv.toolVersion.isEmpty())
            inv.toolVersion = m.captured(1);
        if (const auto m = driver.match(line); m.hasMatch())
            inv.driverVersion = m.captured(1);
        if (const auto m = cuda.match(line); m.hasMatch())
            inv.runtimeVersion = m.captured(1);
        if (const auto m = gpu.match(line); m.hasMatch()) {
            DeviceInfo d;
            d.index = m.captured(1).toInt();
            d.name = m.captured(2).trimmed();
            d.busId = m.captured(4);
            inv.devices << d;
            expectMemory = true;
            continue;
        }
        if (expectMemory) {
            if (const auto m = mem.match(line); m.hasMatch()) {
                inv.devices.last().memoryUsedMiB = m.captured(1).toLongLong();
                inv.devices.last().memoryTotalMiB = m.captured(2).toLongLong();
            } else
                inv.warnings
                    << QStringLiteral("line %1: no memory usage for GPU %2").arg(ln + 1).arg(inv.devices.last().index);
            expectMemory = false;
        }
    }
    if (inv.devices.isEmpty() && inv.driverVersion.isEmpty())
        inv.error = QStringLiteral("not nvidia-smi output: no driver banner and no GPU rows");
    return inv;
}

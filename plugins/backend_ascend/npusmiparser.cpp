// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "npusmiparser.h"

#include "core/sources/topology/matrixtopologyparser.h"

#include <QRegularExpression>

namespace {

QStringList cells(const QString &line)
{
    QStringList c = line.split(QLatin1Char('|'));
    if (c.size() >= 2) {
        c.removeFirst();
        c.removeLast();
    }
    for (QString &s : c)
        s = s.trimmed();
    return c;
}

enum class SecondColumn { ChipOnly, Device, PhyId };

} // namespace

DeviceInventory NpuSmiParser::parse(const QByteArray &data)
{
    DeviceInventory inv;
    inv.format = QStringLiteral("npu-smi info");
    const QStringList lines = MatrixTopologyParser::cleanText(data).split(QLatin1Char('\n'));
    static const QRegularExpression version(QStringLiteral("npu-smi\\s+(\\S+)\\s+Version:\\s*(\\S+)"));
    static const QRegularExpression first(QStringLiteral("^(\\d+)\\s+(\\S.*)$"));
    static const QRegularExpression numbers(QStringLiteral("^(\\d+)(?:\\s+(\\d+))?$"));
    static const QRegularExpression usage(QStringLiteral("(\\d+)\\s*/\\s*(\\d+)"));
    SecondColumn second = SecondColumn::ChipOnly;
    bool hbm = false;
    bool sawHeader = false;
    bool idColumn = false;
    int pendingLine = -1;
    for (int ln = 0; ln < lines.size(); ++ln) {
        const QString &line = lines.at(ln);
        if (const auto m = version.match(line); m.hasMatch()) {
            inv.toolVersion = m.captured(1);
            inv.driverVersion = m.captured(2);
            continue;
        }
        if (!line.startsWith(QLatin1Char('|')))
            continue;
        QStringList c = cells(line);
        if (c.size() < 3)
            continue;
        if (c.first().startsWith(QLatin1String("NPU")) && c.at(1).contains(QLatin1String("Process id")))
            break; // process table: no more devices
        if (c.first().startsWith(QLatin1String("NPU")) && c.at(1).startsWith(QLatin1String("Health"))) {
            sawHeader = true;
            continue;
        }
        // npu-smi 25.7+ (Ascend 950) gives the NPU id its own column: "NPU ID | Name | Health | …",
        // and each NPU's second line begins with two empty cells and has no chip number (one chip
        // per NPU). Its cells are folded into the older layout's and read below.
        if (c.first().startsWith(QLatin1String("NPU")) && c.size() >= 4 && c.at(1) == QLatin1String("Name")
            && c.at(2).startsWith(QLatin1String("Health"))) {
            sawHeader = true;
            idColumn = true;
            continue;
        }
        if (idColumn && c.size() >= 4) {
            if (c.at(2).startsWith(QLatin1String("Bus-Id"))) {
                hbm = c.at(3).contains(QLatin1String("HBM-Usage"));
                continue;
            }
            if (c.at(0).isEmpty() && c.at(1).isEmpty())
                c = QStringList{QStringLiteral("0")} + c.mid(2);
            else
                c = QStringList{c.at(0) + QLatin1Char(' ') + c.at(1)} + c.mid(2);
        }
        if (c.first().startsWith(QLatin1String("Chip"))) {
            // npu-smi 25.5 on Atlas A3 spells it "Phy-Id", older ones "Phy-ID".
            second = c.first().contains(QLatin1String("Phy-ID"), Qt::CaseInsensitive) ? SecondColumn::PhyId
                : c.first().contains(QLatin1String("Device"))                         ? SecondColumn::Device
                                                                                      : SecondColumn::ChipOnly;
            hbm = c.at(2).contains(QLatin1String("HBM-Usage"));
            continue;
        }
        if (!sawHeader)
            continue;
        const auto n = numbers.match(c.first());
        if (pendingLine >= 0 && n.hasMatch()) {
            DeviceInfo &d = inv.devices.last();
            d.chip = n.captured(1).toInt();
            if (!n.captured(2).isEmpty() && second != SecondColumn::ChipOnly)
                d.index = n.captured(2).toInt();
            d.busId = c.at(1) == QLatin1String("NA") ? QString() : c.at(1);
            QList<QPair<qint64, qint64>> pairs;
            auto it = usage.globalMatch(c.at(2));
            while (it.hasNext()) {
                const auto m = it.next();
                pairs << qMakePair(m.captured(1).toLongLong(), m.captured(2).toLongLong());
            }
            if (!pairs.isEmpty()) {
                const auto mem = hbm ? pairs.last() : pairs.first();
                d.memoryUsedMiB = mem.first;
                d.memoryTotalMiB = mem.second;
            }
            pendingLine = -1;
            continue;
        }
        if (pendingLine >= 0) {
            inv.warnings
                << QStringLiteral("line %1: NPU %2 has no chip row").arg(pendingLine).arg(inv.devices.last().card);
            pendingLine = -1;
        }
        if (const auto f = first.match(c.first()); f.hasMatch()) {
            DeviceInfo d;
            d.card = f.captured(1).toInt();
            d.index = d.card;
            d.name = f.captured(2).trimmed();
            d.health = c.at(1);
            inv.devices << d;
            pendingLine = ln + 1;
        }
    }
    if (pendingLine >= 0)
        inv.warnings << QStringLiteral("line %1: NPU %2 has no chip row (capture cut short): memory unknown")
                            .arg(pendingLine)
                            .arg(inv.devices.last().card);
    if (!sawHeader)
        inv.error = QStringLiteral("not npu-smi info output: no 'NPU Name | Health' header");
    return inv;
}

QMap<QString, QString> NpuSmiParser::parseKeyValues(const QByteArray &data)
{
    QMap<QString, QString> out;
    for (const QString &line : MatrixTopologyParser::cleanText(data).split(QLatin1Char('\n'))) {
        const int colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString key = line.left(colon).trimmed();
        if (!key.isEmpty() && !out.contains(key))
            out.insert(key, line.mid(colon + 1).trimmed());
    }
    return out;
}

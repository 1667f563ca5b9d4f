// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "linktype.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace {

/// The bond count of a declared token: "MT#" reads "MT" (1) and "MT3" (3); -1 when it does not match.
int declaredCount(const QString &pattern, const QString &cell)
{
    if (!pattern.endsWith(QLatin1Char('#')))
        return cell == pattern ? 0 : -1;
    const QString prefix = pattern.chopped(1);
    if (!cell.startsWith(prefix))
        return -1;
    const QString digits = cell.mid(prefix.size());
    if (digits.isEmpty())
        return 1;
    bool ok = false;
    const int n = digits.toInt(&ok);
    return ok && n >= 0 ? n : -1;
}

} // namespace

LinkType LinkType::fromToken(const QString &token, const QList<LinkClass> &declared)
{
    LinkType link;
    link.raw = token.trimmed();
    const QString t = link.raw.toUpper();
    static const QRegularExpression nv(QStringLiteral("^NV(\\d+)$"));
    if (t == QLatin1String("X")) {
        link.kind = Self;
        return link;
    }
    if (const auto m = nv.match(t); m.hasMatch()) {
        link.kind = NVLink;
        link.count = m.captured(1).toInt();
        return link;
    }
    for (const LinkClass &c : declared) {
        for (const QString &pattern : c.tokens) {
            if (const int n = declaredCount(pattern, t); n >= 0) {
                link.kind = Declared;
                link.count = n;
                link.declared = c;
                return link;
            }
        }
    }
    if (t == QLatin1String("PIX"))
        link.kind = PIX;
    else if (t == QLatin1String("PXB"))
        link.kind = PXB;
    else if (t == QLatin1String("PHB"))
        link.kind = PHB;
    else if (t == QLatin1String("NODE"))
        link.kind = Node;
    else if (t == QLatin1String("SYS"))
        link.kind = Sys;
    // P2P status codes of `nvidia-smi topo -p2p` say whether P2P works, not which path it takes.
    else if (t == QLatin1String("NA") || t == QLatin1String("N/A") || t == QLatin1String("OK")
             || t == QLatin1String("CNS") || t == QLatin1String("GNS") || t == QLatin1String("TNS")
             || t == QLatin1String("NS") || t == QLatin1String("DR") || t == QLatin1String("U"))
        link.kind = NA;
    else
        link.kind = Unknown;
    return link;
}

int LinkType::rank(Kind kind)
{
    switch (kind) {
    case Self: return 10;
    case NVLink: return 8;
    case Declared: return 8; // a class without its declaration: as fast as a fabric
    case PIX: return 5;
    case PXB: return 4;
    case PHB: return 3;
    case Node: return 2;
    case Sys: return 1;
    case NA:
    case Unknown: return 0;
    }
    return 0;
}

QString LinkType::linkClass(Kind kind)
{
    switch (kind) {
    case Self: return QStringLiteral("self");
    case NVLink:
    case Declared: return QStringLiteral("fabric");
    case PIX:
    case PXB: return QStringLiteral("pcie");
    case PHB:
    case Node:
    case Sys: return QStringLiteral("cpu");
    case NA:
    case Unknown: return QStringLiteral("unknown");
    }
    return QStringLiteral("unknown");
}

QString LinkType::name(Kind kind)
{
    switch (kind) {
    case Self: return QStringLiteral("X");
    case NVLink: return QStringLiteral("NV#");
    case Declared: return QStringLiteral("fabric");
    case PIX: return QStringLiteral("PIX");
    case PXB: return QStringLiteral("PXB");
    case PHB: return QStringLiteral("PHB");
    case Node: return QStringLiteral("NODE");
    case Sys: return QStringLiteral("SYS");
    case NA: return QStringLiteral("NA");
    case Unknown: return QStringLiteral("?");
    }
    return QString();
}

QString LinkType::description(Kind kind)
{
    switch (kind) {
    case Self: return QCoreApplication::translate("LinkType", "The device itself.");
    case NVLink:
        return QCoreApplication::translate(
            "LinkType", "NVLink: direct GPU-to-GPU links, the fastest path; the number is how many links are bonded.");
    case Declared: return QCoreApplication::translate("LinkType", "A device link its backend plugin declares.");
    case PIX:
        return QCoreApplication::translate(
            "LinkType", "PIX: traverses at most one PCIe bridge (a shared PCIe switch); the best PCIe path.");
    case PXB:
        return QCoreApplication::translate("LinkType",
                                           "PXB: traverses several PCIe bridges but not the CPU's host bridge.");
    case PHB:
        return QCoreApplication::translate("LinkType",
                                           "PHB: traverses the PCIe host bridge, i.e. goes through the CPU.");
    case Node: return QCoreApplication::translate("LinkType", "NODE: crosses PCIe host bridges within one NUMA node.");
    case Sys:
        return QCoreApplication::translate(
            "LinkType", "SYS: crosses the SMP interconnect between NUMA nodes (QPI/UPI), the slowest path.");
    case NA:
        return QCoreApplication::translate(
            "LinkType", "NA: the tool reports no path type (unknown relationship or a P2P status code).");
    case Unknown:
        return QCoreApplication::translate("LinkType", "A link type this version of PortBench does not know.");
    }
    return QString();
}

int LinkType::rank() const
{
    return kind == Declared ? declared.rank : rank(kind);
}

QString LinkType::linkClass() const
{
    return kind == Declared ? declared.group : linkClass(kind);
}

QString LinkType::description() const
{
    if (kind != Declared || declared.description.isEmpty())
        return description(kind);
    return QCoreApplication::translate("LinkType", declared.description.toUtf8().constData());
}

QString LinkType::name() const
{
    return kind == Declared ? declared.name : name(kind);
}

QString LinkType::label() const
{
    return raw.isEmpty() ? name() : raw;
}

#include "linktype.h"

#include <QCoreApplication>
#include <QRegularExpression>

LinkType LinkType::fromToken(const QString &token)
{
    LinkType link;
    link.raw = token.trimmed();
    const QString t = link.raw.toUpper();
    static const QRegularExpression nv(QStringLiteral("^NV(\\d+)$"));
    static const QRegularExpression mt(QStringLiteral("^(?:MTLINK|MT|ML)(\\d*)$"));
    if (t == QLatin1String("X"))
        link.kind = Self;
    else if (const auto m = nv.match(t); m.hasMatch()) {
        link.kind = NVLink;
        link.count = m.captured(1).toInt();
    } else if (const auto m2 = mt.match(t); m2.hasMatch()) {
        link.kind = MTLink;
        link.count = m2.captured(1).isEmpty() ? 1 : m2.captured(1).toInt();
    } else if (t == QLatin1String("HCCS") || t == QLatin1String("XLINK"))
        // A variant of npu-smi's source prints HCCS as "XLink" (and HCCS_SW as "XLink_SW"); the
        // label keeps the word the capture used.
        link.kind = HCCS;
    else if (t == QLatin1String("HCCS_SW") || t == QLatin1String("XLINK_SW"))
        link.kind = HccsSwitch;
    else if (t == QLatin1String("SIO"))
        link.kind = SIO;
    else if (t == QLatin1String("UB"))
        link.kind = UB;
    else if (t == QLatin1String("PIX"))
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
    case SIO: return 9;
    case NVLink:
    case HCCS:
    case UB:
    case MTLink: return 8;
    case HccsSwitch: return 7;
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
    case SIO:
    case NVLink:
    case HCCS:
    case MTLink:
    case UB:
    case HccsSwitch: return QStringLiteral("fabric");
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
    case HCCS: return QStringLiteral("HCCS");
    case HccsSwitch: return QStringLiteral("HCCS_SW");
    case SIO: return QStringLiteral("SIO");
    case UB: return QStringLiteral("UB");
    case MTLink: return QStringLiteral("MTLink");
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
    case HCCS:
        return QCoreApplication::translate("LinkType",
                                           "HCCS: Huawei's direct NPU-to-NPU fabric inside an Ascend server.");
    case HccsSwitch:
        return QCoreApplication::translate(
            "LinkType", "HCCS_SW: HCCS through a switch (Atlas A3 super-node); fast, one hop more than direct HCCS.");
    case SIO:
        return QCoreApplication::translate(
            "LinkType", "SIO: die-to-die link between the two chips of one Atlas A3 NPU, the fastest path.");
    case UB:
        return QCoreApplication::translate(
            "LinkType", "UB: Unified Bus, the direct NPU-to-NPU fabric of Ascend 950 (Atlas 350) cards.");
    case MTLink: return QCoreApplication::translate("LinkType", "MTLink: Moore Threads' direct GPU-to-GPU link.");
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

QString LinkType::label() const
{
    return raw.isEmpty() ? name(kind) : raw;
}

#pragma once

#include <QString>

/// How two devices in a topology matrix are connected, as the vendor tools name it.
/// The order of the enumerators is not the bandwidth order: use LinkType::rank().
struct LinkType
{
    enum Kind {
        Self, ///< X: the device itself
        NVLink, ///< NV#: a bonded set of # NVLinks
        HCCS, ///< Huawei Cache Coherence System, the 910 NPU-to-NPU fabric
        HccsSwitch, ///< HCCS_SW: HCCS through a switch (Atlas A3 super-node)
        SIO, ///< die-to-die link between the two chips of one A3 NPU
        UB, ///< Unified Bus: the Ascend 950 (Atlas 350) NPU-to-NPU fabric
        MTLink, ///< Moore Threads MTLink (MT#/MTLink#)
        PIX, ///< at most one PCIe bridge
        PXB, ///< several PCIe bridges, no host bridge
        PHB, ///< PCIe host bridge (the CPU)
        Node, ///< host bridges within one NUMA node
        Sys, ///< across NUMA nodes (QPI/UPI/SMP)
        NA, ///< the tool does not know (NA, N/A, or a P2P status code such as GNS)
        Unknown, ///< a token this version of PortBench has not seen
    };

    Kind kind = Unknown;
    int count = 0; ///< number of bonded links for NV#/MTLink#; 0 otherwise
    QString raw; ///< the cell text as the tool printed it

    /// Reads one matrix cell ("NV12", " X ", "HCCS_SW", "SYS"); unknown tokens give Unknown.
    static LinkType fromToken(const QString &token);
    /// Bandwidth class, higher is faster: device fabric > PCIe switch > host bridge > NUMA > SMP.
    static int rank(Kind kind);
    /// Coarse class for drawing and advice: "self", "fabric", "pcie", "cpu", "unknown".
    static QString linkClass(Kind kind);
    /// One sentence that explains the link type, for tooltips.
    static QString description(Kind kind);
    static QString name(Kind kind);

    int rank() const { return rank(kind); }
    bool isFabric() const { return linkClass(kind) == QLatin1String("fabric"); }
    /// "NV12", "HCCS", ... (raw text trimmed, or the kind's name).
    QString label() const;
};

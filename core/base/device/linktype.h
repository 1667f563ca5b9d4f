// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/linkclass.h"

#include <QList>
#include <QString>

/// How two devices in a topology matrix are connected, as the vendor tools name it.
/// The order of the enumerators is not the bandwidth order: use rank().
struct LinkType
{
    enum Kind {
        Self, ///< X: the device itself
        NVLink, ///< NV#: a bonded set of # NVLinks
        Declared, ///< a link class a backend plugin declares (its `declared` field)
        PIX, ///< at most one PCIe bridge
        PXB, ///< several PCIe bridges, no host bridge
        PHB, ///< PCIe host bridge (the CPU)
        Node, ///< host bridges within one NUMA node
        Sys, ///< across NUMA nodes (QPI/UPI/SMP)
        NA, ///< the tool does not know (NA, N/A, or a P2P status code such as GNS)
        Unknown, ///< a token this version of PortBench has not seen
    };

    Kind kind = Unknown;
    int count = 0; ///< number of bonded links for NV# and counted declared tokens; 0 otherwise
    QString raw; ///< the cell text as the tool printed it
    LinkClass declared; ///< for kind Declared: the plugin's class

    /// Reads one matrix cell ("NV12", " X ", "SYS", or a token of a declared class); unknown tokens
    /// give Unknown.
    static LinkType fromToken(const QString &token, const QList<LinkClass> &declared = {});
    /// Bandwidth class, higher is faster: device fabric > PCIe switch > host bridge > NUMA > SMP.
    static int rank(Kind kind);
    /// Coarse class for drawing and advice: "self", "fabric", "pcie", "cpu", "unknown".
    static QString linkClass(Kind kind);
    /// One sentence that explains the link type, for tooltips.
    static QString description(Kind kind);
    static QString name(Kind kind);

    /// The same four for this link, a declared one included.
    int rank() const;
    QString linkClass() const;
    QString description() const;
    /// "NV#", "PIX", or the declared class's name: the key of a legend entry.
    QString name() const;
    bool isFabric() const { return linkClass() == QLatin1String("fabric"); }
    /// "NV12", "HCCS", ... (raw text trimmed, or the kind's name).
    QString label() const;
};

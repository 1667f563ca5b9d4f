// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

/// A kind of link that a backend plugin declares for its topology matrix (a vendor's
/// device-to-device fabric): the cells that mean it, how fast it is, how it is drawn, explained and
/// advised on. Core knows only the vendor-neutral kinds of LinkType::Kind; a plugin hands its
/// classes to MatrixTopologyParser, so a new vendor's link is one declaration in its plugin.
struct LinkClass
{
    QString name; ///< legend label and key: "HCCS", "HCCS_SW"
    /// Matrix cells that mean it, upper case ("HCCS", "XLINK"); one ending in '#' is a prefix with an
    /// optional count of bonded links after it ("MT#" reads "MT" and "MT3").
    QStringList tokens;
    QString group = QStringLiteral("fabric"); ///< "fabric", "pcie" or "cpu", as LinkType::linkClass()
    int rank = 8; ///< bandwidth class on LinkType::rank()'s scale: NVLink 8, PIX 5, SYS 1
    /// The drawing colour: "fabric" (the fabric's green), "fabricNear" (darker: a faster, closer hop
    /// such as a die-to-die link) or "fabricFar" (lighter: one hop more, through a switch).
    QString colorKey = QStringLiteral("fabric");
    /// One sentence explaining it, in English; the plugin marks it QT_TRANSLATE_NOOP("LinkType", …).
    QString description;
    /// Advice when accelerator pairs are linked by it, "%1" the pairs ("Phy-ID2–Phy-ID3"); the plugin
    /// marks it QT_TRANSLATE_NOOP("TopologyAdvisor", …). Empty: none.
    QString pairAdvice;
};

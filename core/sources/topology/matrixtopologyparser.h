// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/topology.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

/// Reads the "topo -m" matrix layout that nvidia-smi, npu-smi and mthreads-gmi share: a header row
/// of device names followed by affinity columns, one row per device with a link code per column,
/// then `Legend:` and `NIC Legend:` blocks.
///
/// It copes with what real captures contain: tab- or space-separated cells (pasted copies lose the
/// tabs), empty cells in tab captures (NIC rows, the gap before `GPU NUMA ID`), ANSI escape codes,
/// CR line ends, `N/A` affinities, NIC rows named `NIC0` or `mlx5_0`, a capture whose header row was
/// cut off (names are inferred from where each row has its `X`), and rows missing at the top (the
/// link is taken from the mirrored cell). Vendor plugins call it with their own accelerator prefix;
/// the vendor-specific decisions (which prefix, which source name) stay in the plugins.
class MatrixTopologyParser
{
public:
    /// acceleratorPrefixes: the row/column names that are accelerators ("GPU"; "NPU" and, on Atlas
    /// A3, "Phy-ID"); anything else in the matrix is a NIC. The first names inferred columns.
    /// linkClasses: the plugin's own link tokens (LinkClass), read besides the vendor-neutral ones;
    /// deviceWords: prefix -> what the advice calls such a device (TopologyNode::word).
    MatrixTopologyParser(QString source, QStringList acceleratorPrefixes, QList<LinkClass> linkClasses = {},
                         QMap<QString, QString> deviceWords = {});

    Topology parse(const QByteArray &data) const;
    /// Whether data looks like such a matrix with this prefix (for format detection).
    bool recognizes(const QByteArray &data) const;

    /// Strips ANSI escape sequences and CRs, the noise of captures taken from a terminal.
    static QString cleanText(const QByteArray &data);

private:
    QString m_source;
    QStringList m_prefixes;
    QList<LinkClass> m_linkClasses;
    QMap<QString, QString> m_deviceWords;
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "topologyadvisor.h"

#include <QCoreApplication>
#include <QMap>
#include <QRegularExpression>
#include <QtAlgorithms>

#include <vector>

namespace {

QString deviceWord(const Topology &t, const QList<int> &acc)
{
    const TopologyNode &first = t.nodes.at(acc.first());
    if (!first.word.isEmpty())
        return first.word;
    QString word = first.name;
    word.remove(QRegularExpression(QStringLiteral("\\d+$")));
    return word.isEmpty() ? QStringLiteral("device") : word;
}

QString names(const Topology &t, const QList<int> &idx)
{
    QStringList out;
    for (int i : idx)
        out << t.nodes.at(i).name;
    // GPU0, GPU1, GPU2, GPU3 -> GPU0–GPU3 when they are consecutive in the matrix.
    bool consecutive = idx.size() > 2;
    for (int k = 1; consecutive && k < idx.size(); ++k)
        consecutive = idx.at(k) == idx.at(k - 1) + 1;
    return consecutive ? QStringLiteral("%1–%2").arg(out.first(), out.last()) : out.join(QStringLiteral(", "));
}

QString nicName(const TopologyNode &n)
{
    return n.alias.isEmpty() ? n.name : QStringLiteral("%1 (%2)").arg(n.name, n.alias);
}

/// Bron–Kerbosch with a pivot over bit sets of accelerator positions: every maximal fabric mesh
/// once, at most 3^(n/3) of them (about 10^5 for 32 accelerators), where trying every subset cost
/// 2^n (16 accelerators: 85 ms, seconds for the fuzz build). Of the largest, the one with the
/// lowest positions wins, so the advice names the same group on every run.
class MeshSearch
{
public:
    explicit MeshSearch(std::vector<quint32> fabricNeighbours)
        : m_neighbours(std::move(fabricNeighbours))
    { }

    quint32 largest()
    {
        const int n = int(m_neighbours.size());
        expand(0, n == 32 ? ~0u : (1u << n) - 1, 0);
        return m_best;
    }

private:
    void expand(quint32 mesh, quint32 candidates, quint32 excluded)
    {
        const int size = qPopulationCount(mesh);
        if (candidates == 0 && excluded == 0) {
            if (size >= 2 && (size > m_bestSize || (size == m_bestSize && mesh < m_best))) {
                m_best = mesh;
                m_bestSize = size;
            }
            return;
        }
        if (size + qPopulationCount(candidates) < m_bestSize)
            return;
        // The pivot with the most candidates among its neighbours leaves the fewest branches.
        quint32 pivotNeighbours = 0;
        for (quint32 rest = candidates | excluded; rest; rest &= rest - 1) {
            const quint32 neighbours = m_neighbours[size_t(qCountTrailingZeroBits(rest))] & candidates;
            if (qPopulationCount(neighbours) >= qPopulationCount(pivotNeighbours))
                pivotNeighbours = neighbours;
        }
        for (quint32 branch = candidates & ~pivotNeighbours; branch; branch &= branch - 1) {
            const int v = qCountTrailingZeroBits(branch);
            const quint32 bit = 1u << v;
            expand(mesh | bit, candidates & m_neighbours[size_t(v)], excluded & m_neighbours[size_t(v)]);
            candidates &= ~bit;
            excluded |= bit;
        }
    }

    std::vector<quint32> m_neighbours;
    quint32 m_best = 0;
    int m_bestSize = 0;
};

} // namespace

QList<int> TopologyAdvisor::largestFabricMesh(const Topology &t)
{
    const QList<int> acc = t.accelerators();
    QList<int> best;
    if (acc.size() > maxMeshSearch)
        return best;
    std::vector<quint32> neighbours(size_t(acc.size()), 0);
    for (int a = 0; a < acc.size(); ++a) {
        for (int b = a + 1; b < acc.size(); ++b) {
            if (t.link(acc.at(a), acc.at(b)).isFabric()) {
                neighbours[size_t(a)] |= 1u << b;
                neighbours[size_t(b)] |= 1u << a;
            }
        }
    }
    const quint32 mesh = MeshSearch(std::move(neighbours)).largest();
    for (int k = 0; k < acc.size(); ++k) {
        if (mesh & (1u << k))
            best << acc.at(k);
    }
    return best;
}

namespace {

/// How the accelerator pairs are linked: the counts the link advice is judged on.
struct LinkCensus
{
    int pairs = 0;
    int fabricPairs = 0;
    QMap<QString, int> fabricLabels;
    QMap<QString, int> kindCount; ///< by LinkType::name()
    QPair<int, int> firstSys{-1, -1};
    QString fabricLabel; ///< the most common fabric label
};

LinkCensus linkCensus(const Topology &t, const QList<int> &acc)
{
    LinkCensus c;
    for (int a = 0; a < acc.size(); ++a) {
        for (int b = a + 1; b < acc.size(); ++b) {
            const LinkType &l = t.link(acc.at(a), acc.at(b));
            ++c.pairs;
            ++c.kindCount[l.name()];
            if (l.isFabric()) {
                ++c.fabricPairs;
                ++c.fabricLabels[l.label()];
            }
            if (l.kind == LinkType::Sys && c.firstSys.first < 0)
                c.firstSys = {acc.at(a), acc.at(b)};
        }
    }
    for (auto it = c.fabricLabels.begin(); it != c.fabricLabels.end(); ++it) {
        if (c.fabricLabel.isEmpty() || it.value() > c.fabricLabels.value(c.fabricLabel))
            c.fabricLabel = it.key();
    }
    return c;
}

/// Full mesh, partial fabric or PCIe only: how far tensor parallel reaches in the node.
void adviseFabric(const Topology &t, const QList<int> &acc, const QString &word, const LinkCensus &c,
                  QStringList &advice)
{
    if (c.fabricPairs == c.pairs) {
        advice << TopologyAdvisor::tr("All %1 %2s are %3 full mesh: tensor parallel up to %1 in-node.")
                      .arg(acc.size())
                      .arg(word, c.fabricLabels.size() == 1 ? c.fabricLabel : QStringLiteral("device-fabric"));
    } else if (c.fabricPairs > 0) {
        const QList<int> mesh = TopologyAdvisor::largestFabricMesh(t);
        // Above the search limit the mesh is unknown: %5 is the limit and there is no group to name.
        const QString text = mesh.isEmpty()
            ? TopologyAdvisor::tr(
                "%1 of %2 %3 pairs are on the device fabric (%4), the rest fall back to PCIe/CPU paths: "
                "keep tensor-parallel groups inside a full mesh (not searched for over %5 %3s).")
            : TopologyAdvisor::tr(
                "%1 of %2 %3 pairs are on the device fabric (%4), the rest fall back to PCIe/CPU paths: "
                "keep tensor-parallel groups of up to %5 inside a full mesh such as %6.");
        const QString line = text.arg(c.fabricPairs)
                                 .arg(c.pairs)
                                 .arg(word, c.fabricLabel)
                                 .arg(mesh.isEmpty() ? TopologyAdvisor::maxMeshSearch : int(mesh.size()));
        advice << (mesh.isEmpty() ? line : line.arg(names(t, mesh)));
    } else {
        QString bestPcie;
        for (LinkType::Kind k : {LinkType::PIX, LinkType::PXB, LinkType::PHB, LinkType::Node}) {
            if (c.kindCount.value(LinkType::name(k)) > 0) {
                bestPcie = LinkType::name(k);
                break;
            }
        }
        advice << TopologyAdvisor::tr(
                      "No direct %1-to-%1 links: all traffic goes over PCIe%2. Prefer data/pipeline parallel; "
                      "tensor parallel will be bandwidth-bound.")
                      .arg(word, bestPcie.isEmpty() ? QString() : TopologyAdvisor::tr(" (best path %1)").arg(bestPcie));
    }
}

/// The advice a plugin's link class gives on the accelerator pairs it links (the two dies of one
/// package, ...), in the order the classes first occur.
void adviseDeclaredPairs(const Topology &t, const QList<int> &acc, QStringList &advice)
{
    QList<LinkClass> classes;
    QMap<QString, QStringList> pairs;
    for (int a = 0; a < acc.size(); ++a) {
        for (int b = a + 1; b < acc.size(); ++b) {
            const LinkType &l = t.link(acc.at(a), acc.at(b));
            if (l.kind != LinkType::Declared || l.declared.pairAdvice.isEmpty())
                continue;
            if (!pairs.contains(l.declared.name))
                classes << l.declared;
            pairs[l.declared.name] << QStringLiteral("%1–%2").arg(t.nodes.at(acc.at(a)).name,
                                                                  t.nodes.at(acc.at(b)).name);
        }
    }
    for (const LinkClass &c : classes)
        advice << QCoreApplication::translate("TopologyAdvisor", c.pairAdvice.toUtf8().constData())
                      .arg(pairs.value(c.name).join(QStringLiteral(", ")));
}

/// SYS crossings and CPU/NUMA locality groups: where to keep TP groups and how to bind ranks.
void adviseLocality(const Topology &t, const QList<int> &acc, const QString &word, const LinkCensus &c,
                    QStringList &advice)
{
    QMap<QString, QList<int>> groups;
    for (int i : acc)
        groups[t.nodes.at(i).localityGroup()] << i;
    QStringList groupText;
    for (auto it = groups.begin(); it != groups.end(); ++it)
        groupText << QStringLiteral("%1: %2").arg(it.key(), names(t, it.value()));
    if (c.firstSys.first >= 0 && c.fabricPairs < c.pairs) {
        if (groups.size() > 1)
            advice << TopologyAdvisor::tr("%1–%2 cross SYS: keep TP groups inside one NUMA node (%3).")
                          .arg(t.nodes.at(c.firstSys.first).name, t.nodes.at(c.firstSys.second).name,
                               groupText.join(QStringLiteral("; ")));
        else
            advice << TopologyAdvisor::tr(
                          "%1–%2 cross SYS even though they share a locality group: P2P goes through the CPU "
                          "interconnect; check the BIOS NUMA settings (NPS/SNC) and ACS.")
                          .arg(t.nodes.at(c.firstSys.first).name, t.nodes.at(c.firstSys.second).name);
    }
    if (c.kindCount.value(LinkType::name(LinkType::Sys)) == c.pairs)
        advice << TopologyAdvisor::tr(
                      "Every %1 pair crosses SYS: no P2P over a PCIe switch; NCCL/HCCL traffic is staged through host "
                      "memory.")
                      .arg(word);
    if (groups.size() > 1)
        advice << TopologyAdvisor::tr(
                      "%1s sit on %2 CPU/NUMA groups (%3): bind each rank's process to its %1's CPU affinity "
                      "(numactl / taskset).")
                      .arg(word)
                      .arg(groups.size())
                      .arg(groupText.join(QStringLiteral("; ")));
}

/// Which NIC each accelerator should use, and NICs that only reach the devices across SYS or PHB.
void adviseNics(const Topology &t, const QList<int> &acc, const QString &word, QStringList &advice)
{
    const QList<int> nics = t.nics();
    if (nics.isEmpty())
        return;
    QMap<QString, int> bestPerNic;
    for (int n : nics) {
        int bestRank = -1;
        QString bestLabel;
        for (int i : acc) {
            const LinkType &l = t.link(n, i);
            if (l.rank() > bestRank) {
                bestRank = l.rank();
                bestLabel = l.label();
            }
        }
        bestPerNic[bestLabel] += 1;
        if (bestRank <= LinkType::rank(LinkType::Sys))
            advice << TopologyAdvisor::tr(
                          "%1 reaches every %2 only across SYS: inter-node traffic and GPUDirect RDMA cross the CPU "
                          "interconnect; prefer a NIC on the %2s' PCIe switch.")
                          .arg(nicName(t.nodes.at(n)), word);
    }
    if (bestPerNic.size() == 1 && bestPerNic.firstKey() == QLatin1String("PHB"))
        advice << TopologyAdvisor::tr("All %1 NICs are PHB from the %2s: GPUDirect RDMA passes the CPU host bridge "
                                      "(NCCL needs NCCL_NET_GDR_LEVEL=PHB to use it).")
                      .arg(nics.size())
                      .arg(word);
    for (int i : acc) {
        for (int n : nics) {
            const LinkType &l = t.link(i, n);
            if (l.kind == LinkType::PIX || l.kind == LinkType::PXB) {
                advice << TopologyAdvisor::tr("%1 is closest to %2 (%3): use that NIC for its rank.")
                              .arg(t.nodes.at(i).name, nicName(t.nodes.at(n)), l.label());
                break;
            }
        }
    }
}

} // namespace

QStringList TopologyAdvisor::advise(const Topology &t)
{
    QStringList advice;
    if (!t)
        return advice;
    const QList<int> acc = t.accelerators();
    if (acc.isEmpty()) {
        advice << tr("No accelerators in the matrix.");
        return advice;
    }
    const QString word = deviceWord(t, acc);
    if (acc.size() == 1) {
        advice << tr("One %1: no in-node parallel group is possible; scale with data parallel across nodes.").arg(word);
    } else {
        const LinkCensus census = linkCensus(t, acc);
        adviseFabric(t, acc, word, census, advice);
        adviseDeclaredPairs(t, acc, advice);
        adviseLocality(t, acc, word, census, advice);
    }

    bool anyNuma = false, anyCpu = false;
    for (int i : acc) {
        anyNuma = anyNuma || t.nodes.at(i).numaNode >= 0;
        anyCpu = anyCpu || !t.nodes.at(i).cpuAffinity.isEmpty();
    }
    // npu-smi prints no NUMA column at all; only nvidia-smi's explicit N/A is worth a remark.
    if (!anyNuma && anyCpu && t.source.contains(QLatin1String("nvidia")))
        advice << tr("NUMA affinity is N/A: the firmware reports no NUMA locality for the %1s; bind by CPU affinity "
                     "instead.")
                      .arg(word);

    adviseNics(t, acc, word, advice);
    for (const TopologyNode &node : t.nodes) {
        if (!node.hasRow) {
            advice << tr("The capture is partial (no row for %1): links were mirrored from other rows, affinities are "
                         "unknown.")
                          .arg(node.name);
            break;
        }
    }
    return advice;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "backendsfixture.h"
#include "core/base/exec/commandrunner.h"
#include "core/sources/topology/topologyadvisor.h"
#include "core/sources/topology/topologyexport.h"
#include "core/sources/topology/topologymatrixmodel.h"
#include "core/sources/topology/topologyreader.h"
#include "core/sources/topology/topologysvgwriter.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <random>

namespace {

/// GPU0..GPU{n-1} with NV4 where `fabric(a, b)` and SYS elsewhere.
template<typename Fabric>
Topology gpuMatrix(int n, Fabric fabric)
{
    Topology t;
    for (int i = 0; i < n; ++i)
        t.nodes.append(TopologyNode{QStringLiteral("GPU%1").arg(i)});
    for (int a = 0; a < n; ++a) {
        QList<LinkType> row;
        for (int b = 0; b < n; ++b)
            row.append(LinkType::fromToken(a == b                                       ? QStringLiteral("X")
                                               : fabric(std::min(a, b), std::max(a, b)) ? QStringLiteral("NV4")
                                                                                        : QStringLiteral("SYS")));
        t.links.append(row);
    }
    return t;
}

} // namespace

class TestTopology : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("accelerators");
        QTest::addColumn<int>("nics");
        QTest::addColumn<QString>("link01"); // first accelerator to second
        QTest::addColumn<QString>("cpu0");
        QTest::addColumn<int>("numa0");
        QTest::addColumn<QString>("lastNicAlias");
        QTest::addColumn<QString>("advice"); // a substring of the advice

        // clang-format off
        QTest::newRow("1 gpu spaces") << "cuda" << "nvidia_smi_topo_1gpu_spaces.txt" << 1 << 0 << "" << "0-19" << 0 << "" << "One GPU";
        QTest::newRow("2 gpu PHB tabs") << "cuda" << "nvidia_smi_topo_2gpu_workstation_PHB_tabs.txt" << 2 << 0 << "PHB" << "0-63" << 0 << "" << "best path PHB";
        QTest::newRow("4xA100 NV12 tabs") << "cuda" << "nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt" << 4 << 1 << "NV12" << "32-63,96-127" << 1 << "rocep49s0" << "All 4 GPUs are NV12 full mesh";
        QTest::newRow("4xH100 NV18 8 NICs") << "cuda" << "nvidia_smi_topo_4xH100_NV18_8nic_PHB_spaces.txt" << 4 << 8 << "NV18" << "0-79" << 0 << "mlx5_7" << "NCCL_NET_GDR_LEVEL=PHB";
        QTest::newRow("8 gpu no numa partial") << "cuda" << "nvidia_smi_topo_8gpu_PIX_PXB_SYS_no_numa_spaces_PARTIAL.txt" << 8 << 0 << "PIX" << "0-95" << -1 << "" << "NUMA affinity is N/A";
        QTest::newRow("8 gpu PIX NODE SYS") << "cuda" << "nvidia_smi_topo_8gpu_pcie_PIX_NODE_SYS_spaces.txt" << 8 << 0 << "PIX" << "0-23,48-71" << 0 << "" << "GPU0–GPU4 cross SYS: keep TP groups inside one NUMA node";
        QTest::newRow("8 gpu all SYS") << "cuda" << "nvidia_smi_topo_8gpu_pcie_allSYS_tabs.txt" << 8 << 0 << "SYS" << "0-15,32-47" << 0 << "" << "Every GPU pair crosses SYS";
        QTest::newRow("legends p2p") << "cuda" << "nvidia_smi_topo_legends.txt" << 2 << 0 << "GNS" << "" << -1 << "" << "No direct GPU-to-GPU links";
        QTest::newRow("V100 no header") << "cuda" << "nvidia_smi_topo_old_driver_V100_hybrid_cube_mesh_PARTIAL.txt" << 8 << 1 << "" << "" << -1 << "" << "tensor-parallel groups of up to 4";
        QTest::newRow("A3 two dies SIO") << "npu" << "npu_smi_info_t_topo_A3_2die_SIO.txt" << 2 << 0 << "SIO" << "" << -1 << "" << "Phy-ID12–Phy-ID13 are the two dies of one NPU (SIO)";
        QTest::newRow("A3 four dies HCCS_SW partial") << "npu" << "npu_smi_info_t_topo_A3_4die_HCCS_SW_PARTIAL.txt" << 4 << 0 << "SIO" << "" << -1 << "" << "HCCS_SW";
        QTest::newRow("950 UB pairs") << "npu" << "npu_smi_info_t_topo_950_Atlas350_2card_UB.txt" << 8 << 0 << "UB" << "0-63,128-191" << -1 << "" << "CPU 0-63,128-191: NPU0–NPU3";
        QTest::newRow("950 four-NPU cards UB") << "npu" << "npu_smi_info_t_topo_950_Atlas350_4card_UB.txt" << 8 << 0 << "UB" << "0-63,128-191" << -1 << "" << "12 of 28 NPU pairs are on the device fabric (UB)";
        QTest::newRow("950 all SYS, header without gutter") << "npu" << "npu_smi_info_t_topo_950_Atlas350_1card_SYS_header_without_gutter.txt" << 8 << 0 << "SYS" << "0-63,128-191" << -1 << "" << "No direct NPU-to-NPU links";
        QTest::newRow("910B tab header, interleaved affinity") << "npu" << "npu_smi_info_t_topo_910B_8npu_HCCS_tab_header_interleaved_affinity.txt" << 8 << 0 << "HCCS" << "144-167" << -1 << "" << "CPU 0-23: NPU1, NPU3";
        QTest::newRow("npu-smi NIC columns (constructed)") << "npu" << "npu_smi_info_t_topo_910B_8npu_2nic_CONSTRUCTED.txt" << 8 << 2 << "HCCS" << "144-167" << -1 << "eth1" << "NPU4 is closest to NIC1 (eth1) (PIX)";
        QTest::newRow("910B3 HCCS") << "npu" << "npu_smi_info_t_topo_910B3_8npu_HCCS.txt" << 8 << 0 << "HCCS" << "144-167" << -1 << "" << "All 8 NPUs are HCCS full mesh: tensor parallel up to 8 in-node";
        // clang-format on
    }
    void parse()
    {
        QFETCH(QString, backend);
        QFETCH(QString, file);
        QFETCH(int, accelerators);
        QFETCH(int, nics);
        QFETCH(QString, link01);
        QFETCH(QString, cpu0);
        QFETCH(int, numa0);
        QFETCH(QString, lastNicAlias);
        QFETCH(QString, advice);
        const Topology t = builtPlugins().backend(backend)->parseTopology(envData(file));
        QVERIFY2(bool(t), qPrintable(t.error));
        QCOMPARE(t.accelerators().size(), accelerators);
        QCOMPARE(t.nics().size(), nics);
        const QList<int> acc = t.accelerators();
        if (!link01.isEmpty())
            QCOMPARE(t.link(acc.at(0), acc.at(1)).label(), link01);
        QCOMPARE(t.nodes.at(acc.first()).cpuAffinity, cpu0);
        QCOMPARE(t.nodes.at(acc.first()).numaNode, numa0);
        if (!lastNicAlias.isEmpty())
            QCOMPARE(t.nodes.at(t.nics().last()).alias, lastNicAlias);
        for (int i = 0; i < t.nodes.size(); ++i)
            QCOMPARE(t.link(i, i).kind, LinkType::Self);
        const QString all = TopologyAdvisor::advise(t).join(QLatin1Char('\n'));
        QVERIFY2(all.contains(advice), qPrintable(all));

        TopologyMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTopology(t);
        QCOMPARE(model.rowCount(), t.nodes.size());
        QCOMPARE(model.columnCount(), t.nodes.size() + 2);
        QVERIFY(!model.data(model.index(0, 1), Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(TopologySvgWriter::write(t).contains(QLatin1String("</svg>")));
    }

    void xlinkIsReadAsHccs()
    {
        // npu-smi's source exists in a variant whose legend and matrix say "XLink" for HCCS.
        QByteArray data = envData(QStringLiteral("npu_smi_info_t_topo_910B3_8npu_HCCS.txt"));
        QVERIFY(data.contains("HCCS"));
        data.replace("HCCS", "XLink");
        const Topology t = builtPlugins().backend(QStringLiteral("npu"))->parseTopology(data);
        QVERIFY2(bool(t), qPrintable(t.error));
        QCOMPARE(t.accelerators().size(), 8);
        QCOMPARE(t.link(0, 7).name(), QStringLiteral("HCCS"));
        QCOMPARE(t.link(0, 7).label(), QStringLiteral("XLink"));
        QVERIFY(TopologyAdvisor::advise(t).join(QLatin1Char('\n')).contains(QLatin1String("full mesh")));
    }

    void a3DiesAndSwitchHaveTheirOwnColoursAndLegend()
    {
        const Topology t
            = builtPlugins()
                  .backend(QStringLiteral("npu"))
                  ->parseTopology(envData(QStringLiteral("npu_smi_info_t_topo_A3_4die_HCCS_SW_PARTIAL.txt")));
        QVERIFY2(bool(t), qPrintable(t.error));
        QCOMPARE(t.nodes.at(0).name, QStringLiteral("Phy-ID2"));
        QCOMPARE(t.link(0, 2).name(), QStringLiteral("HCCS_SW"));
        // Rows of Phy-ID12/13 are missing: their links to Phy-ID2/3 are mirrored, 12–13 stays unknown.
        QCOMPARE(t.link(2, 0).name(), QStringLiteral("HCCS_SW"));
        QCOMPARE(t.link(2, 3).kind, LinkType::NA);
        const LinkType &sio = t.link(0, 1);
        QCOMPARE(sio.name(), QStringLiteral("SIO"));
        const LinkType direct = builtPlugins()
                                    .backend(QStringLiteral("npu"))
                                    ->parseTopology(envData(QStringLiteral("npu_smi_info_t_topo_910B3_8npu_HCCS.txt")))
                                    .link(0, 7);
        QCOMPARE(direct.name(), QStringLiteral("HCCS"));
        QVERIFY(TopologySvgWriter::color(sio) != TopologySvgWriter::color(t.link(0, 2)));
        QVERIFY(TopologySvgWriter::color(sio) != TopologySvgWriter::color(direct));
        QVERIFY(TopologySvgWriter::color(t.link(0, 2)) != TopologySvgWriter::color(direct));
        const QString svg = TopologySvgWriter::write(t);
        QVERIFY(svg.contains(QLatin1String("HCCS_SW")));
        QVERIFY(svg.contains(QLatin1String("SIO")));
        // The plugin names a Phy-ID node for the advice: each is an NPU die to the user.
        QCOMPARE(t.nodes.at(0).word, QStringLiteral("NPU die"));
        const QString advice = TopologyAdvisor::advise(t).join(QLatin1Char('\n'));
        QVERIFY2(advice.contains(QLatin1String("NPU die")) && !advice.contains(QLatin1String("Phy-ID pair")),
                 qPrintable(advice));
    }

    void v100PartialInfersHeaderAndMirrorsRows()
    {
        const Topology t = builtPlugins()
                               .backend(QStringLiteral("cuda"))
                               ->parseTopology(envData(
                                   QStringLiteral("nvidia_smi_topo_old_driver_V100_hybrid_cube_mesh_PARTIAL.txt")));
        QCOMPARE(t.nodes.at(0).name, QStringLiteral("GPU0"));
        QVERIFY(!t.nodes.at(0).hasRow);
        QCOMPARE(t.link(0, 3).label(), QStringLiteral("NV1")); // mirrored from GPU3's row
        QCOMPARE(t.link(4, 7).label(), QStringLiteral("NV1"));
        QCOMPARE(t.nodes.at(8).name, QStringLiteral("mlx5_0"));
        QCOMPARE(t.nodes.at(3).cpuAffinity, QStringLiteral("0-23"));
        QVERIFY(t.warnings.join(QLatin1Char(' ')).contains(QLatin1String("no header row")));
    }

    void ansiCodesCrLfAndUnknownTokens()
    {
        QByteArray data = envData(QStringLiteral("nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt"));
        data.replace("\n", "\r\n");
        data.replace("GPU0\t", "\x1b[4mGPU0\x1b[0m\t");
        data.replace("GPU3\tNV12\tNV12\tNV12\t X ", "GPU3\tNV12\tNV12\tQQ7\t X ");
        const Topology t = builtPlugins().backend(QStringLiteral("cuda"))->parseTopology(data);
        QVERIFY2(bool(t), qPrintable(t.error));
        QCOMPARE(t.accelerators().size(), 4);
        QCOMPARE(t.link(3, 2).kind, LinkType::Unknown);
        QVERIFY(t.warnings.join(QLatin1Char(' ')).contains(QLatin1String("unknown link type 'QQ7'")));
    }

    void hccsVariantsAndRanking()
    {
        QCOMPARE(LinkType::fromToken(QStringLiteral("NV18")).count, 18);
        QVERIFY(LinkType::rank(LinkType::PIX) > LinkType::rank(LinkType::PXB));
        QVERIFY(LinkType::rank(LinkType::PHB) > LinkType::rank(LinkType::Node));
        QVERIFY(LinkType::rank(LinkType::Node) > LinkType::rank(LinkType::Sys));
        QVERIFY(LinkType::rank(LinkType::Sys) > LinkType::rank(LinkType::NA));
        const QByteArray a3 = "\tNPU0\tNPU1\tNPU2\tNPU3\tCPU Affinity\n"
                              "NPU0\tX\tSIO\tHCCS_SW\tHCCS_SW\t0-39\n"
                              "NPU1\tSIO\tX\tHCCS_SW\tHCCS_SW\t0-39\n"
                              "NPU2\tHCCS_SW\tHCCS_SW\tX\tSIO\t40-79\n"
                              "NPU3\tHCCS_SW\tHCCS_SW\tSIO\tX\t40-79\n";
        const Topology t = builtPlugins().backend(QStringLiteral("npu"))->parseTopology(a3);
        QVERIFY2(bool(t), qPrintable(t.error));
        QStringList names;
        for (const LinkType &l : t.linkTypes())
            names << l.name();
        QCOMPARE(names, (QStringList{QStringLiteral("SIO"), QStringLiteral("HCCS_SW")}));
        // The plugin ranks its links around the vendor-neutral ones: die-to-die, direct, switch.
        QVERIFY(t.link(0, 1).rank() > LinkType::rank(LinkType::NVLink));
        QVERIFY(LinkType::rank(LinkType::NVLink) > t.link(0, 2).rank());
        QVERIFY(t.link(0, 2).rank() > LinkType::rank(LinkType::PIX));
        QVERIFY(TopologyAdvisor::advise(t).join(QLatin1Char(' ')).contains(QLatin1String("All 4 NPUs")));
    }

    void declaredTokens_data()
    {
        QTest::addColumn<QString>("cell");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("count");
        QTest::newRow("exact") << "XL"
                               << "XL" << 0;
        QTest::newRow("exact, lower case") << "xl"
                                           << "XL" << 0;
        QTest::newRow("counted, no number") << "QL"
                                            << "QL" << 1;
        QTest::newRow("counted") << "QL12"
                                 << "QL" << 12;
        QTest::newRow("counted, not a number") << "QLX"
                                               << "?" << 0;
        QTest::newRow("neutral kinds first") << "NV4"
                                             << "NV#" << 4;
        QTest::newRow("undeclared") << "ZZ"
                                    << "?" << 0;
    }
    void declaredTokens()
    {
        QFETCH(QString, cell);
        QFETCH(QString, name);
        QFETCH(int, count);
        LinkClass exact;
        exact.name = QStringLiteral("XL");
        exact.tokens = QStringList{QStringLiteral("XL")};
        LinkClass counted;
        counted.name = QStringLiteral("QL");
        counted.tokens = QStringList{QStringLiteral("QL#")};
        counted.group = QStringLiteral("pcie");
        counted.rank = 6;
        const LinkType l = LinkType::fromToken(cell, {exact, counted});
        QCOMPARE(l.name(), name);
        QCOMPARE(l.count, count);
        QCOMPARE(l.label(), cell.trimmed());
        if (name == QLatin1String("QL")) {
            QCOMPARE(l.rank(), 6);
            QCOMPARE(l.linkClass(), QStringLiteral("pcie"));
            QVERIFY(!l.isFabric());
        }
    }

    void largestFabricMeshIsTheLargest()
    {
        // Against every subset, on fixed pseudo-random matrices: the largest full mesh, and of
        // those the one with the lowest positions (the advice names the same group every run).
        std::mt19937 random(15);
        for (int round = 0; round < 300; ++round) {
            const int n = 2 + round % 12;
            const unsigned percent = 20 + random() % 70;
            QList<QList<bool>> fabric(n, QList<bool>(n, false));
            for (int a = 0; a < n; ++a) {
                for (int b = a + 1; b < n; ++b)
                    fabric[a][b] = random() % 100 < percent;
            }
            const Topology t = gpuMatrix(n, [&](int a, int b) { return fabric[a][b]; });
            QList<int> expected;
            for (quint32 mask = 1; mask < (1u << n); ++mask) {
                QList<int> set;
                for (int k = 0; k < n; ++k) {
                    if (mask & (1u << k))
                        set << k;
                }
                bool mesh = set.size() >= 2 && set.size() > expected.size();
                for (int a = 0; mesh && a < set.size(); ++a) {
                    for (int b = a + 1; mesh && b < set.size(); ++b)
                        mesh = fabric[set[a]][set[b]];
                }
                if (mesh)
                    expected = set;
            }
            QCOMPARE(TopologyAdvisor::largestFabricMesh(t), expected);
        }
    }

    void meshBeyondTheSearchLimitIsNotClaimed()
    {
        // 33 GPUs, NVLink in pairs: the advice says the mesh was not searched, not "up to 0".
        const Topology t
            = gpuMatrix(TopologyAdvisor::maxMeshSearch + 1, [](int a, int b) { return b == a + 1 && a % 2 == 0; });
        QVERIFY(TopologyAdvisor::largestFabricMesh(t).isEmpty());
        const QString advice = TopologyAdvisor::advise(t).join(QLatin1Char('\n'));
        QVERIFY2(advice.contains(QLatin1String("not searched for over 32 GPUs")), qPrintable(advice));
        QVERIFY2(!advice.contains(QLatin1String("up to 0")), qPrintable(advice));
        // At the limit the search runs: 32 GPUs in pairs, the first pair.
        const Topology at
            = gpuMatrix(TopologyAdvisor::maxMeshSearch, [](int a, int b) { return b == a + 1 && a % 2 == 0; });
        QCOMPARE(TopologyAdvisor::largestFabricMesh(at), (QList<int>{0, 1}));
    }

    void exportsCarryLinksAndAdvice()
    {
        const Topology t = builtPlugins()
                               .backend(QStringLiteral("npu"))
                               ->parseTopology(envData(QStringLiteral("npu_smi_info_t_topo_910B3_8npu_HCCS.txt")));
        const QJsonObject json = TopologyExport::toJson(t);
        QCOMPARE(json.value(QStringLiteral("acceleratorCount")).toInt(), 8);
        QCOMPARE(json.value(QStringLiteral("links")).toArray().size(), 28);
        QCOMPARE(
            json.value(QStringLiteral("links")).toArray().first().toObject().value(QStringLiteral("type")).toString(),
            QStringLiteral("HCCS"));
        const QString dot = TopologyExport::toDot(t);
        QVERIFY(dot.startsWith(QLatin1String("graph topology")));
        QCOMPARE(dot.count(QLatin1String(" -- ")), 28);
    }

    void readerTakesTheFirstBackendWithAccelerators_data()
    {
        QTest::addColumn<QByteArray>("capture");
        QTest::addColumn<QString>("source"); // empty: refused
        QTest::addColumn<int>("accelerators");

        QTest::newRow("nvidia-smi") << envData(QStringLiteral("nvidia_smi_topo_4xA100_NV12_1nic_tabs.txt"))
                                    << "nvidia-smi topo -m" << 4;
        QTest::newRow("npu-smi") << envData(QStringLiteral("npu_smi_info_t_topo_910B3_8npu_HCCS.txt"))
                                 << "npu-smi info -t topo" << 8;
        QTest::newRow("Atlas A3 Phy-IDs")
            << envData(QStringLiteral("npu_smi_info_t_topo_A3_2die_SIO.txt")) << "npu-smi info -t topo" << 2;
        QTest::newRow("empty") << QByteArray() << "" << 0;
        QTest::newRow("legend only") << QByteArray("Legend:\n  X = Self\n") << "" << 0;
        // A matrix of NICs only is no device topology, whichever parser reads it.
        QTest::newRow("NICs only") << QByteArray("\tNIC0\tNIC1\nNIC0\t X \tPIX\nNIC1\tPIX\t X \n") << "" << 0;
    }

    void readerTakesTheFirstBackendWithAccelerators()
    {
        QFETCH(QByteArray, capture);
        QFETCH(QString, source);
        QFETCH(int, accelerators);
        const QList<const DeviceBackend *> backends = builtPlugins().deviceBackends();
        QCOMPARE(backends.size(), 3);
        const Topology t = TopologyReader::fromCapture(capture, backends);
        QCOMPARE(bool(t), !source.isEmpty());
        if (t) {
            QCOMPARE(t.source, source);
            QCOMPARE(t.accelerators().size(), accelerators);
        } else {
            // Every backend's reason, so a refusal says why.
            for (const QString &id : {QStringLiteral("cuda: "), QStringLiteral("npu: "), QStringLiteral("musa: ")})
                QVERIFY2(t.error.contains(id), qPrintable(t.error));
        }
    }

    void probeRunsEachBackendsTool_data()
    {
        // Script bodies for the vendor tools on a PATH of their own; empty: the tool is absent.
        QTest::addColumn<QString>("nvidiaSmi");
        QTest::addColumn<QString>("npuSmi");
        QTest::addColumn<QString>("source"); // empty: no topology
        QTest::addColumn<QStringList>("reasons"); // substrings of the error

        const QString npuCapture
            = QStringLiteral("exec /bin/cat '" PORTBENCH_TEST_DATA "/env/npu_smi_info_t_topo_910B3_8npu_HCCS.txt'");
        QTest::newRow("no tool") << QString() << QString() << QString()
                                 << QStringList{QStringLiteral("cuda: nvidia-smi not found"),
                                                QStringLiteral("npu: npu-smi not found"),
                                                QStringLiteral("musa: mthreads-gmi not found")};
        QTest::newRow("nvidia-smi fails, npu-smi answers")
            << "echo 'NVIDIA-SMI has failed' >&2; exit 9" << npuCapture << "npu-smi info -t topo" << QStringList{};
        QTest::newRow("nvidia-smi fails")
            << "echo 'NVIDIA-SMI has failed' >&2; exit 9" << QString() << QString()
            << QStringList{QStringLiteral("cuda: nvidia-smi topo -m: "), QStringLiteral("npu: npu-smi not found")};
        QTest::newRow("nvidia-smi prints no matrix")
            << "echo 'No devices were found'" << QString() << QString()
            << QStringList{QStringLiteral("cuda: no nvidia-smi topo -m topology matrix found")};
    }

    void probeRunsEachBackendsTool()
    {
        QFETCH(QString, nvidiaSmi);
        QFETCH(QString, npuSmi);
        QFETCH(QString, source);
        QFETCH(QStringList, reasons);
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        for (const auto &[name, body] :
             {std::pair{QStringLiteral("nvidia-smi"), nvidiaSmi}, std::pair{QStringLiteral("npu-smi"), npuSmi}}) {
            if (body.isEmpty())
                continue;
            QFile script(bin.filePath(name));
            QVERIFY(script.open(QIODevice::WriteOnly));
            script.write("#!/bin/sh\n" + body.toUtf8() + '\n');
            script.close();
            QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        }
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(bin.path()));
        const QList<const DeviceBackend *> backends = builtPlugins().deviceBackends();
        const Topology t = TopologyReader::probe(CommandRunner(), backends);
        qputenv("PATH", oldPath);
        QCOMPARE(bool(t), !source.isEmpty());
        if (t) {
            QCOMPARE(t.source, source);
            QCOMPARE(t.accelerators().size(), 8);
        }
        for (const QString &reason : std::as_const(reasons))
            QVERIFY2(t.error.contains(reason), qPrintable(t.error));
    }

    void garbageIsAnErrorNotACrash()
    {
        for (const QByteArray &bad : {QByteArray(), QByteArray("Legend:\n  X = Self\n"),
                                      envData(QStringLiteral("npu_smi_info_910B2_8npu_23.0.7.txt"))}) {
            const Topology t = builtPlugins().backend(QStringLiteral("cuda"))->parseTopology(bad);
            QVERIFY(!t || t.accelerators().size() <= 1);
        }
        QVERIFY(!builtPlugins()
                     .backend(QStringLiteral("npu"))
                     ->parseTopology(envData(QStringLiteral("nvidia_smi_topo_1gpu_spaces.txt"))));
        // A short row is kept and reported with its line, not dropped silently.
        const Topology shortRow = builtPlugins().backend(QStringLiteral("cuda"))->parseTopology("GPU0 GPU1\nGPU0 X\n");
        QVERIFY(shortRow.warnings.join(QLatin1Char(' '))
                    .contains(QLatin1String("line 2: row GPU0 has 1 link cells, expected 2")));
    }
};

QTEST_GUILESS_MAIN(TestTopology)
#include "tst_topology.moc"

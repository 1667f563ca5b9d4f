// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "backendsfixture.h"

#include <QTest>

class TestDevices : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCOMPARE(builtPlugins().backends().size(), 3); }

    void parse_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("memory"); // of the first device, MiB; -1 unknown
        QTest::addColumn<QString>("driver");
        QTest::addColumn<QList<int>>("indices");
        QTest::addColumn<int>("warnings");

        // clang-format off
        QTest::newRow("nvidia default 4xH100") << "cuda" << "nvidia_smi_default_4xH100_driver560.txt" << 4 << "NVIDIA H100 80GB HBM3" << qint64(81559) << "560.35.05" << QList<int>{0, 1, 2, 3} << 0;
        QTest::newRow("nvidia csv V100") << "cuda" << "nvidia_smi_query_gpu_csv_V100_real.txt" << 8 << "Tesla V100-SXM2-32GB" << qint64(32768) << "" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 0;
        QTest::newRow("nvidia csv noheader") << "cuda" << "nvidia_smi_query_gpu_csv_noheader_nounits.txt" << 2 << "" << qint64(-1) << "" << QList<int>{0, 1} << 1;
        QTest::newRow("nvidia csv power") << "cuda" << "nvidia_smi_query_gpu_csv_power_draw.txt" << 2 << "NVIDIA A100-SXM4-80GB" << qint64(81920) << "" << QList<int>{0, 1} << 0;
        QTest::newRow("nvidia csv constructed") << "cuda" << "nvidia_smi_query_gpu_csv_requested_CONSTRUCTED.txt" << 2 << "NVIDIA H100 80GB HBM3" << qint64(81559) << "" << QList<int>{0, 1} << 0;
        QTest::newRow("910B2 with processes") << "npu" << "npu_smi_info_910B2_8npu_23.0.7.txt" << 8 << "910B2" << qint64(65536) << "23.0.7" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 0;
        QTest::newRow("910B3 24.1") << "npu" << "npu_smi_info_910B3_8npu_24.1.rc1.txt" << 8 << "910B3" << qint64(65536) << "24.1.rc1.b030" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 0;
        QTest::newRow("910B4 process header") << "npu" << "npu_smi_info_910B4_25.5.2_with_process_header.txt" << 1 << "910B4" << qint64(32768) << "25.5.2" << QList<int>{5} << 0;
        QTest::newRow("910B4 partial") << "npu" << "npu_smi_info_910B4_llamacpp_23.0.6_PARTIAL.txt" << 1 << "910B4" << qint64(-1) << "23.0.6" << QList<int>{1} << 1;
        QTest::newRow("910B 32G DDR") << "npu" << "npu_smi_info_910B_32G_25.5.2_DDR_in_MemoryUsage_PARTIAL.txt" << 2 << "910B" << qint64(32768) << "25.5.2" << QList<int>{0, 1} << 0;
        QTest::newRow("310P no version box") << "npu" << "npu_smi_info_310P3_2card_NOVERSIONLINE.txt" << 2 << "310P3" << qint64(21534) << "" << QList<int>{0, 1} << 0;
        QTest::newRow("310B4") << "npu" << "npu_smi_info_310B4_23.0.rc3.txt" << 1 << "310B4" << qint64(3513) << "23.0.rc3" << QList<int>{0} << 0;
        QTest::newRow("A3 two chips per NPU") << "npu" << "npu_smi_info_A3_910_2npu4chip_TRIMMED.txt" << 4 << "Ascend910" << qint64(65536) << "24.1.rc3.7" << QList<int>{0, 1, 2, 3} << 0;
        QTest::newRow("A3 full node 16 chips") << "npu" << "npu_smi_info_A3_24.1.rc3.7_8npu16chip.txt" << 16 << "Ascend910" << qint64(65536) << "24.1.rc3.7" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15} << 0;
        QTest::newRow("A3 25.5.1 Phy-Id") << "npu" << "npu_smi_info_A3_25.5.1_Phy-Id_5die_PARTIAL.txt" << 5 << "Ascend910" << qint64(65536) << "25.5.1" << QList<int>{0, 1, 2, 3, 4} << 0;
        QTest::newRow("mthreads 8xS5000") << "musa" << "mthreads_gmi_8xS5000_2.4.1.txt" << 8 << "MTT S5000" << qint64(81920) << "5.1.0-server" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 0;
        QTest::newRow("A3 26.0.rc1 process id in container") << "npu" << "npu_smi_info_A3_26.0.rc1_2npu4chip_ProcIdInContainer_TRIMMED.txt" << 4 << "Ascend910" << qint64(65536) << "26.0.rc1" << QList<int>{0, 1, 10, 11} << 0;
        QTest::newRow("A3 25.2.1 full node") << "npu" << "npu_smi_info_A3_25.2.1_8npu16chip.txt" << 16 << "Ascend910" << qint64(65536) << "25.2.1" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15} << 0;
        QTest::newRow("950PR NPU ID column") << "npu" << "npu_smi_info_950PR_25.7.rc1_3npu_NPU_ID_column.txt" << 3 << "Ascend950PR" << qint64(114688) << "25.7.rc1" << QList<int>{0, 1, 2} << 0;
        QTest::newRow("950DT no version box") << "npu" << "npu_smi_info_950DT_8npu_NOVERSIONLINE.txt" << 8 << "Ascend950DT" << qint64(98304) << "" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 0;
        QTest::newRow("310P3 Chip Device") << "npu" << "npu_smi_info_310P3_24.1.0.1_2card4chip_Chip_Device.txt" << 4 << "310P3" << qint64(44280) << "24.1.0.1" << QList<int>{0, 1, 2, 3} << 0;
        QTest::newRow("910B4 empty process name") << "npu" << "npu_smi_info_910B4_24.1.rc3_8npu_empty_process_name.txt" << 8 << "910B4" << qint64(32768) << "24.1.rc3" << QList<int>{0, 1, 2, 3, 4, 5, 6, 7} << 0;
        QTest::newRow("mthreads 1xS80") << "musa" << "mthreads_gmi_1xS80_1.14.0_noproc.txt" << 1 << "MTT S80" << qint64(16384) << "2.7.0" << QList<int>{0} << 0;
        // clang-format on
    }
    void parse()
    {
        QFETCH(QString, backend);
        QFETCH(QString, file);
        QFETCH(int, count);
        QFETCH(QString, name);
        QFETCH(qint64, memory);
        QFETCH(QString, driver);
        QFETCH(QList<int>, indices);
        QFETCH(int, warnings);
        const QByteArray data = envData(file);
        QVERIFY(!data.isEmpty());
        const DeviceInventory inv = builtPlugins().backend(backend)->parseDevices(data);
        QVERIFY2(bool(inv), qPrintable(inv.error));
        QCOMPARE(inv.devices.size(), count);
        QCOMPARE(inv.devices.first().name, name);
        QCOMPARE(inv.devices.first().memoryTotalMiB, memory);
        QCOMPARE(inv.driverVersion, driver);
        QList<int> got;
        for (const DeviceInfo &d : inv.devices)
            got << d.index;
        QCOMPARE(got, indices);
        QCOMPARE(inv.warnings.size(), warnings);
    }

    void newNvidiaBannerUsesKmdVersion()
    {
        QByteArray data = envData(QStringLiteral("nvidia_smi_default_4xH100_driver560.txt"));
        data.replace("Driver Version: 560.35.05      CUDA Version: 12.6",
                     "KMD Version: 580.82.07   CUDA UMD Version: 13.0");
        const DeviceInventory inv = builtPlugins().backend(QStringLiteral("cuda"))->parseDevices(data);
        QCOMPARE(inv.driverVersion, QStringLiteral("580.82.07"));
        QCOMPARE(inv.runtimeVersion, QStringLiteral("13.0"));
        QCOMPARE(inv.devices.size(), 4);
    }

    void a3ChipsKeepCardAndChip()
    {
        const DeviceInventory inv
            = builtPlugins()
                  .backend(QStringLiteral("npu"))
                  ->parseDevices(envData(QStringLiteral("npu_smi_info_A3_910_2npu4chip_TRIMMED.txt")));
        QCOMPARE(inv.devices.at(1).card, 0);
        QCOMPARE(inv.devices.at(1).chip, 1);
        QCOMPARE(inv.devices.at(2).card, 1);
        QCOMPARE(inv.devices.at(2).chip, 0);
        QCOMPARE(inv.devices.at(3).busId, QStringLiteral("0000:9B:00.0"));
        QCOMPARE(inv.devices.at(3).memoryUsedMiB, 3193);
        // A whole A3 node: eight cards of two chips, the last chip Phy-ID 15 on card 7.
        const DeviceInventory node
            = builtPlugins()
                  .backend(QStringLiteral("npu"))
                  ->parseDevices(envData(QStringLiteral("npu_smi_info_A3_24.1.rc3.7_8npu16chip.txt")));
        QCOMPARE(node.devices.size(), 16);
        QCOMPARE(node.devices.at(15).card, 7);
        QCOMPARE(node.devices.at(15).chip, 1);
        QCOMPARE(node.devices.at(15).busId, QStringLiteral("0000:83:00.0"));
        QCOMPARE(node.devices.at(15).memoryUsedMiB, 3188);
        QCOMPARE(node.devices.at(10).busId, QStringLiteral("0000:89:00.0"));
    }

    void wrongToolOutputIsAnError()
    {
        for (const QString id : {QStringLiteral("cuda"), QStringLiteral("npu"), QStringLiteral("musa")}) {
            const DeviceInventory inv = builtPlugins().backend(id)->parseDevices("hello\nworld\n");
            QVERIFY2(!inv, qPrintable(id));
            QVERIFY(!inv.error.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestDevices)
#include "tst_devices.moc"

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// The demo's word on emulated bf16, from the flags of /proc/cpuinfo as the kernel prints them.
#include "core/base/io/inputfile.h"
#include "core/workflows/reference/demoplan.h"

#include <QFile>
#include <QTest>

class TestDemoPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emulatedBf16_data()
    {
        QTest::addColumn<QByteArray>("cpuinfo");
        QTest::addColumn<QString>("device");
        QTest::addColumn<bool>("emulated");
        const QByteArray head = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R)\n";
        const QByteArray plain = "flags\t\t: fpu vme sse sse2 avx avx2 avx512f avx512bw avx512_vnni\n";
        QTest::newRow("no bf16 flag") << head + plain << QStringLiteral("cpu") << true;
        QTest::newRow("avx512_bf16") << head + "flags\t\t: fpu avx512f avx512_bf16 avx512_vnni\n"
                                     << QStringLiteral("cpu") << false;
        QTest::newRow("amx_bf16 last") << head + "flags\t\t: fpu avx512f amx_tile amx_bf16\n"
                                       << QStringLiteral("cpu") << false;
        // A longer flag that begins the same way is not the flag.
        QTest::newRow("prefix only") << head + "flags\t\t: fpu avx512_bf16x\n" << QStringLiteral("cpu") << true;
        QTest::newRow("gpu run") << head + plain << QStringLiteral("cuda") << false;
        QTest::newRow("no flags line") << QByteArray("processor\t: 0\nBogoMIPS\t: 50.00\n") << QStringLiteral("cpu")
                                       << false;
        QTest::newRow("no cpuinfo") << QByteArray() << QStringLiteral("cpu") << false;
    }

    void emulatedBf16()
    {
        QFETCH(QByteArray, cpuinfo);
        QFETCH(QString, device);
        QFETCH(bool, emulated);
        TrainConfig config = DemoPlan::defaultConfig();
        config.device = device;
        const DemoPlan plan = DemoPlan::make(config, QStringLiteral("/tmp/unused"));
        QCOMPARE(DemoPlan::candidateEmulatesBf16(plan.candidate, cpuinfo), emulated);
    }

    // Emulated bf16: both runs train fewer steps on the same schedule shape; a user's warm-up stays.
    void shortenedForEmulatedBf16_data()
    {
        QTest::addColumn<int>("steps");
        QTest::addColumn<bool>("keepWarmup");
        QTest::addColumn<int>("expectedSteps");
        QTest::addColumn<int>("expectedWarmup");
        QTest::newRow("default") << 300 << false << DemoPlan::emulatedBf16Steps << 30;
        QTest::newRow("user's warm-up") << 300 << true << DemoPlan::emulatedBf16Steps << 60;
        QTest::newRow("already short") << 80 << false << 80 << 60;
    }
    void shortenedForEmulatedBf16()
    {
        QFETCH(int, steps);
        QFETCH(bool, keepWarmup);
        QFETCH(int, expectedSteps);
        QFETCH(int, expectedWarmup);
        TrainConfig config = DemoPlan::defaultConfig();
        config.steps = steps;
        const TrainConfig shorter = DemoPlan::shortenedForEmulatedBf16(config, keepWarmup);
        QCOMPARE(shorter.steps, expectedSteps);
        QCOMPARE(shorter.warmupSteps, expectedWarmup);
        QCOMPARE(shorter.learningRate, config.learningRate);
        const DemoPlan plan = DemoPlan::make(shorter, QStringLiteral("/tmp/unused"));
        QCOMPARE(plan.baseline.steps, plan.candidate.steps);
        QCOMPARE(plan.candidate.precision, QStringLiteral("bf16"));
    }

    // /proc/cpuinfo says its size is 0: it is read to its end all the same.
    void readsThisMachinesCpuinfo()
    {
        QFile f(QStringLiteral("/proc/cpuinfo"));
        if (!f.open(QIODevice::ReadOnly))
            QSKIP("no /proc/cpuinfo");
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("processor"));
        // What candidateEmulatesBf16() reads it with.
        const InputFile::Result read
            = InputFile::read(QStringLiteral("/proc/cpuinfo"), InputFile::textCaptureLimit, QStringLiteral("cpuinfo"));
        QVERIFY2(read, qPrintable(read.error));
        QVERIFY(read.bytes.contains("processor"));
        const TrainConfig candidate
            = DemoPlan::make(DemoPlan::defaultConfig(), QStringLiteral("/tmp/unused")).candidate;
        QCOMPARE(DemoPlan::candidateEmulatesBf16(candidate), DemoPlan::candidateEmulatesBf16(candidate, text));
    }
};

QTEST_GUILESS_MAIN(TestDemoPlan)
#include "tst_demoplan.moc"

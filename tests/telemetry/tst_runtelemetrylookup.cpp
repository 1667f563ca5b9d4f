// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/engines/telemetry/runtelemetrylookup.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

const QString npuWorkspaceTel = QStringLiteral(PORTBENCH_TEST_DATA "/parity/telemetry/telemetry-npu01.tel");

QList<const DeviceBackend *> loadedBackends()
{
    return builtPlugins().deviceBackends();
}

/// NaN where expected is NaN, else within a rounding of the expected value.
bool sameFigure(double actual, double expected)
{
    return std::isnan(expected) ? std::isnan(actual) : std::abs(actual - expected) < 1e-6 * std::max(1.0, expected);
}

bool copyTo(const QString &from, const QString &to)
{
    return QFile::copy(from, to);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

/// RunTelemetryLookup: the figures parity and reports show beside a run's throughput, from the files
/// that belong to the run.
class TestRunTelemetryLookup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void summaryOfACapture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("devices");
        QTest::addColumn<qint64>("spanMs");
        QTest::addColumn<double>("util");
        QTest::addColumn<double>("peakMiB");
        QTest::addColumn<double>("peakPercent");
        QTest::addColumn<double>("power");
        const double none = std::nan("");
        // Two NPU chips at 60 % on average, the fuller one at 90 % (58982 MiB), 300 W each.
        QTest::newRow("portbench-telemetry/1, 2 chips")
            << npuWorkspaceTel << 2 << qint64(2000) << 60.0 << 58982.0 << 90.0 << 300.0;
        // Real: one idle H100 (0 %, 0 MiB of 81559, 112.96 W), one sample.
        QTest::newRow("nvidia-smi CSV, H100")
            << QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/nvidia_smi_query_csv_h100_1gpu.txt") << 1 << qint64(0)
            << 0.0 << 0.0 << 0.0 << 112.96;
        // Real: eight V100s, one busy at 100 %: the run's mean is its average device (12.5 %), its
        // peak the fullest one (13928 of 32768 MiB); no power column, so no power.
        QTest::newRow("nvidia-smi CSV, 8 x V100")
            << QStringLiteral(PORTBENCH_TEST_DATA "/env/nvidia_smi_query_gpu_csv_V100_real.txt") << 8 << qint64(0)
            << 12.5 << 13928.0 << 13928.0 / 32768 * 100 << none;
    }

    void summaryOfACapture()
    {
        QFETCH(QString, file);
        QFETCH(int, devices);
        QFETCH(qint64, spanMs);
        QFETCH(double, util);
        QFETCH(double, peakMiB);
        QFETCH(double, peakPercent);
        QFETCH(double, power);
        const RunTelemetrySummary s = RunTelemetryLookup::read({file}, loadedBackends());
        QVERIFY2(s.problems.isEmpty(), qPrintable(s.problems.join(QLatin1Char('\n'))));
        QCOMPARE(s.files, QStringList{file});
        QCOMPARE(s.devices, devices);
        QCOMPARE(s.spanMs, spanMs);
        QVERIFY2(sameFigure(s.meanUtilPercent, util), qPrintable(QString::number(s.meanUtilPercent)));
        QVERIFY2(sameFigure(s.peakMemoryMiB, peakMiB), qPrintable(QString::number(s.peakMemoryMiB)));
        QVERIFY2(sameFigure(s.peakMemoryPercent, peakPercent), qPrintable(QString::number(s.peakMemoryPercent)));
        QVERIFY2(sameFigure(s.meanPowerW, power), qPrintable(QString::number(s.meanPowerW)));
    }

    void filesOfOneRunAddUp()
    {
        // Two hosts' recordings of one run: ten devices, the means over all of them.
        const RunTelemetrySummary s = RunTelemetryLookup::read(
            {npuWorkspaceTel, QStringLiteral(PORTBENCH_TEST_DATA "/env/nvidia_smi_query_gpu_csv_V100_real.txt")},
            loadedBackends());
        QCOMPARE(s.devices, 10);
        QCOMPARE(s.files.size(), 2);
        QVERIFY(sameFigure(s.meanUtilPercent, (2 * 60.0 + 100) / 10));
        QVERIFY(sameFigure(s.peakMemoryPercent, 90));
        QVERIFY(sameFigure(s.meanPowerW, 300)); // only the NPUs report power
        QCOMPARE(s.powerDevices, 2);
    }

    void unreadableFileIsAProblem()
    {
        const RunTelemetrySummary s = RunTelemetryLookup::read({QStringLiteral("/nonexistent/telemetry-x.tel")}, {});
        QVERIFY(s.isEmpty());
        QCOMPARE(s.problems.size(), 1);
        QVERIFY(s.problems.first().startsWith(QLatin1String("/nonexistent/telemetry-x.tel")));
    }

    void workspaceRunDirectoryIsPickedUp_data()
    {
        QTest::addColumn<bool>("runJson");
        QTest::addColumn<QStringList>("expected");
        // A launched run's folder: run.json, output.log and one telemetry file per host.
        QTest::newRow("run directory") << true
                                       << QStringList{QStringLiteral("telemetry-gpu-a.tel"),
                                                      QStringLiteral("telemetry-gpu-b.tel")};
        // Any other folder: a telemetry file lying beside a log is not taken to be its run's.
        QTest::newRow("plain folder") << false << QStringList();
    }

    void workspaceRunDirectoryIsPickedUp()
    {
        QFETCH(bool, runJson);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.filePath(QStringLiteral("output.log"));
        QVERIFY(writeFile(log, "iteration 1/ 10 | lm loss: 1.0 |\n"));
        if (runJson)
            QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), "{}"));
        QVERIFY(copyTo(npuWorkspaceTel, dir.filePath(QStringLiteral("telemetry-gpu-b.tel"))));
        QVERIFY(copyTo(npuWorkspaceTel, dir.filePath(QStringLiteral("telemetry-gpu-a.tel"))));
        QVERIFY(copyTo(npuWorkspaceTel, dir.filePath(QStringLiteral("node.tel")))); // not the workspace's name
        QStringList files;
        for (const QString &f : expected)
            files << dir.filePath(f);
        QCOMPARE(RunTelemetryLookup::besideLog(log), files);
        QCOMPARE(RunTelemetryLookup::besideLog(dir.path()), files); // the run's folder itself
        if (runJson)
            QCOMPARE(RunTelemetryLookup::read(RunTelemetryLookup::besideLog(log), {}).devices, 4);
    }
};

QTEST_GUILESS_MAIN(TestRunTelemetryLookup)
#include "tst_runtelemetrylookup.moc"

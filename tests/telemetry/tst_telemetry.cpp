// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "builtplugins.h"
#include "core/sources/plugins/devicebackend.h"
#include "core/engines/telemetry/telemetryappender.h"
#include "core/engines/telemetry/telemetrycapture.h"
#include "core/engines/telemetry/telemetrychart.h"
#include "core/engines/telemetry/telemetryfile.h"
#include "core/engines/telemetry/telemetryflags.h"
#include "core/engines/telemetry/telemetrymetric.h"
#include "core/engines/telemetry/telemetryschedule.h"

#include <QFile>
#include <QTemporaryDir>
#include <QDateTime>
#include <QTest>

#include <cmath>

namespace {

QString dataPath(const QString &name)
{
    return QStringLiteral(PORTBENCH_TEST_DATA "/telemetry/") + name;
}

QList<const DeviceBackend *> backends()
{
    return builtPlugins().deviceBackends();
}

const TelemetryFlag *findFlag(const QList<TelemetryFlag> &flags, TelemetryFlag::Kind kind, const QString &device)
{
    for (const TelemetryFlag &f : flags) {
        if (f.kind == kind && f.device == device)
            return &f;
    }
    return nullptr;
}

} // namespace

class TestTelemetry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsCaptures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("samples");
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<double>("peak");
        QTest::addColumn<qint64>("lastTimeMs"); // of that device; -1: not checked

        const QString nvidia = QStringLiteral("nvidia-smi --query-gpu");
        const QString watch = QStringLiteral("npu-smi info watch");
        QTest::newRow("H100, header with units, no timestamp")
            << "nvidia_smi_query_csv_h100_1gpu.txt" << nvidia << 1 << 1 << "0" << TelemetryMetric::powerWatts << 112.96
            << qint64(0);
        QTest::newRow("8 x V100, one busy") << "../env/nvidia_smi_query_gpu_csv_V100_real.txt" << nvidia << 8 << 8
                                            << "6" << TelemetryMetric::memoryUsedMiB << 13928.0 << qint64(0);
        QTest::newRow("sampler query, header and units")
            << "nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt" << nvidia << 2 << 16 << "0"
            << TelemetryMetric::memoryPercent << 100.0 * 78000 / 81559 << qint64(-1);
        QTest::newRow("sampler query, noheader nounits")
            << "nvidia_smi_lms_2xH100_noheader_nounits_CONSTRUCTED.txt" << nvidia << 2 << 16 << "0"
            << TelemetryMetric::throttled << 1.0 << qint64(-1);
        const QString dmon = QStringLiteral("nvidia-smi dmon");
        QTest::newRow("dmon, one GPU, no clock") << "nvidia_smi_dmon_1gpu_d15.txt" << dmon << 1 << 6 << "0"
                                                 << TelemetryMetric::utilisation << 96.0 << qint64(5000);
        QTest::newRow("dmon -s pucvmet, 4 GPUs, 2016 columns")
            << "nvidia_smi_dmon_4gpu_pucvmet_2016.txt" << dmon << 4 << 4 << "3" << TelemetryMetric::memoryUsedMiB
            << 11660.0 << qint64(0);
        QTest::newRow("dmon -s pucvmet -o DT")
            << "nvidia_smi_dmon_2gpu_pucvmet_DT.txt" << dmon << 2 << 2 << "0" << TelemetryMetric::powerWatts << 15.0
            << QDateTime(QDate(2026, 5, 29), QTime(9, 51, 25)).toMSecsSinceEpoch();
        QTest::newRow("npu-smi watch 910B -i 2") << "npu_smi_info_watch_910B_i2.txt" << watch << 1 << 31 << "2:0"
                                                 << TelemetryMetric::powerWatts << 100.1 << qint64(30000);
        QTest::newRow("npu-smi watch 310B") << "npu_smi_info_watch_310B_davinci_mini.txt" << watch << 1 << 12 << "0:0"
                                            << TelemetryMetric::utilisation << 25.0 << qint64(11000);
        QTest::newRow("npu-smi watch, 8 NPUs, no ChipId") << "npu_smi_info_watch_8npu_manual.txt" << watch << 8 << 8
                                                          << "7" << TelemetryMetric::powerWatts << 289.3 << qint64(0);
        QTest::newRow("npu-smi watch -s pt") << "npu_smi_info_watch_pt_manual.txt" << watch << 1 << 3 << "0"
                                             << TelemetryMetric::temperatureC << 84.0 << qint64(2000);
        QTest::newRow("mthreads-gmi table, 8 x S5000")
            << "../env/mthreads_gmi_8xS5000_2.4.1.txt"
            << "mthreads-gmi" << 8 << 8 << "5" << TelemetryMetric::temperatureC << 50.0 << qint64(-1);
        QTest::newRow("mthreads-gmi table, 1 x S80 (1.14.0)")
            << "../env/mthreads_gmi_1xS80_1.14.0_noproc.txt"
            << "mthreads-gmi" << 1 << 1 << "0" << TelemetryMetric::memoryUsedMiB << 2.0 << qint64(-1);
        QTest::newRow("portbench-telemetry/1") << "flags_4gpu.tel"
                                               << "portbench-telemetry/1" << 4 << 32 << "1"
                                               << TelemetryMetric::memoryPercent << 97.2 << qint64(1764000007000);
    }

    void readsCaptures()
    {
        QFETCH(QString, file);
        QFETCH(QString, tool);
        QFETCH(int, devices);
        QFETCH(int, samples);
        QFETCH(QString, device);
        QFETCH(QString, metric);
        QFETCH(double, peak);
        QFETCH(qint64, lastTimeMs);

        QVERIFY(TelemetryCapture::recognises(TelemetryCapture::head(dataPath(file)), backends()));
        const TelemetryCapture::Result r = TelemetryCapture::read(dataPath(file), backends(), QStringLiteral("h"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.recording.problems, QStringList());
        QCOMPARE(r.recording.tool, tool);
        QCOMPARE(int(r.recording.series.size()), devices);
        QCOMPARE(r.recording.sampleCount, qint64(samples));
        const TelemetrySeries *s = nullptr;
        for (const QString &host : r.recording.hosts())
            s = s ? s : r.recording.find(host, device);
        QVERIFY(s);
        QVERIFY2(std::abs(s->max(metric) - peak) < 1e-3 * std::max(1.0, peak),
                 qPrintable(QString::number(s->max(metric))));
        if (lastTimeMs >= 0)
            QCOMPARE(s->time(s->size() - 1), lastTimeMs);
    }

    void sampleTimesFollowTheToolsClock()
    {
        const TelemetryCapture::Result r = TelemetryCapture::read(
            dataPath(QStringLiteral("nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt")), backends());
        const TelemetrySeries &gpu1 = r.recording.series.at(1);
        QCOMPARE(gpu1.device(), QStringLiteral("1"));
        QCOMPARE(gpu1.time(1) - gpu1.time(0), qint64(500)); // -lms 500
        QCOMPARE(gpu1.time(7) - gpu1.time(0), qint64(3500));
    }

    void ascendMemoryInMiBFromUsages_data()
    {
        QTest::addColumn<QString>("usages");
        QTest::addColumn<double>("totalMiB"); // of NPU 0; 0: none
        QTest::addColumn<double>("usedMiB"); // -1: none
        QTest::newRow("910B, HBM only: used from Memory(%)")
            << "npu_smi_info_usages_910B_25.5.1.txt" << 65536.0 << std::round(3 * 65536.0 / 100);
        QTest::newRow("910 with DDR: Memory(%) may be the DDR's, total only")
            << "../env/npu_smi_info_t_usages_i0.txt" << 32768.0 << -1.0;
        QTest::newRow("watch alone: no size") << "" << 0.0 << -1.0;
    }

    void ascendMemoryInMiBFromUsages()
    {
        QFETCH(QString, usages);
        QFETCH(double, totalMiB);
        QFETCH(double, usedMiB);
        // What the Ascend sampler prints: NPU 0's usages, then the watch of 8 NPUs.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sampler.txt"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        for (const QString &name : {usages, QStringLiteral("npu_smi_info_watch_8npu_manual.txt")}) {
            if (name.isEmpty())
                continue;
            QFile in(dataPath(name));
            QVERIFY(in.open(QIODevice::ReadOnly));
            out.write(in.readAll());
        }
        out.close();
        QVERIFY(TelemetryCapture::recognises(TelemetryCapture::head(path), backends()));
        const TelemetryCapture::Result r = TelemetryCapture::read(path, backends(), QStringLiteral("h"));
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.recording.problems, QStringList());
        QCOMPARE(r.recording.sampleCount, qint64(8));
        const TelemetrySeries *npu0 = r.recording.find(QStringLiteral("h"), QStringLiteral("0"));
        const TelemetrySeries *npu1 = r.recording.find(QStringLiteral("h"), QStringLiteral("1"));
        QVERIFY(npu0 && npu1);
        QCOMPARE(npu0->max(TelemetryMetric::memoryPercent), 3.0);
        QCOMPARE(npu0->has(TelemetryMetric::memoryTotalMiB), totalMiB > 0);
        if (totalMiB > 0)
            QCOMPARE(npu0->max(TelemetryMetric::memoryTotalMiB), totalMiB);
        QCOMPARE(npu0->has(TelemetryMetric::memoryUsedMiB), usedMiB >= 0);
        if (usedMiB >= 0)
            QCOMPARE(npu0->max(TelemetryMetric::memoryUsedMiB), usedMiB);
        // Only NPU 0's usages were printed.
        QVERIFY(!npu1->has(TelemetryMetric::memoryTotalMiB));
    }

    void otherFilesAreNotTelemetry_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("a training log") << QStringLiteral(PORTBENCH_TEST_DATA "/logs/h100/SOURCES.md");
        QTest::newRow("npu-smi info table")
            << QStringLiteral(PORTBENCH_TEST_DATA "/env/npu_smi_info_910B3_8npu_24.1.rc1.txt");
        QTest::newRow("a folder") << QStringLiteral(PORTBENCH_TEST_DATA "/telemetry");
    }

    void otherFilesAreNotTelemetry()
    {
        QFETCH(QString, path);
        QVERIFY(!TelemetryCapture::recognises(TelemetryCapture::head(path), backends()));
        QVERIFY(!TelemetryCapture::read(path, backends()));
    }

    void badLinesNameFileAndLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<int>("samples");
        QTest::newRow("npu-smi row cut short") << "bad_npu_smi_watch_short_row.txt"
                                               << ":4: 4 values where the header names 9 columns" << 4;
        QTest::newRow("nvidia-smi value") << "bad_nvidia_smi_value.txt"
                                          << ":4: 'lots MiB' is not a number (memory.used)" << 4;
        QTest::newRow("dmon row cut short") << "bad_nvidia_smi_dmon_short_row.txt"
                                            << ":5: 4 columns where the dmon header has 10" << 5;
        QTest::newRow("own file cut by a crash")
            << "portbench_telemetry_cut_line.tel"
            << ":7: 3 cells where the #columns header names 5 (a line cut short?)" << 4;
    }

    void badLinesNameFileAndLine()
    {
        QFETCH(QString, file);
        QFETCH(QString, problem);
        QFETCH(int, samples);
        const TelemetryCapture::Result r = TelemetryCapture::read(dataPath(file), backends());
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.recording.problems, QStringList{dataPath(file) + problem});
        QCOMPARE(r.recording.sampleCount, qint64(samples));
    }

    void flags_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("samples");
        QTest::addColumn<double>("peak");
        using K = TelemetryFlag::Kind;
        QTest::newRow("idle while the others work") << "flags_4gpu.tel" << 3 << int(K::Straggler) << "3" << 4 << 95.0;
        QTest::newRow("memory above 95 %") << "flags_4gpu.tel" << 3 << int(K::MemoryFull) << "1" << 3 << 97.2;
        QTest::newRow("throttled") << "flags_4gpu.tel" << 3 << int(K::Throttled) << "2" << 3 << 0.0;
        QTest::newRow("nvidia-smi: GPU 1 stops")
            << "nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt" << 3 << int(K::Straggler) << "1" << 4 << 98.0;
        QTest::newRow("nvidia-smi: power cap (0x4)")
            << "nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt" << 3 << int(K::Throttled) << "0" << 3 << 0.0;
        QTest::newRow("nvidia-smi: 95.6 % memory") << "nvidia_smi_lms_2xH100_header_units_CONSTRUCTED.txt" << 3
                                                   << int(K::MemoryFull) << "0" << 8 << 100.0 * 78000 / 81559;
        QTest::newRow("all idle: nobody straggles") << "flags_all_idle.tel" << 0 << -1 << QString() << 0 << 0.0;
        QTest::newRow("one device busy of eight")
            << "../env/nvidia_smi_query_gpu_csv_V100_real.txt" << 0 << -1 << QString() << 0 << 0.0;
    }

    void flags()
    {
        QFETCH(QString, file);
        QFETCH(int, count);
        QFETCH(int, kind);
        QFETCH(QString, device);
        QFETCH(int, samples);
        QFETCH(double, peak);
        const TelemetryCapture::Result r = TelemetryCapture::read(dataPath(file), backends());
        QVERIFY2(r, qPrintable(r.error));
        const QList<TelemetryFlag> flags = TelemetryFlags::compute(r.recording);
        QCOMPARE(flags.size(), count);
        if (kind < 0)
            return;
        const TelemetryFlag *f = findFlag(flags, TelemetryFlag::Kind(kind), device);
        QVERIFY(f);
        QCOMPARE(f->samples, samples);
        QVERIFY2(std::abs(f->peak - peak) < 1e-3, qPrintable(QString::number(f->peak)));
        QVERIFY(f->text().contains(f->host + QLatin1Char(':') + device));
    }

    void stragglerSpansItsIdleRounds()
    {
        const TelemetryCapture::Result r
            = TelemetryCapture::read(dataPath(QStringLiteral("flags_4gpu.tel")), backends());
        const QList<TelemetryFlag> flags = TelemetryFlags::compute(r.recording);
        const TelemetryFlag *f = findFlag(flags, TelemetryFlag::Kind::Straggler, QStringLiteral("3"));
        QVERIFY(f);
        QCOMPARE(f->fromMs, qint64(1764000003000));
        QCOMPARE(f->toMs, qint64(1764000006000));
    }

    void flagsInStepsAreTheWholesFlags_data()
    {
        QTest::addColumn<int>("linesPerStep");
        QTest::newRow("a line at a time") << 1;
        QTest::newRow("mid-round steps") << 3;
        QTest::newRow("two rounds at a time") << 8;
    }

    void flagsInStepsAreTheWholesFlags()
    {
        // A file followed as it is written is flagged step by step (the System Charts dock): the
        // same flags as the whole read at once.
        QFETCH(int, linesPerStep);
        QFile source(dataPath(QStringLiteral("flags_4gpu.tel")));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = source.readAll().split('\n');
        QTemporaryDir dir;
        QFile growing(dir.filePath(QStringLiteral("node.tel")));
        QVERIFY(growing.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        TelemetryCapture capture(growing.fileName(), backends());
        TelemetryRecording recording;
        TelemetryFlags flags;
        std::vector<size_t> seen;
        QString error;
        for (qsizetype i = 0; i < lines.size(); i += linesPerStep) {
            for (qsizetype k = i; k < std::min(lines.size(), i + linesPerStep); ++k)
                growing.write(lines[k] + '\n');
            QVERIFY2(capture.readMore(recording, false, &error), qPrintable(error));
            flags.addSince(recording, seen);
        }
        flags.finish();
        const QList<TelemetryFlag> whole = TelemetryFlags::compute(recording);
        QCOMPARE(recording.sampleCount, qint64(32));
        QCOMPARE(flags.flags().size(), whole.size());
        for (qsizetype i = 0; i < whole.size(); ++i) {
            QCOMPARE(flags.flags()[i].text(), whole[i].text());
            QCOMPARE(flags.flags()[i].toMs, whole[i].toMs);
        }
    }

    void aChartCurveIsExtendedAsItsSeriesGrows()
    {
        TelemetryRecording recording
            = TelemetryCapture::read(dataPath(QStringLiteral("flags_4gpu.tel")), backends()).recording;
        ChartSpec before = TelemetryChart::spec(recording, TelemetryMetric::utilisation);
        TelemetrySample next;
        next.timeMs = 1764000009000;
        next.device = QStringLiteral("2");
        next.values = {{TelemetryMetric::utilisation, 42.0}};
        recording.append(QStringLiteral("node1"), next);
        const TelemetrySeries &grown = recording.series.at(2);
        ChartCurve &curve = before.curves[2];
        QCOMPARE(TelemetryChart::extend(grown, TelemetryMetric::utilisation, curve), 8);
        const ChartCurve whole = TelemetryChart::spec(recording, TelemetryMetric::utilisation).curves.at(2);
        QCOMPARE(curve.x, whole.x);
        QCOMPARE(curve.y.back(), 42.0);
        QCOMPARE(curve.size(), 9);
        // A curve longer than its series is not a prefix of it: rebuilt, not extended.
        ChartCurve longer = curve;
        longer.x.push_back(0);
        longer.y.push_back(0);
        QCOMPARE(TelemetryChart::extend(grown, TelemetryMetric::utilisation, longer), -1);
    }

    void intervalAdaptsToTheRunsAge_data()
    {
        QTest::addColumn<qint64>("elapsedMs");
        QTest::addColumn<int>("intervalMs");
        QTest::addColumn<int>("stallMs");
        QTest::newRow("start") << qint64(0) << 1000 << 3000;
        QTest::newRow("9 min") << qint64(9 * 60000) << 1000 << 3000;
        QTest::newRow("10 min") << qint64(10 * 60000) << 5000 << 15000;
        QTest::newRow("an hour") << qint64(3600000) << 15000 << 45000;
        QTest::newRow("a week") << qint64(7) * 86400000 << 15000 << 45000;
    }

    void intervalAdaptsToTheRunsAge()
    {
        QFETCH(qint64, elapsedMs);
        QFETCH(int, intervalMs);
        QFETCH(int, stallMs);
        QCOMPARE(TelemetrySchedule::adaptiveIntervalMs(elapsedMs), intervalMs);
        QCOMPARE(TelemetrySchedule::stallTimeoutMs(intervalMs), stallMs);
        QCOMPARE(TelemetrySchedule::stallTimeoutMs(200), 2000); // never under a tool's start-up
    }

    void ownFileRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.tel"));
        const QStringList metrics = TelemetryMetric::all();
        TelemetrySample s;
        s.timeMs = 1764000000123;
        s.device = QStringLiteral("3:1");
        s.values = {{TelemetryMetric::utilisation, 97}, {TelemetryMetric::powerWatts, 612.45}};
        {
            TelemetryAppender a;
            QVERIFY2(a.open(path), qPrintable(a.error()));
            QVERIFY(a.append(
                TelemetryFile::header(QStringLiteral("gpu node"), QStringLiteral("npu-smi info watch"), metrics)
                + TelemetryFile::row(s, metrics)));
        }
        const TelemetryCapture::Result r = TelemetryCapture::read(path, backends());
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.recording.problems, QStringList());
        const TelemetrySeries *back = r.recording.find(QStringLiteral("gpu node"), QStringLiteral("3:1"));
        QVERIFY(back);
        QCOMPARE(back->time(0), s.timeMs);
        QCOMPARE(back->value(TelemetryMetric::powerWatts, 0), 612.45);
        QVERIFY(std::isnan(back->value(TelemetryMetric::temperatureC, 0)));
    }

    void followingReadsWholeLinesAndNoticesAShrink()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.tel"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        f.write(TelemetryFile::header(QStringLiteral("h"), QStringLiteral("t"), {TelemetryMetric::utilisation}));
        f.write("1764000000000\t0\t50\n1764000000000\t1\t5");
        TelemetryCapture capture(path, backends());
        TelemetryRecording recording;
        QString error;
        QVERIFY2(capture.readMore(recording, false, &error), qPrintable(error));
        QCOMPARE(recording.sampleCount, qint64(1)); // the second line is not finished
        QVERIFY(capture.readMore(recording, false, &error));
        QCOMPARE(recording.sampleCount, qint64(1));
        f.write("1\n");
        QVERIFY(capture.readMore(recording, false, &error));
        QCOMPARE(recording.sampleCount, qint64(2));
        QCOMPARE(recording.find(QStringLiteral("h"), QStringLiteral("1"))->value(TelemetryMetric::utilisation, 0),
                 51.0);
        QCOMPARE(recording.problems, QStringList());
        QVERIFY(f.resize(10));
        QVERIFY(!capture.readMore(recording, false, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": shrank from ")), qPrintable(error));
    }

    void appendingEndsACutLineFirst()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("t.tel"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("1764000001000\t0\t5"); // a writer killed mid-line
        f.close();
        TelemetryAppender a;
        QVERIFY2(a.open(path), qPrintable(a.error()));
        QVERIFY(a.append("#next\n"));
        a.close();
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("1764000001000\t0\t5\n#next\n"));
    }

    void appendingRefusesWhatIsNoFile()
    {
        QTemporaryDir dir;
        TelemetryAppender a;
        QVERIFY(!a.open(dir.path()));
        QVERIFY2(a.error().startsWith(dir.path() + QStringLiteral(": ")), qPrintable(a.error()));
    }
};

QTEST_GUILESS_MAIN(TestTelemetry)
#include "tst_telemetry.moc"

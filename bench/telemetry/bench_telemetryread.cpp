// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Reads back a generated portbench-telemetry/1 file of 16 devices sampled every second (what a
// run's recording holds) as the System Charts dock does: the whole read (TelemetryCapture), one
// metric's chart (TelemetryChart::spec) and the flags (TelemetryFlags::compute), each against the
// read floor measured in the same run (the file's lines read and nothing else).
//   bench_telemetryread [--hours N (24)] [--devices N (16)] [--keep]
// A week is 168 hours; the default day is a seventh of it (the times scale with the samples).
#include "core/base/io/inputfile.h"
#include "core/engines/telemetry/telemetrycapture.h"
#include "core/engines/telemetry/telemetrychart.h"
#include "core/engines/telemetry/telemetryfile.h"
#include "core/engines/telemetry/telemetryflags.h"
#include "core/engines/telemetry/telemetrymetric.h"

#include "../common/benchtiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <functional>

namespace {

using namespace BenchTiming;

QTextStream out(stdout);

bool generate(const QString &path, int hours, int devices)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(TelemetryFile::header(QStringLiteral("node1"), QStringLiteral("nvidia-smi --query-gpu"),
                                  TelemetryMetric::all()));
    const qint64 start = 1764000000000;
    QByteArray chunk;
    for (qint64 t = 0; t < qint64(hours) * 3600; ++t) {
        for (int d = 0; d < devices; ++d) {
            TelemetrySample s;
            s.timeMs = start + t * 1000 + d;
            s.device = QString::number(d);
            const double busy = double((t * 7 + d * 13) % 100);
            s.values = {{TelemetryMetric::utilisation, busy},
                        {TelemetryMetric::memoryActivity, double((t + d) % 60)},
                        {TelemetryMetric::memoryPercent, 100.0 * 61234 / 81559},
                        {TelemetryMetric::memoryUsedMiB, 61234},
                        {TelemetryMetric::memoryTotalMiB, 81559},
                        {TelemetryMetric::powerWatts, 300.0 + double(t % 400) / 10},
                        {TelemetryMetric::temperatureC, 60.0 + double(t % 20)},
                        {TelemetryMetric::clockMHz, 1980},
                        {TelemetryMetric::throttled, 0}};
            chunk += TelemetryFile::row(s, TelemetryMetric::all());
        }
        if (chunk.size() > (1 << 20)) {
            f.write(chunk);
            chunk.clear();
        }
    }
    f.write(chunk);
    return true;
}

Timing timed(const std::function<void()> &work)
{
    Timing t;
    QElapsedTimer wall;
    const double cpu0 = cpuSeconds();
    wall.start();
    work();
    t.add(double(wall.nsecsElapsed()) / 1e9, cpuSeconds() - cpu0);
    return t;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int hours = argument(args, QStringLiteral("--hours"), QStringLiteral("24")).toInt();
    const int devices = argument(args, QStringLiteral("--devices"), QStringLiteral("16")).toInt();
    QTemporaryDir dir;
    dir.setAutoRemove(!args.contains(QStringLiteral("--keep")));
    const QString path = dir.filePath(QStringLiteral("week.tel"));
    if (!generate(path, hours, devices)) {
        out << "cannot write " << path << "\n";
        return 1;
    }
    out << "file: " << path << ", " << QFile(path).size() / (1 << 20) << " MiB, " << hours << " h x " << devices
        << " devices at 1 s; load " << loadAverage() << "\n";

    const Timing floor = timed([&] {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        QByteArray line;
        qint64 n = 0;
        while (InputFile::readLine(f, TelemetryCapture::maxLineBytes, line) >= 0)
            ++n;
        out << "  lines: " << n << "\n";
    });
    TelemetryRecording recording;
    const Timing read = timed([&] { recording = TelemetryCapture::read(path, {}).recording; });
    ChartSpec chart;
    const Timing spec = timed([&] { chart = TelemetryChart::spec(recording, TelemetryMetric::utilisation); });
    QList<TelemetryFlag> flags;
    const Timing flagged = timed([&] { flags = TelemetryFlags::compute(recording); });

    const double week = 168.0 / hours;
    const auto line = [&](const char *what, const Timing &t) {
        out << "  " << what << ": " << QString::number(t.wall, 'f', 2) << " s wall, " << QString::number(t.cpu, 'f', 2)
            << " s CPU, " << QString::number(t.wall / floor.wall, 'f', 1) << "x the read floor; a week: ~"
            << QString::number(t.wall * week, 'f', 1) << " s\n";
    };
    line("read floor (lines only)", floor);
    line("TelemetryCapture::read", read);
    line("TelemetryChart::spec(util)", spec);
    line("TelemetryFlags::compute", flagged);
    out << "  " << recording.sampleCount << " samples, " << chart.curves.size() << " curves, " << flags.size()
        << " flags\n";
    return 0;
}

// Parses a generated ~1 GB Megatron log and compares with the read floor (`wc -l`) and with the
// usual shell extraction (awk pulling out the `lm loss` values), all measured in this run.
//   bench_logreader [--size-mb N] [--keep] [--log EXISTING_FILE]
// Each is timed three times (best kept), wall and CPU; the ratios are printed against the targets.
#include "logs/logreader.h"

#include "../common/benchtiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>

#include <cmath>
#include <cstdio>

namespace {

using namespace BenchTiming;

QTextStream out(stdout);

// One Megatron-LM iteration line in the 2024+ layout, with changing values.
int iterationLine(char *buf, size_t size, qint64 it, qint64 total)
{
    const int sec = int(it % 60), min = int((it / 60) % 60), hour = int((it / 3600) % 24);
    const double loss = 2.0 + 8.0 * std::exp(-double(it) / 200000.0) + 0.01 * double(it % 7);
    return std::snprintf(buf, size,
                         " [2024-04-06 %02d:%02d:%02d] iteration %8lld/%8lld | consumed samples: %12lld | "
                         "elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | "
                         "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | "
                         "load_balancing_loss: %.6E | loss scale: 1.0 | grad norm: %.3f | num zeros: 0.0 | "
                         "number of skipped iterations: %3d | number of nan iterations: %3d |\n",
                         hour, min, sec, static_cast<long long>(it), static_cast<long long>(total),
                         static_cast<long long>(it * 128), 5400.0 + double(it % 300), 230.0 + double(it % 20) / 10.0,
                         3e-4 * double(it % 1000) / 1000.0, 128, loss, 1.0 + double(it % 13) / 100.0,
                         1.0 + double(it % 17) / 10.0, 0, 0);
}

QString generate(const QString &dir, qint64 targetBytes, qint64 &iterations)
{
    const QString path = dir + QStringLiteral("/megatron_1g.log");
    FILE *f = std::fopen(QFile::encodeName(path).constData(), "wb");
    if (!f)
        return {};
    std::fputs("------------------------ arguments ------------------------\n", f);
    std::fputs("  seq_length ...................................... 4096\n", f);
    std::fputs("  world_size ...................................... 16\n", f);
    std::fputs("-------------------- end of arguments ---------------------\n", f);
    char buf[1024];
    qint64 written = 0;
    qint64 it = 0;
    const qint64 total = 10000000;
    while (written < targetBytes) {
        ++it;
        int n = iterationLine(buf, sizeof buf, it, total);
        written += std::fwrite(buf, 1, size_t(n), f);
        // Noise as real logs have it: warnings, memory reports, progress bars, other ranks.
        if (it % 10 == 0) {
            n = std::snprintf(buf, sizeof buf, "[rank1]:[W reducer.cpp:1346] Warning: find_unused_parameters=True was "
                                               "specified in DDP constructor, but did not find any unused parameters\n");
            written += std::fwrite(buf, 1, size_t(n), f);
        }
        if (it % 100 == 0) {
            n = std::snprintf(buf, sizeof buf,
                              "[Rank 0] (after %lld iterations) memory (MB) | allocated: 21034.5 | max allocated: "
                              "52018.25 | reserved: 60112.0 | max reserved: 60112.0\n",
                              static_cast<long long>(it));
            written += std::fwrite(buf, 1, size_t(n), f);
        }
        if (it % 1000 == 0) {
            n = std::snprintf(buf, sizeof buf, "saving checkpoint at iteration %8lld to /ckpt\n", static_cast<long long>(it));
            written += std::fwrite(buf, 1, size_t(n), f);
        }
    }
    std::fclose(f);
    iterations = it;
    return path;
}

// Wall seconds; cpu gets the CPU seconds (user + system) the command used.
double timeCommand(const QString &script, double *cpu = nullptr)
{
    const double cpuStart = childCpuSeconds();
    QElapsedTimer t;
    t.start();
    QProcess p;
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    p.waitForFinished(-1);
    if (p.exitCode() != 0)
        out << "  (command failed: " << script << ": " << p.readAllStandardError() << ")\n";
    const double wall = double(t.nsecsElapsed()) / 1e9;
    if (cpu)
        *cpu = childCpuSeconds() - cpuStart;
    return wall;
}

QString shellQuote(const QString &s)
{
    QString q = s;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qint64 sizeMb = argument(args, QStringLiteral("--size-mb"), QStringLiteral("1024")).toLongLong();
    QTemporaryDir dir;
    if (!dir.isValid()) {
        out << "cannot create a temporary directory\n";
        return 2;
    }
    dir.setAutoRemove(!args.contains(QStringLiteral("--keep")));
    qint64 iterations = 0;
    QElapsedTimer gen;
    gen.start();
    const int logArg = int(args.indexOf(QStringLiteral("--log")));
    const QString path = logArg > 0 && logArg + 1 < args.size() ? args.at(logArg + 1)
                                                                : generate(dir.path(), sizeMb * 1024 * 1024, iterations);
    if (path.isEmpty()) {
        out << "cannot write the log\n";
        return 2;
    }
    const qint64 bytes = QFileInfo(path).size();
    out << "log: " << path << ": " << bytes / (1024 * 1024) << " MiB, " << iterations << " iteration lines (generated in "
        << gen.elapsed() / 1000.0 << " s)\n";
    out.flush();

    const QString q = shellQuote(path);
    timeCommand(QStringLiteral("cat %1 > /dev/null").arg(q)); // page cache warm for everyone
    // Best of three for each, interleaved so a burst of load from elsewhere hits all alike.
    constexpr int kRuns = 3;
    Timing wc, awk, parse;
    ParseResult r;
    for (int run = 0; run < kRuns; ++run) {
        double cpu = 0;
        double wall = timeCommand(QStringLiteral("wc -l %1 > /dev/null").arg(q), &cpu);
        wc.add(wall, cpu);
        wall = timeCommand(
            QStringLiteral("awk -F'lm loss: ' 'NF > 1 { split($2, v, \" \"); print v[1] }' %1 > /dev/null").arg(q), &cpu);
        awk.add(wall, cpu);
        r = ParseResult();
        QElapsedTimer t;
        t.start();
        const double cpuStart = cpuSeconds();
        r = LogReader::readFile(path);
        parse.add(double(t.nsecsElapsed()) / 1e9, cpuSeconds() - cpuStart);
        if (!r) {
            out << "parse failed: " << r.error << '\n';
            return 1;
        }
    }
    const double perValue = double(r.run.storageBytes()) / double(r.run.storedValueCount());
    out << "points: " << r.run.pointCount() << ", metrics: " << r.run.metricNames().size()
        << ", stored values: " << r.run.storedValueCount() << ", skipped lines: " << r.skippedCount << '\n';
    out << "threads: " << QThread::idealThreadCount() << ", load average: " << loadAverage() << '\n';
    out << "best of " << kRuns << "     wall (s)   CPU (s)   MB/s (wall)\n";
    auto row = [&](const char *name, const Timing &t) {
        out << QString::asprintf("%-14s %9.3f %9.3f %9.0f\n", name, t.wall, t.cpu, double(bytes) / 1e6 / t.wall);
    };
    row("wc -l", wc);
    row("awk lm loss", awk);
    row("portbench", parse);
    auto verdict = [](bool met) { return met ? "met" : "NOT met"; };
    out << QString::asprintf("speed-up vs awk: %.2fx wall, %.2fx CPU (target >= 5x: %s wall, %s CPU)\n",
                             awk.wall / parse.wall, awk.cpu / parse.cpu, verdict(awk.wall / parse.wall >= 5),
                             verdict(awk.cpu / parse.cpu >= 5));
    out << QString::asprintf("time vs wc -l:   %.2fx wall, %.2fx CPU (target <= 2x: %s wall, %s CPU)\n",
                             parse.wall / wc.wall, parse.cpu / wc.cpu, verdict(parse.wall / wc.wall <= 2),
                             verdict(parse.cpu / wc.cpu <= 2));
    out << "(on a loaded machine wall time mostly measures waiting for a core; CPU time is the steadier figure,\n"
           " but it counts every thread, so a parallel parse shows its gain in wall time only.)\n";
    out << QString::asprintf("bytes per stored value: %.2f (target <= 16: %s)\n", perValue, verdict(perValue <= 16));
    return iterations == 0 || r.run.pointCount() == iterations ? 0 : 1;
}

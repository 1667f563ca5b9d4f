// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Parses a generated ~1 GB Megatron log and compares with the read floor (`wc -l`) and with the
// usual shell extraction (awk pulling out the `lm loss` values), all measured in this run.
// Then the whole `portbench-cli parse` (start-up included) against `grep -c 'lm loss'` and a
// Python regex script extracting step and loss, and `parse --json` / `--csv` (streamed) against
// `parse --summary` in time and peak memory.
//   bench_logreader [--size-mb N] [--shape megatron|generic] [--keep] [--log EXISTING_FILE]
// --shape generic writes NeMo Automodel lines (`step N | epoch E | loss X | …`), which the general
// reader reads; the baselines then search `| loss `.
// Each is timed three times (best kept), wall and CPU; the ratios are printed against the targets.
#include "core/sources/logs/logreader.h"

#include "../common/benchtiming.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <tuple>

#include <cmath>
#include <cstdio>

#include <unistd.h>

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

// One NeMo Automodel step line: a shape no named format reads, so the general reader does.
int genericLine(char *buf, size_t size, qint64 it)
{
    const int sec = int(it % 60), min = int((it / 60) % 60), hour = int((it / 3600) % 24);
    const double loss = 0.6 + 2.0 * std::exp(-double(it) / 200000.0) + 0.01 * double(it % 7);
    return std::snprintf(
        buf, size,
        "2026-08-10 %02d:%02d:%02d | INFO | root | step %lld | epoch %lld | loss %.4f | grad_norm %.4f | "
        "lr %.2e | mem %.2f GiB | tps %.2f(%.2f/gpu) | num_label_tokens %lld\n",
        hour, min, sec, static_cast<long long>(it), static_cast<long long>(it / 100000), loss,
        1.0 + double(it % 13) / 100.0, 1e-5 * double(it % 1000) / 1000.0, 25.0 + double(it % 9),
        6500.0 + double(it % 300), 812.0 + double(it % 40), static_cast<long long>(20000 + it % 9000));
}

// What each log shape is searched for by the shell and Python baselines.
struct Shape
{
    const char *name;
    const char *grep; ///< grep -c pattern of the loss lines
    const char *awk; ///< awk field separator before the loss value
    const char *python; ///< Python regex with step and loss groups
};

constexpr Shape kMegatron{"megatron", "lm loss", "lm loss: ", "iteration\\s+(\\d+)/.*?\\| lm loss: ([-+.0-9eEnaif]+)"};
constexpr Shape kGeneric{"generic", "| loss ", "[|] loss ", "\\| step (\\d+) \\|.*?\\| loss ([-+.0-9eEnaif]+)"};

QString generate(const QString &dir, qint64 targetBytes, qint64 &iterations, const Shape &shape)
{
    const QString path = dir + QStringLiteral("/%1_1g.log").arg(QLatin1String(shape.name));
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
        int n = &shape == &kGeneric ? genericLine(buf, sizeof buf, it) : iterationLine(buf, sizeof buf, it, total);
        written += std::fwrite(buf, 1, size_t(n), f);
        // Noise as real logs have it: warnings, memory reports, progress bars, other ranks.
        if (it % 10 == 0) {
            n = std::snprintf(buf, sizeof buf,
                              "[rank1]:[W reducer.cpp:1346] Warning: find_unused_parameters=True was "
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
            n = std::snprintf(buf, sizeof buf, "saving checkpoint at iteration %8lld to /ckpt\n",
                              static_cast<long long>(it));
            written += std::fwrite(buf, 1, size_t(n), f);
        }
    }
    // On disk before anything is timed: the kernel writing 1 GB back in the background would take
    // CPU from whichever command runs meanwhile.
    std::fflush(f);
    ::fsync(fileno(f));
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

// The command's peak resident memory in MB, from GNU time (Debian package `time`); -1 without it.
double peakMemoryMb(const QString &script, const QString &dir)
{
    static const bool haveTime = QFileInfo::exists(QStringLiteral("/usr/bin/time"));
    if (!haveTime)
        return -1;
    const QString report = dir + QStringLiteral("/peak.txt");
    timeCommand(QStringLiteral("/usr/bin/time -f %M -o %1 /bin/sh -c %2").arg(report, shellQuote(script)));
    QFile f(report);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return f.readAll().trimmed().toDouble() / 1024.0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qint64 sizeMb = argument(args, QStringLiteral("--size-mb"), QStringLiteral("1024")).toLongLong();
    const Shape &shape
        = argument(args, QStringLiteral("--shape"), QStringLiteral("megatron")) == QLatin1String("generic") ? kGeneric
                                                                                                            : kMegatron;
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
    const QString path = logArg > 0 && logArg + 1 < args.size()
        ? args.at(logArg + 1)
        : generate(dir.path(), sizeMb * 1024 * 1024, iterations, shape);
    if (path.isEmpty()) {
        out << "cannot write the log\n";
        return 2;
    }
    const qint64 bytes = QFileInfo(path).size();
    out << "log: " << path << ": " << bytes / (1024 * 1024) << " MiB, " << iterations
        << " iteration lines (generated in " << gen.elapsed() / 1000.0 << " s)\n";
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
        wall = timeCommand(QStringLiteral("awk -F'%1' 'NF > 1 { split($2, v, \" \"); print v[1] }' %2 > /dev/null")
                               .arg(QLatin1String(shape.awk), q),
                           &cpu);
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
    row("awk loss", awk);
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
    out << QString::asprintf("bytes per stored value: %.2f (target <= 8: %s)\n", perValue, verdict(perValue <= 8));
    // The run read in this process is let go before the commands run: every command below starts
    // by forking this process, and a fork copies the page tables of what it holds.
    const int points = r.run.pointCount();
    r = ParseResult();

    // The whole command line as a user runs it: start-up, parse and output included.
    const QString cli = shellQuote(QStringLiteral(PORTBENCH_CLI));
    const QString python = dir.path() + QStringLiteral("/extract.py");
    {
        QFile script(python);
        if (!script.open(QIODevice::WriteOnly)) {
            out << "cannot write " << python << '\n';
            return 2;
        }
        // What a user writes first: a regex per line for step and loss, values kept in lists.
        script.write("import re, sys\n"
                     "pattern = re.compile(r'");
        script.write(shape.python);
        script.write("')\n"
                     "steps, losses = [], []\n"
                     "with open(sys.argv[1], encoding='utf-8', errors='replace') as f:\n"
                     "    for line in f:\n"
                     "        m = pattern.search(line)\n"
                     "        if m:\n"
                     "            steps.append(int(m.group(1)))\n"
                     "            losses.append(float(m.group(2)))\n"
                     "print(len(steps))\n");
    }
    const bool havePython = !QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty();
    Timing grep, py, summary, json, csv;
    for (int run = 0; run < kRuns; ++run) {
        double cpu = 0;
        // Not to /dev/null: GNU grep notices that and stops at the first match.
        double wall
            = timeCommand(QStringLiteral("grep -c '%1' %2 > %3")
                              .arg(QLatin1String(shape.grep), q, shellQuote(dir.path() + QStringLiteral("/count.txt"))),
                          &cpu);
        grep.add(wall, cpu);
        wall = timeCommand(QStringLiteral("%1 parse --summary %2 > /dev/null").arg(cli, q), &cpu);
        summary.add(wall, cpu);
        wall = timeCommand(QStringLiteral("%1 parse --json %2 > /dev/null").arg(cli, q), &cpu);
        json.add(wall, cpu);
        wall = timeCommand(QStringLiteral("%1 parse --csv %2 > /dev/null").arg(cli, q), &cpu);
        csv.add(wall, cpu);
        if (havePython && run == 0) { // ~40 s a run: once is enough for a 10x target
            wall = timeCommand(QStringLiteral("python3 %1 %2 > /dev/null").arg(shellQuote(python), q), &cpu);
            py.add(wall, cpu);
        }
    }
    const double summaryMb = peakMemoryMb(QStringLiteral("%1 parse --summary %2 > /dev/null").arg(cli, q), dir.path());
    const double jsonMb = peakMemoryMb(QStringLiteral("%1 parse --json %2 > /dev/null").arg(cli, q), dir.path());
    const double csvMb = peakMemoryMb(QStringLiteral("%1 parse --csv %2 > /dev/null").arg(cli, q), dir.path());
    out << "\nportbench-cli, start-up included (best of " << kRuns << "; python once)\n";
    out << "                   wall (s)   CPU (s)   peak MB\n";
    auto cliRow = [&](const char *name, const Timing &t, double mb) {
        out << QString::asprintf("%-18s %9.3f %9.3f %9.0f\n", name, t.wall, t.cpu, mb);
    };
    cliRow("grep -c loss", grep, -1);
    if (havePython)
        cliRow("python3 regex", py, -1);
    cliRow("parse --summary", summary, summaryMb);
    cliRow("parse --json", json, jsonMb);
    cliRow("parse --csv", csv, csvMb);
    out << QString::asprintf("parse --summary vs grep -c:  %.2fx wall, %.2fx CPU (target <= 2x: %s wall, %s CPU)\n",
                             summary.wall / grep.wall, summary.cpu / grep.cpu, verdict(summary.wall / grep.wall <= 2),
                             verdict(summary.cpu / grep.cpu <= 2));
    if (havePython)
        out << QString::asprintf(
            "speed-up vs python regex:    %.2fx wall, %.2fx CPU (target >= 10x: %s wall, %s CPU)\n",
            py.wall / summary.wall, py.cpu / summary.cpu, verdict(py.wall / summary.wall >= 10),
            verdict(py.cpu / summary.cpu >= 10));
    else
        out << "speed-up vs python regex: python3 not found\n";
    for (const auto &[name, t, mb] : {std::tuple{"--json", json, jsonMb}, std::tuple{"--csv", csv, csvMb}}) {
        out << QString::asprintf(
            "parse %-6s vs --summary:   %.2fx wall (target <= 4x: %s), %.2fx peak memory (target <= 1.5x: %s)\n", name,
            t.wall / summary.wall, verdict(t.wall / summary.wall <= 4), mb / summaryMb,
            mb > 0 && summaryMb > 0 ? verdict(mb / summaryMb <= 1.5) : "no /usr/bin/time");
    }
    return iterations == 0 || points == iterations ? 0 : 1;
}

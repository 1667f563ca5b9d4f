// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Parity of two 2 M-step runs next to the time LogReader takes to parse the same runs from
// Megatron-format logs. Target: parity ≤ 0.1 s.
#include "core/sources/logs/logreader.h"
#include "core/base/model/metricnames.h"
#include "core/base/model/runmetrics.h"
#include "core/engines/parity/parityengine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>

#include <cmath>
#include <ctime>

namespace {

/// CPU seconds of this process: on a shared build machine wall time mostly measures the neighbours.
double cpuSeconds()
{
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

/// Writes a Megatron iteration log: noisy loss curve, grad norm, constant lr, ms per step.
bool writeLog(const QString &path, qint64 steps, double msPerStep, quint32 seed)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    QRandomGenerator rng(seed);
    QByteArray chunk;
    for (qint64 s = 1; s <= steps; ++s) {
        const double noise = 1.0 + 0.004 * (2.0 * rng.generateDouble() - 1.0);
        chunk += QByteArray(" iteration ") + QByteArray::number(s) + '/' + QByteArray::number(steps)
            + " | elapsed time per iteration (ms): " + QByteArray::number(msPerStep * noise, 'f', 1)
            + " | learning rate: 3.000000E-04 | global batch size:   128 | lm loss: "
            + QByteArray::number((2.0 + 8.0 * std::exp(-double(s) / 20000.0)) * noise, 'E', 6)
            + " | grad norm: " + QByteArray::number(1.0 + 0.1 * rng.generateDouble(), 'f', 3) + " |\n";
        if (chunk.size() > (1 << 20)) {
            file.write(chunk);
            chunk.clear();
        }
    }
    file.write(chunk);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const qint64 steps = argc > 1 ? QByteArray(argv[1]).toLongLong() : 2'000'000;

    QTemporaryDir dir;
    const QString cudaLog = dir.filePath(QStringLiteral("cuda.log"));
    const QString npuLog = dir.filePath(QStringLiteral("npu.log"));
    if (!writeLog(cudaLog, steps, 100.0, 1) || !writeLog(npuLog, steps, 400.0, 2)) {
        out << "cannot write the logs to " << dir.path() << '\n';
        return 1;
    }
    QElapsedTimer timer;
    timer.start();
    double cpu = cpuSeconds();
    const ParseResult parsedA = LogReader::readFile(cudaLog);
    const ParseResult parsedB = LogReader::readFile(npuLog);
    const double parseS = timer.nsecsElapsed() / 1e9;
    const double parseCpu = cpuSeconds() - cpu;
    if (!parsedA || !parsedB) {
        out << parsedA.error << parsedB.error << '\n';
        return 1;
    }
    const RunMetrics &a = parsedA.run;
    const RunMetrics &b = parsedB.run;

    const ParityEngine engine{ParityOptions()};
    double best = 1e9, bestCpu = 1e9;
    ParityResult result;
    for (int i = 0; i < 5; ++i) {
        timer.restart();
        cpu = cpuSeconds();
        result = engine.compare(a, {&b});
        best = std::min(best, timer.nsecsElapsed() / 1e9);
        bestCpu = std::min(bestCpu, cpuSeconds() - cpu);
    }
    const ParityResult::Candidate &c = result.candidates.at(0);
    out << "runs: 2 x " << steps << " steps (Megatron logs, " << a.metricNames().size() << " metrics each)\n"
        << "parse both logs:      " << parseS << " s wall, " << parseCpu << " s CPU\n"
        << "parity (best of 5):   " << best << " s wall, " << bestCpu << " s CPU  (target <= 0.1 s)\n"
        << "parity / parse (CPU): " << bestCpu / parseCpu << "\n"
        << "verdict " << ParityResult::verdictName(result.verdict) << ", " << c.commonSteps << " common steps, "
        << "throughput ratio " << c.throughput.ratio << '\n';
    return 0;
}

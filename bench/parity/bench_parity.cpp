// Parity of two 2 M-step runs against the time to build the same runs. Target: parity ≤ 0.1 s.
#include "model/metricnames.h"
#include "model/run.h"
#include "parity/parityengine.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
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

Run makeRun(const QString &name, qint64 steps, double msPerStep, quint32 seed)
{
    QRandomGenerator rng(seed);
    Run run;
    run.name = name;
    run.reserve(int(steps));
    for (qint64 s = 1; s <= steps; ++s) {
        const int p = run.appendPoint(s);
        const double noise = 1.0 + 0.004 * (2.0 * rng.generateDouble() - 1.0);
        run.setValue(p, MetricNames::lmLoss, (2.0 + 8.0 * std::exp(-double(s) / 20000.0)) * noise);
        run.setValue(p, MetricNames::gradNorm, 1.0 + 0.1 * rng.generateDouble());
        run.setValue(p, MetricNames::learningRate, 3e-4);
        run.setValue(p, MetricNames::elapsedMs, msPerStep * noise);
    }
    return run;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const qint64 steps = argc > 1 ? QByteArray(argv[1]).toLongLong() : 2'000'000;

    QElapsedTimer timer;
    timer.start();
    double cpu = cpuSeconds();
    const Run a = makeRun(QStringLiteral("cuda"), steps, 100.0, 1);
    const Run b = makeRun(QStringLiteral("npu"), steps, 400.0, 2);
    const double buildS = timer.nsecsElapsed() / 1e9;
    const double buildCpu = cpuSeconds() - cpu;

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
    out << "runs: 2 x " << steps << " steps, 4 metrics each\n"
        << "build both runs in memory: " << buildS << " s wall, " << buildCpu << " s CPU\n"
        << "parity (best of 5):        " << best << " s wall, " << bestCpu << " s CPU  (target <= 0.1 s)\n"
        << "parity / build (CPU):      " << bestCpu / buildCpu << "\n"
        << "verdict " << ParityResult::verdictName(result.verdict) << ", " << c.commonSteps << " common steps, "
        << "throughput ratio " << c.throughput.ratio << '\n';
    return 0;
}

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

// Tokens/s of the built-in reference model in libtorch against the same model, settings and thread
// count in Python torch (Debian python3-torch), measured on this CPU in the same run. The Python side
// is the stack check's workload (resources/stackcheck/stackcheck.py, the one Python home of the
// model): its per-step tokens/s are read from the JSONL log it writes.
//   bench_reference_throughput [--steps N] [--threads N] [--precision fp32|bf16] [--python /usr/bin/python3]
#include "referencetrainer.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>

namespace {

constexpr int warmSteps = 5; // excluded on both sides: allocator and thread-pool start-up

QString option(const QStringList &args, const QString &name, const QString &fallback)
{
    const int i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments();
    TrainConfig config; // the demo's model: 2 layers, width 64, 4 heads, context 64, batch 16
    config.steps = option(args, QStringLiteral("--steps"), QStringLiteral("60")).toInt();
    config.threads = option(args, QStringLiteral("--threads"), QStringLiteral("1")).toInt();
    config.precision = option(args, QStringLiteral("--precision"), QStringLiteral("fp32"));
    config.evalInterval = 0;
    const QString python = option(args, QStringLiteral("--python"), QStringLiteral("/usr/bin/python3"));
    if (config.steps <= warmSteps) {
        out << "--steps must be more than " << warmSteps << '\n';
        return 2;
    }

    // libtorch: per-step times from the log callback, after the same warm-up the script skips.
    double timed = 0;
    const double tokensPerStep = double(config.batchSize) * config.context;
    const TrainOutcome outcome = ReferenceTrainer(config).run([&](const TrainStep &s) {
        if (s.step > warmSteps)
            timed += tokensPerStep / s.tokensPerSecond;
    });
    if (!outcome) {
        out << "libtorch run failed: " << outcome.error << '\n';
        return 1;
    }
    const double libtorchTps = tokensPerStep * (config.steps - warmSteps) / timed;

    QTemporaryDir dir;
    const QString log = dir.filePath(QStringLiteral("python.jsonl"));
    QProcess p;
    p.start(python,
            {QStringLiteral(PORTBENCH_STACKCHECK_SCRIPT), QStringLiteral("--device"), QStringLiteral("cpu"),
             QStringLiteral("--steps"), QString::number(config.steps), QStringLiteral("--threads"),
             QString::number(config.threads), QStringLiteral("--precision"), config.precision, QStringLiteral("--log"),
             log});
    QFile logFile(log);
    if (!p.waitForFinished(-1) || p.exitCode() != 0 || !logFile.open(QIODevice::ReadOnly)) {
        out << "Python torch run failed (" << python
            << ", Debian package python3-torch): " << QString::fromUtf8(p.readAllStandardError()) << '\n';
        return 1;
    }
    // The same warm-up skipped and the same per-step timing (the step's wall time, eval excluded).
    double pythonTimed = 0;
    qint64 pythonParams = 0;
    QString pythonTorch;
    for (const QByteArray &line : logFile.readAll().split('\n')) {
        const QJsonObject r = QJsonDocument::fromJson(line).object();
        if (r.value(QStringLiteral("step")).toInt() > warmSteps)
            pythonTimed += tokensPerStep / r.value(QStringLiteral("tokens_per_s")).toDouble();
        if (r.value(QStringLiteral("event")) == QLatin1String("start"))
            pythonTorch
                = r.value(QStringLiteral("environment")).toObject().value(QStringLiteral("torch_version")).toString();
        if (r.value(QStringLiteral("event")) == QLatin1String("end"))
            pythonParams
                = r.value(QStringLiteral("summary")).toObject().value(QStringLiteral("parameters")).toInteger();
    }
    const double pythonTps = tokensPerStep * (config.steps - warmSteps) / pythonTimed;

    out << "Reference model: " << config.layers << " layers, width " << config.width << ", " << config.heads
        << " heads, context " << config.context << ", batch " << config.batchSize << ", " << config.precision << ", "
        << config.threads << " threads, " << config.steps << " steps (first " << warmSteps << " not timed)\n";
    out << "  parameters       libtorch " << outcome.parameterCount << "   python " << pythonParams
        << (pythonParams == outcome.parameterCount ? "   (same model)" : "   (MODELS DIFFER)") << '\n';
    out << "  tokens/s         libtorch " << QString::number(libtorchTps, 'f', 0) << "   python torch "
        << QString::number(pythonTps, 'f', 0) << " (" << pythonTorch << ")\n";
    out << "  ratio libtorch / python: " << QString::number(libtorchTps / pythonTps, 'f', 2) << "x (target >= 1.0x)\n";
    return pythonParams == outcome.parameterCount ? 0 : 1;
}

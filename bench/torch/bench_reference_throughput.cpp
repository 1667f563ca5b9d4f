// Tokens/s of the built-in reference model in libtorch against the same model, settings and thread
// count in Python torch (Debian python3-torch), measured on this CPU in the same run.
//   bench_reference_throughput [--steps N] [--threads N] [--precision fp32|bf16] [--python /usr/bin/python3]
#include "referencetrainer.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
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

    QProcess p;
    p.start(python, {QStringLiteral(PORTBENCH_BENCH_SCRIPT), QStringLiteral("--corpus"), QStringLiteral(PORTBENCH_CORPUS),
                     QStringLiteral("--steps"), QString::number(config.steps), QStringLiteral("--warm"),
                     QString::number(warmSteps), QStringLiteral("--threads"), QString::number(config.threads),
                     QStringLiteral("--precision"), config.precision, QStringLiteral("--seed"), QString::number(config.seed)});
    if (!p.waitForFinished(-1) || p.exitCode() != 0) {
        out << "Python torch run failed (" << python << ", Debian package python3-torch): "
            << QString::fromUtf8(p.readAllStandardError()) << '\n';
        return 1;
    }
    const QJsonObject py = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
    const double pythonTps = py.value(QStringLiteral("tokens_per_s")).toDouble();
    const qint64 pythonParams = py.value(QStringLiteral("parameters")).toInteger();

    out << "Reference model: " << config.layers << " layers, width " << config.width << ", " << config.heads
        << " heads, context " << config.context << ", batch " << config.batchSize << ", " << config.precision << ", "
        << config.threads << " threads, " << config.steps << " steps (first " << warmSteps << " not timed)\n";
    out << "  parameters       libtorch " << outcome.parameterCount << "   python " << pythonParams
        << (pythonParams == outcome.parameterCount ? "   (same model)" : "   (MODELS DIFFER)") << '\n';
    out << "  tokens/s         libtorch " << QString::number(libtorchTps, 'f', 0) << "   python torch "
        << QString::number(pythonTps, 'f', 0) << " (" << py.value(QStringLiteral("torch")).toString() << ")\n";
    out << "  ratio libtorch / python: " << QString::number(libtorchTps / pythonTps, 'f', 2) << "x (target >= 1.0x)\n";
    return pythonParams == outcome.parameterCount ? 0 : 1;
}

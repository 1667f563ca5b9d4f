// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "demoplan.h"

#include "core/base/io/inputfile.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

QString DemoPlan::sideName(Side side)
{
    return side == Side::Baseline ? QStringLiteral("baseline") : QStringLiteral("candidate");
}

TrainConfig DemoPlan::defaultConfig()
{
    TrainConfig config;
    config.steps = 300;
    // A gentler schedule than `train`'s (3e-3 reached at step 30): there the loss bumps right
    // after warm-up and bf16 departs by 2.6 % at step 32, one step in 300 beyond Ascend's 2 %,
    // which its 99.9 % rule fails. Parity is judged on stable training (docs/reference-run.md).
    config.learningRate = 2e-3;
    config.warmupSteps = 60;
    return config;
}

DemoPlan DemoPlan::make(const TrainConfig &config, const QString &outputDir)
{
    DemoPlan plan;
    plan.baseline = config;
    plan.baseline.dropout = 0.0;
    plan.baseline.precision = QStringLiteral("fp32");
    plan.candidate = plan.baseline;
    plan.candidate.precision = QStringLiteral("bf16");
    plan.outputDir = outputDir;
    return plan;
}

QString DemoPlan::newOutputDir(const QString &parent, const QString &stem)
{
    const QDir dir(parent);
    const QString dated
        = stem + QLatin1Char('-') + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString name = dated;
    for (int n = 2; QFileInfo::exists(dir.filePath(name)); ++n)
        name = dated + QLatin1Char('-') + QString::number(n);
    return dir.filePath(name);
}

bool DemoPlan::candidateEmulatesBf16(const TrainConfig &candidate, QByteArrayView cpuinfo)
{
    if (candidate.device != QLatin1String("cpu") || cpuinfo.isEmpty())
        return false;
    // Every processor's "flags" line lists the same features; one is enough.
    qsizetype at = 0;
    while (at < cpuinfo.size()) {
        qsizetype end = cpuinfo.indexOf('\n', at);
        if (end < 0)
            end = cpuinfo.size();
        const QByteArrayView line = cpuinfo.sliced(at, end - at);
        at = end + 1;
        if (!line.startsWith("flags"))
            continue;
        for (const QByteArrayView flag : {QByteArrayView(" avx512_bf16"), QByteArrayView(" amx_bf16")}) {
            const qsizetype found = line.indexOf(flag);
            const qsizetype after = found + flag.size();
            if (found >= 0 && (after == line.size() || line[after] == ' '))
                return false;
        }
        return true;
    }
    return false; // no flags line: not an x86 cpuinfo this knows
}

bool DemoPlan::candidateEmulatesBf16(const TrainConfig &candidate)
{
    const InputFile::Result cpuinfo
        = InputFile::read(QStringLiteral("/proc/cpuinfo"), InputFile::textCaptureLimit, QStringLiteral("cpuinfo"));
    return cpuinfo && candidateEmulatesBf16(candidate, cpuinfo.bytes);
}

QString DemoPlan::baselineLog() const
{
    return QDir(outputDir).filePath(QStringLiteral("baseline-fp32.jsonl"));
}

QString DemoPlan::candidateLog() const
{
    return QDir(outputDir).filePath(QStringLiteral("candidate-bf16.jsonl"));
}

QString DemoPlan::createOutputDir() const
{
    const QFileInfo info(outputDir);
    if (info.exists() && !info.isDir())
        return QStringLiteral("%1: exists and is not a folder").arg(outputDir);
    if (!QDir().mkpath(outputDir))
        return QStringLiteral("%1: cannot create the folder").arg(outputDir);
    return {};
}

TrainConfig DemoPlan::shortenedForEmulatedBf16(const TrainConfig &config, bool keepWarmup)
{
    TrainConfig shorter = config;
    shorter.steps = qMin(config.steps, emulatedBf16Steps);
    if (!keepWarmup && config.steps > 0)
        shorter.warmupSteps = int(qint64(config.warmupSteps) * shorter.steps / config.steps);
    return shorter;
}

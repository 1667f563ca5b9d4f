// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "cudabackend.h"

#include "core/base/exec/commandrunner.h"
#include "core/sources/env/vendortoolcheck.h"
#include "core/sources/env/versionnumber.h"
#include "nvidiasmiparser.h"
#include "nvidiasmitelemetryreader.h"
#include "core/sources/topology/matrixtopologyparser.h"

#include <QFile>
#include <QRegularExpression>

BackendInfo CudaBackend::info() const
{
    return {
        QStringLiteral("cuda"),       QStringLiteral("NVIDIA CUDA"), QStringLiteral("cuda"),
        QStringLiteral(""),           QStringLiteral("nccl"),        QStringLiteral("CUDA_VISIBLE_DEVICES"),
        QStringLiteral("nvidia-smi"),
    };
}

QByteArray CudaBackend::portingRules() const
{
    QFile rules(QStringLiteral(":/backend_cuda/portingrules.json"));
    return rules.open(QIODevice::ReadOnly) ? rules.readAll() : QByteArray();
}

QByteArray CudaBackend::backendProfile() const
{
    QFile profile(QStringLiteral(":/backend_cuda/backendprofile.json"));
    return profile.open(QIODevice::ReadOnly) ? profile.readAll() : QByteArray();
}

QByteArray CudaBackend::compatibilityRows() const
{
    return {}; // CUDA is torch's own device: no extension to pair with a toolkit
}

DeviceInventory CudaBackend::parseDevices(const QByteArray &toolOutput) const
{
    return NvidiaSmiParser::parse(toolOutput);
}

QStringList CudaBackend::topologyCommand() const
{
    return {QStringLiteral("nvidia-smi"), QStringLiteral("topo"), QStringLiteral("-m")};
}

Topology CudaBackend::parseTopology(const QByteArray &toolOutput) const
{
    return MatrixTopologyParser(QStringLiteral("nvidia-smi topo -m"), QStringList{QStringLiteral("GPU")})
        .parse(toolOutput);
}

QStringList CudaBackend::telemetryCommand(int intervalMs) const
{
    return {QStringLiteral("nvidia-smi"),
            QStringLiteral("--query-gpu=") + NvidiaSmiTelemetryReader::queryFields.join(QLatin1Char(',')),
            QStringLiteral("--format=csv,noheader,nounits"), QStringLiteral("-lms"), QString::number(intervalMs)};
}

bool CudaBackend::recognisesTelemetry(QByteArrayView head) const
{
    return NvidiaSmiTelemetryReader::recognises(head);
}

std::unique_ptr<TelemetryReader> CudaBackend::createTelemetryReader() const
{
    return std::make_unique<NvidiaSmiTelemetryReader>();
}

BackendProbe CudaBackend::probe(const CommandRunner &runner, const ProbeOptions &options) const
{
    using S = EnvCheck::Status;
    BackendProbe p;
    p.backendId = info().id;
    const CommandResult smi = VendorToolCheck::run(
        runner, {QStringLiteral("nvidia-smi")},
        {QStringLiteral("cuda.driver"), QStringLiteral("NVIDIA driver (nvidia-smi)"),
         QStringLiteral("an NVIDIA GPU with its driver"),
         QStringLiteral("No NVIDIA GPU here; install the driver if there is one"),
         QStringLiteral("Reload the driver (a kernel update without a driver rebuild is the usual cause)")},
        p);
    if (!smi.ok())
        return p;
    p.inventory = NvidiaSmiParser::parse(smi.out);
    p.versions.insert(QStringLiteral("driver"), p.inventory.driverVersion);
    p.versions.insert(QStringLiteral("cuda"), p.inventory.runtimeVersion);
    p.checks << EnvCheck::make(
        QStringLiteral("cuda.driver"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "NVIDIA driver (nvidia-smi)")),
        p.inventory ? S::Ok : S::Fail,
        p.inventory ? QStringLiteral("driver %1, CUDA ≤ %2").arg(p.inventory.driverVersion, p.inventory.runtimeVersion)
                    : p.inventory.error);
    p.checks << EnvCheck::make(QStringLiteral("cuda.devices"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "GPUs")),
                               p.inventory.devices.isEmpty() ? S::Fail : S::Ok, p.inventory.summary(),
                               QStringLiteral("at least one GPU"));

    // torch's CUDA build must not be newer than what the driver supports.
    const PythonEnvironment &py = options.python;
    if (py.has(QStringLiteral("torch"))) {
        if (py.torchCuda.isEmpty())
            p.checks << EnvCheck::make(
                QStringLiteral("cuda.torch_cuda"),
                QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "torch built with CUDA")), S::Fail,
                QStringLiteral("torch %1 is a CPU-only build").arg(py.moduleVersion(QStringLiteral("torch"))),
                QStringLiteral("a CUDA build (+cu1xx)"),
                QStringLiteral("pip install torch --index-url https://download.pytorch.org/whl/cu121"));
        else {
            const bool fits = p.inventory.runtimeVersion.isEmpty()
                || VersionNumber::compare(py.torchCuda, p.inventory.runtimeVersion) <= 0;
            p.checks << EnvCheck::make(
                QStringLiteral("cuda.torch_cuda"),
                QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "torch CUDA vs driver")), fits ? S::Ok : S::Fail,
                QStringLiteral("torch CUDA %1, driver supports ≤ %2").arg(py.torchCuda, p.inventory.runtimeVersion),
                QStringLiteral("torch CUDA ≤ driver CUDA"),
                fits ? QString()
                     : QStringLiteral("Upgrade the driver or install a torch built for CUDA %1")
                           .arg(p.inventory.runtimeVersion));
        }
        p.checks << EnvCheck::make(
            QStringLiteral("cuda.nccl"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "NCCL in torch")),
            py.torchNccl.isEmpty() ? S::Skipped : S::Ok,
            py.torchNccl.isEmpty() ? QStringLiteral("not reported") : QStringLiteral("NCCL %1").arg(py.torchNccl));
    }

    // A toolkit installed but off PATH is the "hidden CUDA path" that breaks extension builds.
    const CommandResult nvcc
        = runner.runShell(QStringLiteral("command -v nvcc; nvcc --version 2>/dev/null | grep -o 'release [0-9.]*'; ls "
                                         "-d /usr/local/cuda /usr/local/cuda-* 2>/dev/null; true"));
    const QString out = QString::fromUtf8(nvcc.out);
    static const QRegularExpression release(QStringLiteral("release ([0-9.]+)"));
    const QString nvccVersion = release.match(out).captured(1);
    const QString cudaHome = options.environment.value(QStringLiteral("CUDA_HOME"),
                                                       options.environment.value(QStringLiteral("CUDA_PATH")));
    if (!nvccVersion.isEmpty()) {
        p.versions.insert(QStringLiteral("nvcc"), nvccVersion);
        p.checks << EnvCheck::make(
            QStringLiteral("cuda.toolkit"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "CUDA toolkit (nvcc)")),
            S::Ok,
            QStringLiteral("nvcc %1 at %2%3")
                .arg(nvccVersion, out.section(QLatin1Char('\n'), 0, 0),
                     cudaHome.isEmpty() ? QString() : QStringLiteral(", CUDA_HOME=%1").arg(cudaHome)));
    } else {
        const QStringList dirs
            = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).filter(QStringLiteral("/usr/local/cuda"));
        p.checks << EnvCheck::make(
            QStringLiteral("cuda.toolkit"), QString::fromUtf8(QT_TRANSLATE_NOOP("EnvCheck", "CUDA toolkit (nvcc)")),
            dirs.isEmpty() ? S::Skipped : S::Warn,
            dirs.isEmpty() ? QStringLiteral("no nvcc (fine unless extensions are compiled)")
                           : QStringLiteral("%1 exists but nvcc is not on PATH").arg(dirs.first()),
            QStringLiteral("nvcc on PATH when building CUDA extensions (apex, flash-attn, DeepSpeed ops)"),
            dirs.isEmpty()
                ? QString()
                : QStringLiteral(
                      "export CUDA_HOME=%1 PATH=$CUDA_HOME/bin:$PATH LD_LIBRARY_PATH=$CUDA_HOME/lib64:$LD_LIBRARY_PATH")
                      .arg(dirs.first()));
    }
    return p;
}

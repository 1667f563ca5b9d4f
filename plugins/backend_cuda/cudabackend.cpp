#include "cudabackend.h"

#include <QFile>

BackendInfo CudaBackend::info() const
{
    return {
        QStringLiteral("cuda"),
        QStringLiteral("NVIDIA CUDA"),
        QStringLiteral("cuda"),
        QStringLiteral(""),
        QStringLiteral("nccl"),
        QStringLiteral("CUDA_VISIBLE_DEVICES"),
        QStringLiteral("nvidia-smi"),
    };
}

QByteArray CudaBackend::portingRules() const
{
    QFile rules(QStringLiteral(":/backend_cuda/portingrules.json"));
    return rules.open(QIODevice::ReadOnly) ? rules.readAll() : QByteArray();
}

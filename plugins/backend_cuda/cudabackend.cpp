#include "cudabackend.h"

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

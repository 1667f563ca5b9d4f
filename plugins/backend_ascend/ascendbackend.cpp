#include "ascendbackend.h"

BackendInfo AscendBackend::info() const
{
    return {
        QStringLiteral("npu"),
        QStringLiteral("Huawei Ascend NPU"),
        QStringLiteral("npu"),
        QStringLiteral("torch_npu"),
        QStringLiteral("hccl"),
        QStringLiteral("ASCEND_RT_VISIBLE_DEVICES"),
        QStringLiteral("npu-smi"),
    };
}

#include "ascendbackend.h"

#include <QFile>

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

QByteArray AscendBackend::portingRules() const
{
    QFile rules(QStringLiteral(":/backend_ascend/portingrules.json"));
    return rules.open(QIODevice::ReadOnly) ? rules.readAll() : QByteArray();
}

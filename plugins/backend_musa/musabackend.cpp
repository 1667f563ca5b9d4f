#include "musabackend.h"

BackendInfo MusaBackend::info() const
{
    return {
        QStringLiteral("musa"),
        QStringLiteral("Moore Threads MUSA"),
        QStringLiteral("musa"),
        QStringLiteral("torch_musa"),
        QStringLiteral("mccl"),
        QStringLiteral("MUSA_VISIBLE_DEVICES"),
        QStringLiteral("mthreads-gmi"),
    };
}

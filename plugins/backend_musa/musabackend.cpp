#include "musabackend.h"

#include <QFile>

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

QByteArray MusaBackend::portingRules() const
{
    QFile rules(QStringLiteral(":/backend_musa/portingrules.json"));
    return rules.open(QIODevice::ReadOnly) ? rules.readAll() : QByteArray();
}

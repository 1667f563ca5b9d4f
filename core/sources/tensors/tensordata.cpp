// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "core/sources/tensors/tensordata.h"

#include <QStringList>

bool TensorData::isFloatingPoint() const
{
    return dtype.startsWith(QLatin1String("float")) || dtype == QLatin1String("bfloat16")
        || dtype == QLatin1String("half") || dtype == QLatin1String("double");
}

QString TensorData::shapeText() const
{
    QStringList dims;
    for (qint64 d : shape)
        dims.append(QString::number(d));
    return QLatin1Char('[') + dims.join(QLatin1String(", ")) + QLatin1Char(']');
}

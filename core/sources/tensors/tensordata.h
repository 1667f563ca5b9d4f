// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QVector>

#include <vector>

/// One named tensor from a dump, widened to double so every dtype compares with the same code.
/// The original dtype is kept as text in PyTorch's spelling ("float32", "bfloat16", "int64", ...).
struct TensorData
{
    /// The largest tensor read (docs/limits.md): 2^28 elements, 2 GiB once widened to double. A
    /// larger (or stride-0 expanded) tensor is refused with this number in the message.
    static constexpr qint64 maxElements = qint64(1) << 28;
    /// Total tensor file size read (docs/limits.md); a dump is read whole.
    static constexpr qint64 maxFileBytes = qint64(8) << 30;

    QString name;
    QString dtype;
    QVector<qint64> shape;
    std::vector<double> values; ///< row-major, shape's product elements

    bool isFloatingPoint() const;
    QString shapeText() const; ///< "[4, 16]", "[]" for a scalar
};

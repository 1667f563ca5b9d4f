#pragma once

#include <QString>
#include <QVector>

#include <vector>

/// One named tensor from a dump, widened to double so every dtype compares with the same code.
/// The original dtype is kept as text in PyTorch's spelling ("float32", "bfloat16", "int64", ...).
struct TensorData
{
    QString name;
    QString dtype;
    QVector<qint64> shape;
    std::vector<double> values; ///< row-major, shape's product elements

    bool isFloatingPoint() const;
    QString shapeText() const; ///< "[4, 16]", "[]" for a scalar
};

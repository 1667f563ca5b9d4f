// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/engines/charts/chartcurve.h"

#include <QString>
#include <QVector>

class QIODevice;

/// Writes chart data as CSV at full resolution — every point of every curve, never the decimated
/// points on screen. One row per point (long format, so runs with different steps share a file):
///     series,piece,step,<x axis>,value,smoothed
/// Logged NaN/inf are written as nan/inf/-inf; `smoothed` is empty when smoothing is off.
class ChartCsvWriter
{
public:
    struct Result
    {
        qint64 rows = 0;
        QString error;
        explicit operator bool() const { return error.isEmpty(); }
    };

    static Result write(QIODevice &device, const QVector<ChartCurve> &curves, const QString &xColumn);
    /// Writes through SafeFileWriter: complete or absent, an existing file kept as `path.bak`.
    static Result writeFile(const QString &path, const QVector<ChartCurve> &curves, const QString &xColumn);
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/sources/tensors/tensordata.h"

#include <QString>
#include <QVector>

/// The tensors of one dump (a file, or a folder of files), in file order, or why it could not be read.
struct TensorFile
{
    QString path;
    QVector<TensorData> tensors;
    QString error; ///< names the file (and field) that failed; empty on success

    explicit operator bool() const { return error.isEmpty(); }
};

// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/deviceinventory.h"

#include <QByteArray>

/// Reads `nvidia-smi` output: the default table (old `Driver Version`/`CUDA Version` banner and
/// the newer `KMD Version`/`CUDA UMD Version` one) and `--query-gpu=... --format=csv[,noheader][,nounits]`.
class NvidiaSmiParser
{
public:
    static DeviceInventory parse(const QByteArray &data);

private:
    static DeviceInventory parseCsv(const QStringList &lines);
    static DeviceInventory parseTable(const QStringList &lines);
};

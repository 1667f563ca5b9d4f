// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/deviceinventory.h"

#include <QByteArray>
#include <QMap>

/// Reads `npu-smi info` and its `-t board|health|usages|ecc` key/value sub-commands.
///
/// The device table pairs two lines per chip. Its second header line says what the second number
/// of a chip's row is: `Chip` (910B: chip index only; the device id is the NPU id), `Chip Device`
/// (310P/310B: the logical device id) or `Chip Phy-ID` (Atlas A3: two chips per NPU, the
/// physical chip id is what torch_npu numbers); npu-smi 25.7+ on Ascend 950 puts the NPU id in a
/// column of its own (`NPU ID | Name | Health`) with one chip per NPU. Memory is HBM where an
/// HBM-Usage column exists, otherwise Memory-Usage (DDR on 310 cards). The 310P prints no version
/// box; a process table may follow the devices and is ignored; a capture cut after a chip's first
/// line keeps the chip without memory and says so.
class NpuSmiParser
{
public:
    static DeviceInventory parse(const QByteArray &data);
    /// `\tKey   : value` lines of `npu-smi info -t board` etc.
    static QMap<QString, QString> parseKeyValues(const QByteArray &data);
};

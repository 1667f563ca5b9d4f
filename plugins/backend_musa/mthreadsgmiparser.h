// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/base/device/deviceinventory.h"

#include <QByteArray>

/// Reads the `mthreads-gmi` device table: the `mthreads-gmi:VER  Driver Version:VER` banner and one
/// three-line block per GPU (`ID Name |PCIe |%GPU Mem` with memory as `used(total)`); the process
/// table after `Processes:` is ignored.
class MthreadsGmiParser
{
public:
    static DeviceInventory parse(const QByteArray &data);
};
